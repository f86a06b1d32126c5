package org.karmi.core.internal;

/**
 * Finds the class of a remote interface named in a reference. The reference layer first asks
 * the loader that belongs to the message (the bundle that exported the target object or
 * declared the stub's interface); a resolver may look further where the platform knows more
 * (in OSGi: the bundles exporting the interface's package and the bundles using KaRMI), but
 * never through the thread context class loader. Implementations are thread-safe.
 */
interface InterfaceResolver {

    /** Only the given loader: the plain-Java behaviour. */
    InterfaceResolver LOADER_ONLY = (name, preferred) -> {
        try {
            return Class.forName(name, false, preferred);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    };

    /** The class named {@code name}, trying {@code preferred} first, or {@code null}. */
    Class<?> find(String name, ClassLoader preferred);
}
