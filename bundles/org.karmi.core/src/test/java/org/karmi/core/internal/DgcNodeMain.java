package org.karmi.core.internal;

import java.util.ArrayList;
import java.util.List;

import org.karmi.core.internal.Counters.Counter;
import org.karmi.dgc.lease.internal.LeaseCollector;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * A node with TCP and the lease collector (lease from {@code java.rmi.dgc.leaseValue}) in a
 * child JVM. {@code server}: binds a {@link DgcServer} as "dgc" and prints {@code READY <port>}.
 * {@code client <port> <n>}: makes n counters at that server, holds them and prints
 * {@code HOLDING}. Either ends when its standard input ends (or when it is killed).
 */
public final class DgcNodeMain {

    private DgcNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        KarmiNode node = new KarmiNode(NodeConfig.fromSystemProperties(), new JdkSerializer());
        node.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        node.addCollector(new LeaseCollector());
        List<Counter> held = new ArrayList<>();
        if (args[0].equals("server")) {
            node.registry().bind("dgc", node.export(new DgcServer.Impl(node)));
            System.out.println("READY " + TestNodes.port(node));
        } else {
            DgcServer server = (DgcServer) node.registry("127.0.0.1", Integer.parseInt(args[1])).lookup("dgc");
            for (int i = Integer.parseInt(args[2]); i > 0; i--) {
                held.add(server.make());
            }
            System.out.println("HOLDING " + held.size());
        }
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the parent to close our input (or to kill us)
        }
        held.clear();
        node.close();
    }
}
