package org.karmi.serial;

import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** A bundle context for DS components built without OSGi: framework properties and a record of registrations. */
final class ComponentContexts {

    private ComponentContexts() {
    }

    /** Answers {@code frameworkProperties}; each live registration is in {@code registered} as {service, properties}. */
    static BundleContext framework(Map<String, String> frameworkProperties, List<Object[]> registered) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getProperty":
                            return frameworkProperties.get((String) args[0]);
                        case "registerService":
                            Object[] entry = {args[1], (Dictionary<?, ?>) args[2]};
                            registered.add(entry);
                            return Proxy.newProxyInstance(ServiceRegistration.class.getClassLoader(),
                                    new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> {
                                        if (m.getName().equals("unregister")) {
                                            registered.remove(entry);
                                            return null;
                                        }
                                        throw new UnsupportedOperationException(m.getName());
                                    });
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }
}
