package org.karmi.core.internal;

import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * A chosen way to reach a node: a running technology and the UTID it reaches, valid while
 * the set of technologies has the generation it was chosen in. Immutable.
 */
final class Route {

    final Technology technology;
    final Utid utid;
    final long generation;

    Route(Technology technology, Utid utid, long generation) {
        this.technology = technology;
        this.utid = utid;
        this.generation = generation;
    }

    @Override
    public String toString() {
        return technology.name() + "->" + utid;
    }
}
