package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.karmi.core.internal.TestNodes.Mode;

/**
 * Issue 5: A (this JVM) and B share a ParaStation domain and TCP, C has TCP only. A's reference
 * passed to C through B is called by C over TCP and by B over ParaStation; which technology
 * carried each call is read from the nodes' statistics ({@code RemoteRuntime.statistics()}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreeJvmsTest {

    private Path domain;
    private ChildJvm b;
    private ChildJvm c;
    private KarmiNode a;
    private Service serviceA;
    private Service serviceB;
    private Service serviceC;

    @BeforeAll
    void start() throws Exception {
        domain = TestNodes.newDomain("three-jvms");
        // no collector (no name matches "none"): the tests count calls per technology, and a collector's requests are calls too
        b = ChildJvm.start("B", "-Dkarmi.technologies=tcp,parastation", "-Dkarmi.parastation.domainDirectory=" + domain,
                "-Dkarmi.collectors=none");
        c = ChildJvm.start("C", "-Dkarmi.collectors=none");
        a = TestNodes.node(Mode.PARASTATION, domain, Map.of("call.timeout", 10_000));
        serviceA = (Service) a.export(new ServiceImpl(a, "A"));
        serviceB = (Service) a.lookup("karmi://127.0.0.1:" + b.port + "/service");
        serviceC = (Service) a.lookup("karmi://127.0.0.1:" + c.port + "/service");
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (a != null) {
                a.close();
            }
        } finally {
            try {
                if (b != null) {
                    b.close();
                }
            } finally {
                if (c != null) {
                    c.close();
                }
                TestNodes.deleteDomain(domain);
            }
        }
    }

    @Test
    void bCallsAOverParaStation() throws Exception {
        Map<String, Long> aReceived = TestNodes.callsReceived(a);
        Map<String, Long> bSent = serviceB.callsSent();
        assertEquals("A", serviceB.nameOf(serviceA));
        Map<String, Long> bDelta = TestNodes.delta(bSent, serviceB.callsSent());
        assertEquals(1L, bDelta.get("parastation"), "B's call to A: " + bDelta);
        assertEquals(0L, bDelta.get("tcp"), "B's call to A: " + bDelta);
        Map<String, Long> aDelta = TestNodes.delta(aReceived, TestNodes.callsReceived(a));
        assertEquals(Map.of("parastation", 1L, "tcp", 0L), aDelta, "A received B's call over parastation: " + aDelta);
    }

    @Test
    void cCallsAOverTcpWithTheReferenceItGotThroughB() throws Exception {
        Map<String, Long> cSent = serviceC.callsSent();
        assertFalse(cSent.containsKey("parastation"), "C runs TCP only: " + cSent);
        Map<String, Long> aReceived = TestNodes.callsReceived(a);
        Map<String, Long> bSent = serviceB.callsSent();
        assertEquals("A", serviceB.nameVia(serviceC, serviceA), "A's reference went A -> B -> C; C called A");
        Map<String, Long> bDelta = TestNodes.delta(bSent, serviceB.callsSent());
        assertEquals(Map.of("parastation", 0L, "tcp", 1L), bDelta, "B reached C (TCP only) over tcp: " + bDelta);
        Map<String, Long> cDelta = TestNodes.delta(cSent, serviceC.callsSent());
        assertEquals(Map.of("tcp", 1L), cDelta, "C's one call, to A, over tcp: " + cDelta);
        Map<String, Long> aDelta = TestNodes.delta(aReceived, TestNodes.callsReceived(a));
        assertEquals(Map.of("parastation", 0L, "tcp", 1L), aDelta, "C's call arrived over tcp: " + aDelta);
    }
}
