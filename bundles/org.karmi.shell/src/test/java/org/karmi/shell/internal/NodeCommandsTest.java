package org.karmi.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.karmi.ExportInfo;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/** The commands' tables over a runtime stand-in: what a person sees for a running and a failed technology. */
class NodeCommandsTest {

    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    private static final Utid TCP = new Utid("tcp", new byte[] {1, 2});

    /** A runtime running tcp only (parastation registered but not started), with "echo" in its registry. */
    static RemoteRuntime runtime() {
        return runtime(java.util.Map.of("lease", new org.karmi.spi.dgc.CollectorStatistics(3, 120, 3, 48, 1)));
    }

    /** A stand-in running tcp only, with these collectors. */
    static RemoteRuntime runtime(java.util.Map<String, org.karmi.spi.dgc.CollectorStatistics> collectors) {
        Echo echo = s -> s;
        Registry registry = (Registry) Proxy.newProxyInstance(Registry.class.getClassLoader(),
                new Class<?>[] {Registry.class}, (p, m, a) -> {
                    switch (m.getName()) {
                        case "list":
                            return new String[] {"echo"};
                        case "lookup":
                            if (a[0].equals("echo")) {
                                return echo;
                            }
                            throw new NotBoundException((String) a[0]);
                        default:
                            throw new UnsupportedOperationException(m.getName());
                    }
                });
        Map<String, TechnologyStatistics> stats = new LinkedHashMap<>();
        stats.put("tcp", new TechnologyCounters());
        return (RemoteRuntime) Proxy.newProxyInstance(RemoteRuntime.class.getClassLoader(),
                new Class<?>[] {RemoteRuntime.class}, (p, m, a) -> {
                    switch (m.getName()) {
                        case "nodeId":
                            return 0xabcL;
                        case "statistics":
                            return stats;
                        case "collectorStatistics":
                            return collectors;
                        case "exports": // two objects with 3 calls running between them
                            return List.of(
                                    new ExportInfo(new ObjectId(0xabcL, 0), "org.karmi.core.RegistryImpl",
                                            List.of("org.karmi.registry.Registry"), 0, 1, "permanent", java.util.Set.of()),
                                    new ExportInfo(new ObjectId(0xabcL, 7), "org.acme.EchoImpl", List.of("org.acme.Echo"),
                                            0, 2, "pinned", java.util.Set.of("lease")));
                        case "localUtids":
                            return List.of(TCP);
                        case "registry":
                            return registry;
                        case "lookup":
                            if (((String) a[0]).endsWith("/echo")) {
                                return echo;
                            }
                            if (((String) a[0]).contains(":1/")) {
                                throw new java.rmi.ConnectException("refused", new java.net.ConnectException("nobody"));
                            }
                            throw new NotBoundException((String) a[0]);
                        default:
                            throw new UnsupportedOperationException(m.getName());
                    }
                });
    }

    static Technology technology(String name) {
        return (Technology) Proxy.newProxyInstance(Technology.class.getClassLoader(), new Class<?>[] {Technology.class},
                (p, m, a) -> {
                    switch (m.getName()) {
                        case "name":
                            return name;
                        case "describe":
                            return name + " 127.0.0.1:2099";
                        case "connections":
                            return name.equals("tcp") ? List.of(
                                    new ConnectionInfo("tcp", false, 0xbeefL, "127.0.0.1:2099", "uka/2", ConnectionInfo.IDLE, 1500),
                                    new ConnectionInfo("tcp", true, 0, "127.0.0.1:40312", "", ConnectionInfo.HANDSHAKE, 3))
                                    : List.of();
                        default:
                            throw new UnsupportedOperationException(m.getName());
                    }
                });
    }

    private final NodeCommands commands = new NodeCommands(runtime(),
            () -> List.of(technology("parastation"), technology("tcp")),
            () -> List.of(new NodeCommands.SerializerInfo("uka", 2, 10, true), new NodeCommands.SerializerInfo("jdk", 1, 0, true),
                    new NodeCommands.SerializerInfo("kryo", 1, -5, false)),
            List::of);

    @Test
    void connectionsListsEveryTechnologysConnectionsOneARow() {
        List<String> lines = commands.connections().lines().toList();
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("TECHNOLOGY  DIRECTION  PEER NODE  PEER"), lines.get(0));
        assertTrue(lines.get(1).matches("tcp +out +beef +127\\.0\\.0\\.1:2099 +uka/2 +idle +1500"), lines.get(1));
        assertTrue(lines.get(2).matches("tcp +in +- +127\\.0\\.0\\.1:40312 +- +handshake +3"), lines.get(2));
    }

    @Test
    void nodeShowsIdSerializersAndEachTechnologysState() {
        String out = commands.node();
        assertTrue(out.contains("id           abc"), out);
        assertTrue(out.contains("uka 2 (preferred) ranking 10, jdk 1 (offered) ranking 0, kryo 1 ranking -5"), out);
        assertTrue(out.contains("collectors   none"), out);
        assertTrue(out.contains("parastation  not running"), out);
        assertTrue(out.contains("tcp          running        tcp 127.0.0.1:2099")
                || out.lines().anyMatch(l -> l.startsWith("tcp ") && l.contains(" running ") && l.endsWith("tcp 127.0.0.1:2099")), out);
    }

    @Test
    void statsHasOneRowPerRunningTechnologyAndOnePerCollector() {
        String out = commands.stats();
        String[] tables = out.split("\n\n");
        assertEquals(2, tables.length, out);
        assertEquals(2, tables[0].lines().count(), out);
        assertTrue(out.startsWith("TECHNOLOGY  CALLS OUT"), out);
        assertEquals(2, tables[1].lines().count(), out);
        assertTrue(tables[1].lines().skip(1).findFirst().orElse("").matches("lease +3 +120 +3 +48 +1 *"), out);
    }

    @Test
    void registryListsNamesWithTheirRemoteInterfacesAndLookupDescribesOne() throws Exception {
        assertTrue(commands.registry().contains("echo  " + Echo.class.getName()), commands.registry());
        assertTrue(commands.lookup("missing").contains("not bound"), commands.lookup("missing"));
    }

    @Test
    void pingReportsReachableNotBoundAndUnreachable() throws Exception {
        assertTrue(commands.ping("rmi://localhost:2099/echo", 3).contains("reachable: " + Echo.class.getName()));
        assertTrue(commands.ping("rmi://localhost:2099/nope", 1).contains("'nope' not bound"));
        String down = commands.ping("rmi://localhost:1/x", 1);
        assertTrue(down.contains("unreachable: ") && down.contains("nobody"), down);
    }

    @Test
    void pingRefusesACountBeyondItsBound() {
        assertThrows(IllegalArgumentException.class, () -> commands.ping("rmi://localhost:2099/echo", 0));
        assertThrows(IllegalArgumentException.class, () -> commands.ping("rmi://localhost:2099/echo", 100_000));
        assertThrows(MalformedURLException.class, () -> commands.ping("http://x/", 1));
    }
}
