package org.karmi.codegen.marshal;

import java.io.IOException;
import java.io.Writer;
import java.util.Set;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Generates, at compile time, an explicit UKA marshaller for every class annotated
 * {@code @org.karmi.serial.spi.Marshalled}: {@code <binary name>$$KarmiMarshaller} in the same
 * package, which writes the fields straight into the stream's buffer and produces the same
 * bytes as the run-time marshaller (the runtime finds it by that name through the class's own
 * loader). The annotation is matched by name, so this module does not depend on
 * {@code org.karmi.serial}; the compilation that uses it must have {@code org.karmi.serial} on
 * its class path. A class the processor cannot handle (hooks, Externalizable, private, ...) is
 * reported as an error on the class.
 *
 * <p>Threading: one instance per compilation, used by the compiler's thread.
 */
public final class MarshallerProcessor extends AbstractProcessor {

    /** Name of the annotation processed. */
    public static final String ANNOTATION = "org.karmi.serial.spi.Marshalled";

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(ANNOTATION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
        for (TypeElement annotation : annotations) {
            if (!annotation.getQualifiedName().contentEquals(ANNOTATION)) {
                continue;
            }
            for (Element e : roundEnv.getElementsAnnotatedWith(annotation)) {
                if (!(e instanceof TypeElement)) {
                    continue;
                }
                MarshalledClass m = MarshalledClass.analyse((TypeElement) e, processingEnv.getElementUtils(),
                        processingEnv.getTypeUtils(), processingEnv.getMessager());
                if (m.ok) {
                    write(m);
                }
            }
        }
        return true;
    }

    private void write(MarshalledClass m) {
        String name = MarshallerWriter.generatedName(m);
        try {
            JavaFileObject file = processingEnv.getFiler().createSourceFile(name, m.type);
            try (Writer w = file.openWriter()) {
                w.write(MarshallerWriter.source(m));
            }
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "cannot write marshaller " + name + ": " + e.getMessage(), m.type);
        }
    }
}
