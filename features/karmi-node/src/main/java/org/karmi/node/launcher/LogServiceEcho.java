package org.karmi.node.launcher;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * A {@code LogListener} on every {@code org.osgi.service.log.LogReaderService}, tracked from
 * the system bundle's context, that hands each entry to {@link ConsoleEcho} (which prints the
 * WARN and ERROR entries that are not the node's own records). The Log Service API is not on
 * the launcher's class path, so, as in {@link LogServiceSink}, its types are loaded from the
 * bundle that registered the reader: the listener is a {@link Proxy} of that bundle's
 * {@code LogListener} interface (defined in the interface's own class loader, which sees
 * {@code LogEntry}), and the entry's getters are called through that bundle's
 * {@code LogEntry}. Thread-safe; the Log Service calls the listener on its own thread.
 */
final class LogServiceEcho {

    static final String LOG_READER = "org.osgi.service.log.LogReaderService";

    private final ServiceTracker<Object, Reader> tracker;

    LogServiceEcho(BundleContext context, ConsoleEcho echo) {
        this.tracker = new ServiceTracker<>(context, LOG_READER, null) {
            @Override
            public Reader addingService(ServiceReference<Object> reference) {
                Object service = context.getService(reference);
                if (service == null) {
                    return null;
                }
                try {
                    return new Reader(reference.getBundle(), service, echo);
                } catch (ReflectiveOperationException | RuntimeException notR7) {
                    context.ungetService(reference);
                    return null; // not the R7 API: its entries stay in the Log Service
                }
            }

            @Override
            public void removedService(ServiceReference<Object> reference, Reader reader) {
                reader.close();
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

    /** One reader service with the listener added to it. */
    static final class Reader implements InvocationHandler {
        private final Object service;
        private final ConsoleEcho echo;
        private final Method removeLogListener;
        private final Method getBundle;
        private final Method getLoggerName;
        private final Method getLogLevel;
        private final Method getTime;
        private final Method getMessage;
        private final Method getException;
        private final Object listener;

        Reader(Bundle provider, Object service, ConsoleEcho echo) throws ReflectiveOperationException {
            this.service = service;
            this.echo = echo;
            Class<?> readerType = provider.loadClass(LOG_READER);
            Class<?> listenerType = provider.loadClass("org.osgi.service.log.LogListener");
            Class<?> entryType = provider.loadClass("org.osgi.service.log.LogEntry");
            this.getBundle = entryType.getMethod("getBundle");
            this.getLoggerName = entryType.getMethod("getLoggerName");
            this.getLogLevel = entryType.getMethod("getLogLevel");
            this.getTime = entryType.getMethod("getTime");
            this.getMessage = entryType.getMethod("getMessage");
            this.getException = entryType.getMethod("getException");
            this.removeLogListener = readerType.getMethod("removeLogListener", listenerType);
            this.listener = Proxy.newProxyInstance(listenerType.getClassLoader(), new Class<?>[] {listenerType}, this);
            readerType.getMethod("addLogListener", listenerType).invoke(service, listener);
        }

        void close() {
            try {
                removeLogListener.invoke(service, listener);
            } catch (ReflectiveOperationException | RuntimeException goneAlready) {
                // the Log Service is stopping: it drops its listeners itself
            }
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "logged":
                    logged(args[0]);
                    return null;
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "karmi-node console echo";
                default:
                    throw new UnsupportedOperationException(method.toString());
            }
        }

        private void logged(Object entry) {
            try {
                Bundle b = (Bundle) getBundle.invoke(entry);
                echo.logged(b == null ? -1 : b.getBundleId(), b == null ? null : b.getSymbolicName(),
                        (String) getLoggerName.invoke(entry), String.valueOf(getLogLevel.invoke(entry)),
                        (Long) getTime.invoke(entry), (String) getMessage.invoke(entry),
                        (Throwable) getException.invoke(entry));
            } catch (InvocationTargetException | IllegalAccessException | RuntimeException e) {
                // an entry that cannot be read is not worth failing the Log Service's thread
            }
        }
    }
}
