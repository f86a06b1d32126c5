package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The stack trace of an exception a remote method threw is the server's frames, then the
 * caller's, once (as {@code java.rmi}'s {@code UnicastRef} makes it; issue 12, item 4):
 * through the local short-cut (where the server ran on the caller's own thread), between
 * two nodes of one JVM over TCP, and from another JVM.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteStackTraceTest {

    private KarmiNode server;
    private KarmiNode client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void localShortCutGivesServerFramesThenTheCallersOnce() throws Exception {
        server = TestNodes.tcpNode();
        Service s = (Service) server.export(new ServiceImpl(server, "local"));
        AppException e = assertThrows(AppException.class, () -> s.fail("app"));
        assertServerThenCallerOnce(e.getStackTrace(), "localShortCutGivesServerFramesThenTheCallersOnce");
        assertNoFrameTwice(e.getStackTrace());
        assertTrue(Arrays.stream(e.getStackTrace()).noneMatch(f -> f.getClassName().equals(LocalCall.class.getName())),
                "the short-cut's own frames are cut:\n" + text(e.getStackTrace()));
    }

    @Test
    void overTcpInOneJvmGivesServerFramesThenTheCallersOnce() throws Exception {
        server = TestNodes.tcpNode();
        client = TestNodes.tcpNode();
        server.registry().rebind("s", server.export(new ServiceImpl(server, "tcp")));
        Service s = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
        AppException e = assertThrows(AppException.class, () -> s.fail("app"));
        assertServerThenCallerOnce(e.getStackTrace(), "overTcpInOneJvmGivesServerFramesThenTheCallersOnce");
        assertNoFrameTwice(e.getStackTrace());
    }

    @Test
    void fromAnotherJvmGivesServerFramesThenTheCallersOnce() throws Exception {
        try (ChildJvm b = ChildJvm.start("B")) {
            client = TestNodes.tcpNode(Map.of());
            Service s = (Service) client.lookup("//127.0.0.1:" + b.port + "/service");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.fail("runtime"));
            assertServerThenCallerOnce(e.getStackTrace(), "fromAnotherJvmGivesServerFramesThenTheCallersOnce");
            assertNoFrameTwice(e.getStackTrace());
        }
    }

    @Test
    void nestedLocalCallsKeepEachCallersFramesOnce() throws Exception {
        server = TestNodes.tcpNode();
        ProbeImplOnNode inner = new ProbeImplOnNode();
        Probe innerStub = (Probe) server.export(inner);
        Probe outerStub = (Probe) server.export(new ProbeImplOnNode());
        AppException e = assertThrows(AppException.class, () -> outerStub.fail(innerStub));
        StackTraceElement[] t = e.getStackTrace();
        assertServerThenCallerOnce(t, "nestedLocalCallsKeepEachCallersFramesOnce");
        long failFrames = Arrays.stream(t).filter(f -> f.getClassName().equals(ProbeImplOnNode.class.getName())
                && f.getMethodName().equals("fail")).count();
        assertEquals(2, failFrames, "the inner call's frame (the throw) and the outer's (the nested call), once each:\n"
                + text(t));
    }

    /** A {@link Probe} exported through a node directly (not the facade). */
    static final class ProbeImplOnNode implements Probe {
        @Override
        public String clientHost() {
            return "";
        }

        @Override
        public int callOf(Callback cb, int n) throws java.rmi.RemoteException {
            return cb.call(n);
        }

        @Override
        public java.rmi.Remote echo(java.rmi.Remote r) {
            return r;
        }

        @Override
        public void fail(Probe next) throws java.rmi.RemoteException, AppException {
            if (next != null) {
                next.fail(null);
            }
            throw new AppException("probe failure");
        }
    }

    /**
     * The first frame is the server's, the calling test method's frame is there exactly once,
     * and every server frame comes before it.
     */
    private static void assertServerThenCallerOnce(StackTraceElement[] t, String testMethod) {
        List<StackTraceElement> frames = Arrays.asList(t);
        assertTrue(t[0].getClassName().startsWith(ServiceImpl.class.getName())
                || t[0].getClassName().equals(ProbeImplOnNode.class.getName()), "server frame first:\n" + text(t));
        long callers = frames.stream().filter(f -> f.getMethodName().equals(testMethod)).count();
        assertEquals(1, callers, "the caller's frames once:\n" + text(t));
        int caller = frames.indexOf(frames.stream().filter(f -> f.getMethodName().equals(testMethod)).findFirst().get());
        int lastServer = -1;
        for (int i = 0; i < t.length; i++) {
            if (t[i].getClassName().equals(ServiceImpl.class.getName()) || t[i].getClassName().equals(ProbeImplOnNode.class.getName())) {
                lastServer = i;
            }
        }
        assertTrue(lastServer < caller, "server frames before the caller's:\n" + text(t));
    }

    /** No frame of KaRMI or of the test twice (JUnit's own frames repeat in any stack). */
    private static void assertNoFrameTwice(StackTraceElement[] t) {
        Set<StackTraceElement> seen = new HashSet<>();
        for (StackTraceElement f : t) {
            if (f.getClassName().startsWith("org.karmi.")) {
                assertTrue(seen.add(f), "frame " + f + " twice:\n" + text(t));
            }
        }
    }

    private static String text(StackTraceElement[] t) {
        StringBuilder b = new StringBuilder();
        for (StackTraceElement f : t) {
            b.append("\tat ").append(f).append('\n');
        }
        return b.toString();
    }
}
