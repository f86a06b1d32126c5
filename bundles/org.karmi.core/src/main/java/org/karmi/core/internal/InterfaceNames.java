package org.karmi.core.internal;

import java.lang.System.Logger.Level;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Turns the interface names a reference carries into the remote interfaces this node can
 * see: through the message's class loader first, then through the {@link InterfaceResolver}
 * (in OSGi: the bundles). Thread-safe; the resolver is replaced atomically.
 */
final class InterfaceNames {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    private volatile InterfaceResolver resolver = InterfaceResolver.LOADER_ONLY;

    /** Sets how names the message's loader cannot see are found. */
    void use(InterfaceResolver r) {
        this.resolver = Objects.requireNonNull(r, "resolver");
    }

    /** The remote interfaces among {@code names} that can be found, {@code loader} first. */
    List<Class<?>> resolve(String[] names, ClassLoader loader) {
        List<Class<?>> out = new ArrayList<>(names.length);
        for (String n : names) {
            Class<?> c = resolver.find(n, loader);
            if (c == null) {
                LOG.log(Level.DEBUG, "remote interface {0} not visible to {1}: the stub leaves it out", n, loader);
            } else if (c.isInterface() && Remote.class.isAssignableFrom(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * The loader later replies through a stub resolve classes with: the message's own if it
     * sees the stub's first interface, else that interface's loader (its bundle in OSGi).
     */
    static ClassLoader loaderFor(List<Class<?>> ifs, ClassLoader loader) {
        if (ifs.isEmpty()) {
            return loader;
        }
        Class<?> first = ifs.get(0);
        return InterfaceResolver.LOADER_ONLY.find(first.getName(), loader) == first ? loader : first.getClassLoader();
    }

    static String[] names(List<Class<?>> ifs) {
        String[] n = new String[ifs.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = ifs.get(i).getName();
        }
        return n;
    }
}
