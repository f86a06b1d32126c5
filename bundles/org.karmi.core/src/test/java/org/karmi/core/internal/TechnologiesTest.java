package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.rmi.ConnectException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/** The route choice per reference: preference order first, a learned route only as the fallback. */
class TechnologiesTest {

    private static final Utid PS = new Utid("parastation", new byte[] {1});
    private static final Utid TCP = new Utid("tcp", new byte[] {2});
    private static final Utid WARP = new Utid("warp", new byte[] {3});

    @Test
    void theMostPreferredTechnologyThatReachesAUtidWinsOverALearnedRoute() throws Exception {
        Technologies ts = new Technologies(List.of("parastation", "tcp"));
        Technology tcp = new Fake("tcp");
        Technology ps = new Fake("parastation");
        ts.add(tcp);
        ts.add(ps);
        Route viaTcp = ts.choose(7, List.of(TCP));
        ts.learn(7, viaTcp);
        assertSame(ps, ts.choose(7, List.of(TCP, WARP, PS)).technology, "UTID order does not matter, preference does");
        assertSame(tcp, ts.choose(7, List.of(WARP, TCP)).technology);
        assertSame(viaTcp, ts.choose(7, List.of(WARP)), "no UTID understood: the learned route");
        assertThrows(ConnectException.class, () -> ts.choose(8, List.of(WARP)));
    }

    @Test
    void theOrderIsConfigurable() throws Exception {
        Technologies ts = new Technologies(List.of("tcp", "parastation"));
        Technology ps = new Fake("parastation");
        Technology tcp = new Fake("tcp");
        ts.add(ps);
        ts.add(tcp);
        assertSame(tcp, ts.choose(0, List.of(PS, TCP)).technology);
    }

    /** A technology that reaches every UTID of its name. */
    private record Fake(String name) implements Technology {
        @Override public void start(TechnologyContext context) { }
        @Override public Utid localUtid() { return new Utid(name, new byte[0]); }
        @Override public boolean canReach(Utid utid) { return utid.technology().equals(name); }
        @Override public Connection acquire(Utid remote, long timeoutMillis) { throw new UnsupportedOperationException(); }
        @Override public TechnologyStatistics statistics() { throw new UnsupportedOperationException(); }
        @Override public void close() { }
    }
}
