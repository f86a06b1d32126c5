package org.karmi;

import java.util.List;
import java.util.Set;

import org.karmi.spi.ref.ObjectId;

/**
 * What a node knows of one of its exported objects, for people and health checks
 * ({@link RemoteRuntime#exports()}): a snapshot, taken while calls and collectors go on.
 *
 * @param id            the object's id
 * @param type          the exported object's class name
 * @param interfaces    its remote interfaces
 * @param port          the port its export asked for (0: wherever the node listens)
 * @param callsInFlight calls running on it now
 * @param state         {@code permanent} (a registry, never collected), {@code pinned} (held strongly:
 *                      referenced, or never referenced remotely), {@code unreferenced} (its collectors
 *                      let it go; it leaves once the application drops it), or {@code uncollected} (a
 *                      reference left over a technology without a collector: stays until unexported)
 * @param collectors    the collectors that saw references to it leave the node
 * @since 1.3
 */
public record ExportInfo(ObjectId id, String type, List<String> interfaces, int port, int callsInFlight, String state,
        Set<String> collectors) {
}
