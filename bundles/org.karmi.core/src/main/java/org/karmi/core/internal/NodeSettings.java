package org.karmi.core.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The node's current {@link NodeConfig}, read by every part at the moment it needs a setting,
 * so that a new configuration applies to the next call, export or connection without
 * rebuilding the node. Thread-safe: one volatile reference.
 */
final class NodeSettings {

    private volatile NodeConfig current;

    NodeSettings(NodeConfig initial) {
        this.current = Objects.requireNonNull(initial, "config");
    }

    NodeConfig get() {
        return current;
    }

    /**
     * Takes {@code next}, except what only a new node can change (kept as it was).
     *
     * @return the settings that differ but were kept, by key (empty: all applied)
     */
    List<String> update(NodeConfig next) {
        NodeConfig now = current;
        List<String> kept = new ArrayList<>();
        if (next.inboundBudgetBytes != now.inboundBudgetBytes) {
            kept.add("inbound.budget");
        }
        current = next.withFixedOf(now);
        return kept;
    }
}
