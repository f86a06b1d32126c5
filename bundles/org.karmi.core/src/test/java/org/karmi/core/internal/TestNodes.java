package org.karmi.core.internal;

import java.util.Map;

import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.transport.Technology;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/** Builds nodes for tests: jdk serializer, TCP on an ephemeral loopback port. */
final class TestNodes {

    private TestNodes() {
    }

    static KarmiNode tcpNode() throws Exception {
        return tcpNode(Map.of());
    }

    static KarmiNode tcpNode(Map<String, ?> config) throws Exception {
        KarmiNode node = new KarmiNode(NodeConfig.from(config), new JdkSerializer());
        node.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return node;
    }

    static Technology tcp(KarmiNode node) {
        return node.runningTechnologies().get(0);
    }

    static int port(KarmiNode node) {
        return TcpUtids.port(node.localUtids().get(0));
    }
}
