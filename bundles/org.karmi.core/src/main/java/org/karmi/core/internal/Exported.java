package org.karmi.core.internal;

import java.io.ObjectInputFilter;
import java.rmi.Remote;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.spi.ref.ObjectId;

/**
 * One entry of the {@link ObjectTable}: an exported object, its id, how to dispatch to it and
 * how many calls are running on it. Fields are final except the in-flight counter and the
 * unexported flag, which are atomic/volatile; thread-safe.
 */
final class Exported {

    final ObjectId id;
    final Remote object;
    final MethodTable methods;
    final List<Class<?>> interfaces;
    final ClassLoader loader;
    final boolean permanent;
    /** What the export asked for (port, socket factories, argument filter). */
    final ExportRequest request;
    /**
     * Allows the classes the remote interfaces declare (and the user's allow-list) in
     * arguments, after the export's own filter if it has one.
     */
    final ObjectInputFilter filter;
    final AtomicInteger inFlight = new AtomicInteger();
    volatile boolean unexported;
    /** The stub handed out for this object; set once right after export. */
    volatile Remote stub;

    Exported(ObjectId id, Remote object, MethodTable methods, List<Class<?>> interfaces, boolean permanent,
            AllowList allow, ExportRequest request) {
        this.id = id;
        this.object = object;
        this.methods = methods;
        this.interfaces = interfaces;
        this.loader = object.getClass().getClassLoader();
        this.permanent = permanent;
        this.request = request;
        this.filter = CallFilter.of(interfaces, allow).after(request.filter());
    }

    @Override
    public String toString() {
        return "Exported[" + id + ", " + object.getClass().getName() + "]";
    }
}
