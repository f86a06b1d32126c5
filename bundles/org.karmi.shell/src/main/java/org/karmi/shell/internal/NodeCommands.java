package org.karmi.shell.internal;

import java.net.MalformedURLException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.karmi.ExportInfo;
import org.karmi.RegistryUrl;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.shell.table.Table;
import org.karmi.spi.dgc.CollectorStatistics;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/**
 * The {@code karmi:} commands over a {@link RemoteRuntime} and what the service registry knows
 * besides (the technologies registered, the serializers and collectors), each answering an
 * aligned text table. Plain Java: the DS component feeds it, tests build it directly.
 * Thread-safe when its suppliers are (every command reads them afresh).
 */
final class NodeCommands {

    /** A serializer service: its name, version, ranking, and whether the runtime offers it (sorted by ranking). */
    record SerializerInfo(String name, int version, int ranking, boolean inUse) {
    }

    /** Longest ping run: a typo must not keep the shell busy. */
    static final int MAX_PINGS = 1_000;

    private final RemoteRuntime runtime;
    private final Supplier<List<Technology>> technologies;
    private final Supplier<List<SerializerInfo>> serializers;
    private final Supplier<List<String>> collectors;

    NodeCommands(RemoteRuntime runtime, Supplier<List<Technology>> technologies,
            Supplier<List<SerializerInfo>> serializers, Supplier<List<String>> collectors) {
        this.runtime = runtime;
        this.technologies = technologies;
        this.serializers = serializers;
        this.collectors = collectors;
    }

    /** The node: id, serializers, collectors; then each registered technology, its state and address. */
    String node() {
        Table about = new Table("NODE", "VALUE");
        about.row("id", Long.toHexString(runtime.nodeId()));
        StringJoiner s = new StringJoiner(", ");
        boolean preferred = true; // the node prefers the highest-ranked serializer it uses and offers the others
        for (SerializerInfo i : serializers.get()) {
            String role = !i.inUse() ? "" : preferred ? " (preferred)" : " (offered)";
            preferred &= !i.inUse();
            s.add(i.name() + " " + i.version() + role + " ranking " + i.ranking());
        }
        about.row("serializers", s.length() == 0 ? "none" : s.toString());
        List<String> c = collectors.get();
        about.row("collectors", c.isEmpty() ? "none" : String.join(", ", c));

        Map<String, TechnologyStatistics> running = runtime.statistics();
        List<Utid> utids = runtime.localUtids();
        Table techs = new Table("TECHNOLOGY", "STATE", "ADDRESS");
        for (Technology t : technologies.get()) {
            String state = running.containsKey(t.name()) ? "running" : "not running (did it fail to start? see the log)";
            StringJoiner addresses = new StringJoiner(", ");
            for (Utid u : utids) {
                if (u.technology().equals(t.name())) {
                    addresses.add(t.describe(u));
                }
            }
            techs.row(t.name(), state, addresses.length() == 0 ? null : addresses.toString());
        }
        return about + "\n" + (techs.isEmpty() ? "no technology registered\n" : techs.toString());
    }

    /** The traffic counters of each running technology. */
    String stats() {
        Table t = new Table("TECHNOLOGY", ">CALLS OUT", ">CALLS IN", ">ONE-WAY OUT", ">ONE-WAY IN", ">BYTES OUT",
                ">BYTES IN", ">CONNECTIONS", ">OPEN", ">REFUSED");
        for (Map.Entry<String, TechnologyStatistics> e : runtime.statistics().entrySet()) {
            TechnologyStatistics s = e.getValue();
            t.row(e.getKey(), s.callsSent(), s.callsReceived(), s.oneWaySent(), s.oneWayReceived(), s.bytesSent(),
                    s.bytesReceived(), s.connectionsOpened(), s.connectionsOpen(), s.connectionsRefused());
        }
        String out = t.isEmpty() ? "no technology running\n" : t.toString();
        Map<String, CollectorStatistics> collectors = runtime.collectorStatistics();
        if (!collectors.isEmpty()) {
            Table c = new Table("COLLECTOR", ">MESSAGES OUT", ">BYTES OUT", ">MESSAGES IN", ">BYTES IN", ">UNREFERENCED");
            collectors.forEach((name, s) -> c.row(name, s.messagesSent(), s.bytesSent(), s.messagesReceived(),
                    s.bytesReceived(), s.unreferenced()));
            out += "\n" + c;
        }
        return out;
    }

    /** Every open connection of every technology: direction, peer node and address, serializer, state, idle time. */
    String connections() {
        Table t = new Table("TECHNOLOGY", "DIRECTION", "PEER NODE", "PEER", "SERIALIZER", "STATE", ">IDLE MS");
        for (Technology tech : technologies.get()) {
            for (ConnectionInfo c : tech.connections()) {
                t.row(c.technology(), c.inbound() ? "in" : "out", c.peerNodeId() == 0 ? "-" : Long.toHexString(c.peerNodeId()),
                        c.peer(), c.serializer().isEmpty() ? "-" : c.serializer(), c.state(), c.idleMillis());
            }
        }
        return t.isEmpty() ? "no connection open\n" : t.toString();
    }

    /** The node's exported objects: id, class, remote interfaces, port, calls running, what the collectors decided. */
    String exports() {
        Table t = new Table(">NUMBER", "CLASS", "INTERFACES", ">PORT", ">IN FLIGHT", "STATE", "COLLECTORS");
        for (ExportInfo e : runtime.exports()) {
            t.row(e.id().number(), e.type(), String.join(",", e.interfaces()), e.port(), e.callsInFlight(), e.state(),
                    e.collectors().isEmpty() ? "-" : String.join(",", new java.util.TreeSet<>(e.collectors())));
        }
        return t.isEmpty() ? "nothing exported\n" : t.toString();
    }

    /** The names bound in the node's own registry, with the remote interfaces of each. */
    String registry() throws RemoteException {
        return list(runtime.registry());
    }

    /** The names bound in the registry at {@code url} ({@code rmi://host:port/} or {@code host:port}). */
    String registry(String url) throws RemoteException, MalformedURLException {
        RegistryUrl u = RegistryUrl.parse(url);
        return list(runtime.registry(u.host(), u.port()));
    }

    /** Looks {@code nameOrUrl} up (a name in the node's registry, or a URL) and describes the stub. */
    String lookup(String nameOrUrl) throws RemoteException, MalformedURLException {
        Table t = new Table("NAME", "INTERFACES", "STUB");
        try {
            Remote stub = nameOrUrl.contains("/") || nameOrUrl.contains(":") ? runtime.lookup(nameOrUrl)
                    : runtime.registry().lookup(nameOrUrl);
            t.row(nameOrUrl, interfaces(stub), stub);
        } catch (NotBoundException e) {
            t.row(nameOrUrl, "not bound", null);
        }
        return t.toString();
    }

    /**
     * Checks that the node behind {@code url} answers: {@code count} lookups of the URL's name
     * (a round trip to its registry each), or list calls for a URL without a name, timed.
     */
    String ping(String url, int count) throws MalformedURLException {
        if (count < 1 || count > MAX_PINGS) {
            throw new IllegalArgumentException("count must be 1 to " + MAX_PINGS + ": " + count);
        }
        RegistryUrl u = RegistryUrl.parse(url);
        Table t = new Table("URL", "RESULT", ">CALLS", ">MIN µs", ">MEDIAN µs", ">MAX µs");
        long[] nanos = new long[count];
        String result = null;
        int done = 0;
        try {
            for (; done < count; done++) {
                long start = System.nanoTime();
                if (u.hasName()) {
                    Remote stub = runtime.lookup(url);
                    result = "reachable: " + interfaces(stub);
                } else {
                    result = "reachable: registry with " + runtime.registry(u.host(), u.port()).list().length + " names";
                }
                nanos[done] = System.nanoTime() - start;
            }
        } catch (NotBoundException e) {
            result = "registry reachable, '" + u.name() + "' not bound";
        } catch (RemoteException e) {
            result = "unreachable: " + rootMessage(e);
        }
        if (done == 0) {
            t.row(url, result, 0, null, null, null);
        } else {
            long[] ok = Arrays.copyOf(nanos, done);
            Arrays.sort(ok);
            t.row(url, result, done, micros(ok[0]), micros(ok[done / 2]), micros(ok[done - 1]));
        }
        return t.toString();
    }

    private String list(Registry registry) throws RemoteException {
        Table t = new Table("NAME", "INTERFACES");
        String[] names = registry.list();
        Arrays.sort(names);
        for (String name : names) {
            String what;
            try {
                what = interfaces(registry.lookup(name));
            } catch (NotBoundException e) {
                what = "(unbound meanwhile)";
            } catch (RemoteException e) {
                what = "(lookup failed: " + rootMessage(e) + ")";
            }
            t.row(name, what);
        }
        return t.isEmpty() ? "no names bound\n" : t.toString();
    }

    /** The remote interfaces a stub implements, by name. */
    static String interfaces(Object stub) {
        List<String> names = new ArrayList<>();
        for (Class<?> c = stub.getClass(); c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (Remote.class.isAssignableFrom(i) && i != Remote.class && !names.contains(i.getName())) {
                    names.add(i.getName());
                }
            }
        }
        return names.isEmpty() ? stub.getClass().getName() : String.join(", ", names);
    }

    private static String micros(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / (double) TimeUnit.MICROSECONDS.toNanos(1));
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getClass().getSimpleName() + ": " + t;
    }
}
