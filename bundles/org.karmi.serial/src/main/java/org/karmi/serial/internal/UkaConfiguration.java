package org.karmi.serial.internal;

import org.karmi.serial.UkaConfig;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the {@code uka} serializer (PID {@value UkaSerializerComponent#PID}); each
 * key not configured falls back to the framework or system property
 * {@code karmi.serial.uka.<key>} ({@code allow} also to {@code karmi.serial.allow}), then to the
 * defaults of {@link UkaConfig}.
 */
@ObjectClassDefinition(name = "KaRMI uka serializer",
        description = "Limits of the UKA-serialization and the classes it may instantiate besides the remote "
                + "interfaces' declared types and harmless JDK values")
@interface UkaConfiguration {

    @AttributeDefinition(description = "Deepest object nesting written or read; deeper graphs fail the call", min = "1")
    int maxDepth() default UkaConfig.DEFAULT_MAX_DEPTH;

    @AttributeDefinition(description = "Most objects (and array elements) one stream reads", min = "1")
    int maxObjects() default UkaConfig.DEFAULT_MAX_OBJECTS;

    @AttributeDefinition(description = "Most distinct classes one stream names", min = "1")
    int maxTypes() default UkaConfig.DEFAULT_MAX_TYPES;

    @AttributeDefinition(description = "Classes calls may carry besides the declared types: org.acme.Order, "
            + "org.acme.* (package), org.acme.** (sub-packages too); a comma list or several values",
            required = false)
    String[] allow();
}
