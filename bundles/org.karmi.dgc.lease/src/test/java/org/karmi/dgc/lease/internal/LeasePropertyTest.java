package org.karmi.dgc.lease.internal;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The lease collector's two promises, over random {@link ReferenceWorld}s (four nodes, three
 * objects each, references passed owner to holder and holder to holder, collectors
 * restarted, a node crashing, storms that drop, delay, duplicate and reorder requests).
 * jqwik prints its seed after every property; a failure names the world's seed and its last
 * events. Each property runs in a few seconds.
 */
class LeasePropertyTest {

    /** Never unreferenced (nor isReferenced false) while a live node holds or is being sent a reference. */
    @Property(tries = 1000)
    void objectIsNeverUnreferencedWhileAStubIsHeldOrInTransit(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 4) int nodes) {
        ReferenceWorld world = new ReferenceWorld(seed, nodes, 3);
        world.randomPhase(400);
        Statistics.label("failed requests").collect(world.failedRequests > 0);
    }

    /** Once every reference is dropped and messages flow, every object is unreferenced within 1.5 leases. */
    @Property(tries = 1000)
    void everyObjectIsUnreferencedWithinALeaseAndAHalfOnceAllIsDropped(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 4) int nodes) {
        ReferenceWorld world = new ReferenceWorld(seed, nodes, 3);
        world.randomPhase(200);
        world.dropEverythingAndCheckLiveness();
        Statistics.label("unreferenced calls").collect(world.unreferencedCalls > 10 ? ">10" : "<=10");
    }
}
