package org.karmi.core.internal;

import java.util.Map;

import org.karmi.Karmi;

/** A TCP node installed as the static facade's default runtime ({@code Karmi}) for one test. */
final class FacadeNodes {

    private FacadeNodes() {
    }

    /** A TCP node on an ephemeral loopback port, installed as the default runtime. */
    static KarmiNode install(Map<String, ?> config) throws Exception {
        KarmiNode node = TestNodes.tcpNode(config);
        if (!Karmi.install(node)) {
            node.close();
            throw new IllegalStateException("another KaRMI runtime is installed: " + Karmi.current());
        }
        return node;
    }

    /** Uninstalls and closes {@code node} (quietly if {@code null}). */
    static void remove(KarmiNode node) {
        if (node != null) {
            Karmi.uninstall(node);
            node.close();
        }
    }
}
