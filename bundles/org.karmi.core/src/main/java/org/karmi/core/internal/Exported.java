package org.karmi.core.internal;

import java.io.ObjectInputFilter;
import java.lang.ref.WeakReference;
import java.rmi.Remote;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.spi.ref.ObjectId;

/**
 * One entry of the {@link ObjectTable}: an exported object, its id, how to dispatch to it,
 * how many calls are running on it, and what the collectors know of it. The object is held
 * strongly ("pinned") from its export until the collectors that saw references to it find
 * it unreferenced; then only weakly, as {@code java.rmi} does, until a new reference to it
 * goes out or the application drops it too. Thread-safe: pinning changes under the entry's
 * monitor, fields otherwise final, volatile or atomic.
 */
final class Exported {

    final ObjectId id;
    final MethodTable methods;
    final List<Class<?>> interfaces;
    final ClassLoader loader;
    final boolean permanent;
    /** What the export asked for (port, socket factories, argument filter). */
    final ExportRequest request;
    private final NodeSettings settings;
    /** The filter for the allow-list it was made with (replaced when the node's allow-list changes). */
    private volatile FilterFor filter;
    final AtomicInteger inFlight = new AtomicInteger();
    /** The names of the collectors that saw references to this object go out (see {@code docs/DGC.md}). */
    final Set<String> collectors = new CopyOnWriteArraySet<>();
    /** The identity key of the object in the table's by-object index. */
    final ObjectTable.Key key;
    private final WeakReference<Remote> weak;
    private final String typeName;
    private volatile Remote pinned;
    /** A reference went out over a technology without a collector: stays until unexported. */
    volatile boolean uncollected;
    /** Whether the collectors' verdict was registered with the cleaner (once per entry). */
    boolean watched;
    volatile boolean unexported;
    /** The stub handed out for this object; set once right after export. */
    volatile Remote stub;

    Exported(ObjectId id, Remote object, MethodTable methods, List<Class<?>> interfaces, boolean permanent,
            NodeSettings settings, ExportRequest request) {
        this.id = id;
        this.pinned = object;
        this.weak = new WeakReference<>(object);
        this.key = ObjectTable.Key.of(object);
        this.typeName = object.getClass().getName();
        this.methods = methods;
        this.interfaces = interfaces;
        this.loader = object.getClass().getClassLoader();
        this.permanent = permanent;
        this.request = request;
        this.settings = settings;
    }

    /**
     * Allows the classes the remote interfaces declare (and the node's current allow-list) in
     * arguments, after the export's own filter if it has one.
     */
    ObjectInputFilter filter() {
        AllowList allow = settings.get().allow;
        FilterFor f = filter;
        if (f == null || f.allow != allow) {
            f = new FilterFor(allow, CallFilter.of(interfaces, allow).after(request.filter()));
            filter = f;
        }
        return f.filter;
    }

    private record FilterFor(AllowList allow, ObjectInputFilter filter) {
    }

    /** The exported object, or {@code null} once the application dropped an unpinned one. */
    Remote object() {
        Remote p = pinned;
        return p != null ? p : weak.get();
    }

    /** Whether the object is held strongly. */
    boolean isPinned() {
        return pinned != null;
    }

    /** Holds the object only weakly; returns it (strongly, for the caller's use). Call under the monitor. */
    Remote unpin() {
        Remote p = pinned;
        pinned = null;
        return p;
    }

    /** Holds the object strongly again (a new reference to it goes out); no-op when pinned or gone. */
    void repin() {
        if (pinned == null) {
            synchronized (this) {
                if (pinned == null) {
                    pinned = weak.get();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "Exported[" + id + ", " + typeName + "]";
    }
}
