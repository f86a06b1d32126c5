package org.karmi.node.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.RemoteRuntime;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/** What the launcher concludes from the services it sees: started, a technology down, no runtime. */
@Timeout(30)
class NodeStateTest {

    /** A framework with technologies registered under {@code registered} and a runtime running {@code running} (null: none). */
    static BundleContext framework(List<String> registered, List<String> running) {
        Map<String, Object> statistics = new TreeMap<>();
        if (running != null) {
            running.forEach(n -> statistics.put(n, "counters"));
        }
        Object runtime = Proxy.newProxyInstance(RemoteRuntime.class.getClassLoader(), new Class<?>[] {RemoteRuntime.class},
                (p, m, a) -> {
                    if (m.getName().equals("statistics")) {
                        return statistics;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
        ServiceReference<?> runtimeRef = reference(null);
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(), new Class<?>[] {BundleContext.class},
                (p, m, a) -> {
                    switch (m.getName()) {
                        case "getAllServiceReferences":
                            if (a[0].equals(NodeState.RUNTIME)) {
                                return running == null ? null : new ServiceReference<?>[] {runtimeRef};
                            }
                            List<ServiceReference<?>> refs = new ArrayList<>();
                            registered.forEach(n -> refs.add(reference(n)));
                            return refs.isEmpty() ? null : refs.toArray(new ServiceReference<?>[0]);
                        case "getService":
                            return runtime;
                        case "ungetService":
                            return true;
                        default:
                            throw new UnsupportedOperationException(m.getName());
                    }
                });
    }

    static ServiceReference<?> reference(String technology) {
        return (ServiceReference<?>) Proxy.newProxyInstance(ServiceReference.class.getClassLoader(),
                new Class<?>[] {ServiceReference.class}, (p, m, a) -> {
                    if (m.getName().equals("getProperty")) {
                        return NodeState.TECHNOLOGY_NAME.equals(a[0]) ? technology : null;
                    }
                    if (m.getName().equals("hashCode")) {
                        return System.identityHashCode(p);
                    }
                    if (m.getName().equals("equals")) {
                        return p == a[0];
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void everyRegisteredTechnologyRunningIsStarted() throws Exception {
        assertNull(new NodeState(framework(List.of("parastation", "tcp"), List.of("parastation", "tcp"))).awaitStarted(5_000));
    }

    @Test
    void registeredTechnologyTheRuntimeDoesNotRunIsReportedAfterTheGrace() throws Exception {
        long start = System.nanoTime();
        String down = new NodeState(framework(List.of("parastation", "tcp"), List.of("parastation"))).awaitStarted(20_000);
        assertEquals("technology tcp did not start (see the log above); running: parastation", down);
        assertTrue(System.nanoTime() - start >= NodeState.GRACE_MILLIS * 1_000_000L, "waited the grace");
    }

    @Test
    void noRuntimeWithinTheBoundIsReported() throws Exception {
        assertEquals("no KaRMI runtime after 300 ms", new NodeState(framework(List.of("tcp"), null)).awaitStarted(300));
    }
}
