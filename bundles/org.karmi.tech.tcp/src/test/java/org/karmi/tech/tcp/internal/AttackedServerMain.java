package org.karmi.tech.tcp.internal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.TechnologyStatistics;

/**
 * Main of the server JVM in {@link AttackTest}: a tcp technology with the default settings
 * (1024 connections, 64 MiB frames) on an ephemeral loopback port, the node's default inbound
 * budget (a quarter of the heap) and the {@link TestContext} handler, with the io timeout given
 * as the first argument. Prints {@code PORT n}; answers each {@code STATS} line on its standard
 * input with {@code STATS refused open calls budgetInUse}; ends when its standard input closes.
 */
public final class AttackedServerMain {

    private AttackedServerMain() {
    }

    public static void main(String[] args) throws Exception {
        TestContext node = new TestContext(0xa77acL, "jdk", 1, Long.parseLong(args[0]));
        node.budget = InboundByteBudget.ofHeapFraction();
        TcpTechnology tcp = new TcpTechnology(TcpSettings.defaults().withPort(0));
        tcp.start(node);
        System.out.println("PORT " + TcpAddress.decode(tcp.localUtid()).getPort());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("STATS")) {
                TechnologyStatistics s = tcp.statistics();
                System.out.println("STATS " + s.connectionsRefused() + " " + s.connectionsOpen() + " "
                        + s.callsReceived() + " " + node.budget.inUse());
                System.out.flush();
            }
        }
        tcp.close();
        node.shutdown();
    }
}
