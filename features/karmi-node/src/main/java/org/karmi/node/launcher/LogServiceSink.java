package org.karmi.node.launcher;

import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.node.logging.LogSink;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleReference;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Hands the node's {@code System.Logger} records to the OSGi R7 Log Service: the best-ranked
 * {@code org.osgi.service.log.LoggerFactory}, tracked from the system bundle's context. Each
 * record is logged on behalf of the bundle whose class asked for the logger (its class loader is
 * a {@link BundleReference}; anything else, the JDK's own loggers for example, counts as the
 * system bundle), under the {@code System.Logger}'s name; the Log Service's levels
 * ({@code LoggerAdmin}) decide what it keeps. The Log Service API is not on the launcher's class
 * path, so its methods are found reflectively in the providing bundle's view, once per service.
 * Each record is {@link ConsoleEcho#sent marked} first: the finder has printed it, so its entry
 * must not print again. Thread-safe.
 */
final class LogServiceSink implements LogSink {

    static final String LOGGER_FACTORY = "org.osgi.service.log.LoggerFactory";

    private final Bundle systemBundle;
    private final ConsoleEcho echo;
    private final ServiceTracker<Object, Factory> tracker;

    /** @param echo told of each record before it is handed over, so that it does not print the record again */
    LogServiceSink(BundleContext context, ConsoleEcho echo) {
        this.systemBundle = context.getBundle();
        this.echo = echo;
        this.tracker = new ServiceTracker<>(context, LOGGER_FACTORY, null) {
            @Override
            public Factory addingService(ServiceReference<Object> reference) {
                Object service = context.getService(reference);
                if (service == null) {
                    return null;
                }
                try {
                    return new Factory(reference.getBundle(), service);
                } catch (ReflectiveOperationException | RuntimeException notR7) {
                    context.ungetService(reference);
                    return null; // not the R7 API: its records stay on the console only
                }
            }

            @Override
            public void removedService(ServiceReference<Object> reference, Factory factory) {
                context.ungetService(reference);
            }
        };
    }

    void open() {
        tracker.open();
    }

    void close() {
        tracker.close();
    }

    /** Whether a Log Service takes the records now. */
    boolean present() {
        return tracker.getService() != null;
    }

    @Override
    public boolean isEnabled(ClassLoader origin, String name, Level level) {
        Factory f = tracker.getService();
        return f != null && f.enabled(bundle(origin), name, level);
    }

    @Override
    public void log(ClassLoader origin, String name, Level level, String message, Throwable thrown) {
        Factory f = tracker.getService();
        if (f != null) {
            Bundle b = bundle(origin);
            int i = index(level);
            if (i >= 0) {
                echo.sent(b.getBundleId(), name, Factory.LEVELS[i].toUpperCase(java.util.Locale.ROOT), message);
            }
            f.log(b, name, level, message, thrown);
        }
    }

    private Bundle bundle(ClassLoader origin) {
        if (origin instanceof BundleReference) {
            Bundle b = ((BundleReference) origin).getBundle();
            if (b != null) {
                return b;
            }
        }
        return systemBundle;
    }

    /** Index of a level in the Log Service's methods; -1 for OFF. */
    static int index(Level level) {
        switch (level) {
            case ALL:
            case TRACE: return 0;
            case DEBUG: return 1;
            case INFO: return 2;
            case WARNING: return 3;
            case ERROR: return 4;
            default: return -1;
        }
    }

    /** One LoggerFactory service and its methods; the Logger of each (bundle, name) made once. */
    private static final class Factory {
        private static final String[] LEVELS = {"trace", "debug", "info", "warn", "error"};

        private final Object service;
        private final Method getLogger;
        private final Method[] enabled = new Method[LEVELS.length];
        private final Method[] plain = new Method[LEVELS.length];
        private final Method[] withException = new Method[LEVELS.length];
        private final Class<?> loggerType;
        private final Map<Key, Object> loggers = new ConcurrentHashMap<>();

        Factory(Bundle provider, Object service) throws ReflectiveOperationException {
            this.service = service;
            Class<?> factoryType = provider.loadClass(LOGGER_FACTORY);
            this.loggerType = provider.loadClass("org.osgi.service.log.Logger");
            this.getLogger = factoryType.getMethod("getLogger", Bundle.class, String.class, Class.class);
            for (int i = 0; i < LEVELS.length; i++) {
                String l = LEVELS[i];
                enabled[i] = loggerType.getMethod("is" + Character.toUpperCase(l.charAt(0)) + l.substring(1) + "Enabled");
                plain[i] = loggerType.getMethod(l, String.class);
                withException[i] = loggerType.getMethod(l, String.class, Object.class, Object.class);
            }
        }

        boolean enabled(Bundle bundle, String name, Level level) {
            int i = index(level);
            return i >= 0 && (Boolean) call(enabled[i], logger(bundle, name));
        }

        void log(Bundle bundle, String name, Level level, String message, Throwable thrown) {
            int i = index(level);
            if (i < 0) {
                return;
            }
            if (thrown == null) {
                call(plain[i], logger(bundle, name), message);
            } else {
                // "{}" takes the message as it is (no placeholders of its own); a last Throwable argument is the entry's exception
                call(withException[i], logger(bundle, name), "{}", message, thrown);
            }
        }

        private Object logger(Bundle bundle, String name) {
            return loggers.computeIfAbsent(new Key(bundle, name), k -> call(getLogger, service, k.bundle, k.name, loggerType));
        }

        private static Object call(Method m, Object target, Object... args) {
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private record Key(Bundle bundle, String name) {
    }
}
