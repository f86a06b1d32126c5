package org.karmi.examples.greeter;

/**
 * Greets people. A plain service interface: nothing about it says "remote"; the provider's
 * service properties decide that it is exported, and an importing framework gets it as an
 * ordinary service. A call that fails in transport throws
 * {@link org.osgi.framework.ServiceException} of type {@code REMOTE} there.
 */
public interface Greeter {

    /** A greeting for {@code name}, e.g. {@code "Hello, Ada!"}. */
    String greet(String name);

    /** A greeting for {@code name} as data, with the process that made it. */
    Greeting greeting(String name);
}
