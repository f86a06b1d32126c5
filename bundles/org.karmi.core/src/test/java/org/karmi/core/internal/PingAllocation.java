package org.karmi.core.internal;

import java.lang.management.ManagementFactory;
import java.util.Map;

import org.karmi.serial.UkaSerializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * Not a test: prints the bytes the caller's thread allocates per {@code void ping()} once warm
 * (ThreadMXBean {@code getThreadAllocatedBytes}), over TCP, with the uka serializer and the
 * generated stub. Run: {@code java -cp <core test class path> org.karmi.core.internal.PingAllocation [calls]}.
 */
public final class PingAllocation {

    private PingAllocation() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        KarmiNode server = node();
        KarmiNode client = node();
        try {
            server.registry().bind("s", server.export(new ServiceImpl(server, "s")));
            Service s = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
            System.out.println("stub: " + s.getClass().getName());
            long tid = Thread.currentThread().getId();
            for (int round = 0; round < 5; round++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < calls; i++) {
                    s.ping();
                }
                long bytes = mx.getThreadAllocatedBytes(tid) - before;
                System.out.printf("round %d: %.1f bytes per void ping() on the caller%n", round, (double) bytes / calls);
            }
        } finally {
            client.close();
            server.close();
        }
    }

    private static KarmiNode node() throws Exception {
        KarmiNode n = new KarmiNode(NodeConfig.from(Map.of()), new UkaSerializer());
        n.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return n;
    }
}
