package org.karmi.shell.internal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import org.karmi.ExportInfo;
import org.karmi.RemoteRuntime;
import org.karmi.shell.table.Table;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * Judges the node's health from what it runs: the runtime is there, its registry answers, a
 * distributed collector runs, the dispatch pool is not saturated, no connection leads to a
 * peer whose process ended, and every bundle that declares a {@link Technology} service registers one that the runtime runs
 * and that listens. Plain Java: the health check and {@code karmi:health} feed it a snapshot;
 * tests build one directly. Stateless; thread-safe.
 */
final class NodeHealth {

    /** How bad a finding is, as Felix Health Checks grade it. */
    enum Status { OK, WARN, CRITICAL }

    /** One finding of one check. */
    record Finding(String check, Status status, String detail) {
    }

    /** A bundle that declares a technology service, its state, and the technologies it registers now. */
    record Provider(String bundle, String state, List<Technology> technologies) {
    }

    private NodeHealth() {
    }

    /** {@link #check(RemoteRuntime, List, int)} of a node whose calls run on their connections' threads. */
    static List<Finding> check(RemoteRuntime runtime, List<Provider> providers) {
        return check(runtime, providers, 0);
    }

    /**
     * @param runtime         the runtime, or {@code null} when there is none
     * @param providers       every installed bundle that declares a technology service
     * @param dispatchThreads the node's dispatch pool size (0: calls run on their connections' threads)
     */
    static List<Finding> check(RemoteRuntime runtime, List<Provider> providers, int dispatchThreads) {
        List<Finding> out = new ArrayList<>();
        if (runtime == null) {
            out.add(new Finding("runtime", Status.CRITICAL, "no RemoteRuntime service (org.karmi.core stopped or failed)"));
        } else {
            out.add(new Finding("runtime", Status.OK, "node " + Long.toHexString(runtime.nodeId())));
            try {
                out.add(new Finding("registry", Status.OK, runtime.registry().list().length + " names bound"));
            } catch (RemoteException | RuntimeException e) {
                out.add(new Finding("registry", Status.CRITICAL, "the node's registry does not answer: " + e));
            }
            out.add(collectors(runtime));
            out.add(dispatch(runtime, dispatchThreads));
        }
        if (providers.isEmpty()) {
            out.add(new Finding("technologies", Status.CRITICAL, "no technology bundle installed"));
        }
        for (Provider p : providers) {
            if (p.technologies().isEmpty()) {
                out.add(new Finding("technologies", Status.CRITICAL, p.bundle() + " (" + p.state()
                        + ") registers no technology"));
            }
            for (Technology t : p.technologies()) {
                out.add(technology(runtime, t));
            }
        }
        return out;
    }

    /** A node without a distributed collector never lets an exported object go: worth a warning. */
    private static Finding collectors(RemoteRuntime runtime) {
        java.util.Set<String> names = new java.util.TreeSet<>(runtime.collectorStatistics().keySet());
        return names.isEmpty()
                ? new Finding("collectors", Status.WARN, "no distributed collector: exported objects stay until unexported")
                : new Finding("collectors", Status.OK, String.join(", ", names));
    }

    /**
     * A full dispatch pool does not refuse calls (they run on their connections' threads
     * instead), but it means the pool is too small for the load: worth a warning.
     */
    private static Finding dispatch(RemoteRuntime runtime, int threads) {
        int inFlight = 0;
        for (ExportInfo e : runtime.exports()) {
            inFlight += e.callsInFlight();
        }
        if (threads == 0) {
            return new Finding("dispatch", Status.OK, inFlight + " calls running, each on its connection's thread");
        }
        return inFlight >= threads
                ? new Finding("dispatch", Status.WARN, "pool saturated: " + inFlight + " calls running on " + threads
                        + " dispatch threads (the others run on their connections' threads; raise dispatch.threads)")
                : new Finding("dispatch", Status.OK, inFlight + " of " + threads + " dispatch threads busy");
    }

    private static Finding technology(RemoteRuntime runtime, Technology t) {
        if (runtime == null || !runtime.statistics().containsKey(t.name())) {
            return new Finding("technologies", Status.CRITICAL, t.name() + " registered but not running"
                    + " (did it fail to start? a port in use? see the log)");
        }
        StringJoiner addresses = new StringJoiner(", ");
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals(t.name())) {
                addresses.add(t.describe(u));
            }
        }
        long deadPeers = t.connections().stream().filter(c -> c.state().equals(ConnectionInfo.PEER_DEAD)).count();
        if (deadPeers > 0) {
            return new Finding("technologies", Status.WARN, t.name() + " running, " + deadPeers
                    + " connections to peers whose process ended (closing)");
        }
        return addresses.length() == 0
                ? new Finding("technologies", Status.WARN, t.name() + " running, listening nowhere yet (on demand)")
                : new Finding("technologies", Status.OK, t.name() + " running, listening on " + addresses);
    }

    /** The worst status of {@code findings} ({@link Status#OK} for none). */
    static Status worst(List<Finding> findings) {
        Status w = Status.OK;
        for (Finding f : findings) {
            if (f.status().compareTo(w) > 0) {
                w = f.status();
            }
        }
        return w;
    }

    /** The findings as a table. */
    static String table(List<Finding> findings) {
        Table t = new Table("CHECK", "STATUS", "DETAIL");
        for (Finding f : findings) {
            t.row(f.check(), f.status(), f.detail());
        }
        return t.toString();
    }
}
