package org.karmi.tech.parastation.internal;

import java.io.IOException;

/**
 * Another node of the domain as this node sees it: its mapped node file (accept ring,
 * heartbeat, state, process id) and whether it is still alive. The conductor
 * {@linkplain #checkAlive checks} it at the heartbeat interval; waiting threads only read the
 * {@code dead} flag. Thread-safe.
 */
final class PeerNode {

    private final int port;
    private final NodeFile file;
    private final long pid;
    private final long startMillis;
    private final DoorbellRinger ringer;
    private final WakeTarget conductor;
    private volatile String deathReason;
    /** Start time of the peer's process from /proc, taken at the first check; null: no /proc. */
    private String procStart;
    private boolean probed;

    PeerNode(int port, NodeFile file, ParaStationStatistics statistics) {
        this.port = port;
        this.file = file;
        this.ringer = new DoorbellRinger(file.doorbellPath(), statistics);
        this.conductor = new WakeTarget(file.conductorWakeWord(), ringer);
        this.pid = file.pid();
        this.startMillis = file.startMillis();
    }

    int port() { return port; }
    NodeFile file() { return file; }
    long pid() { return pid; }
    DoorbellRinger ringer() { return ringer; }
    /** The peer's conductor (rung after posting a connect request). */
    WakeTarget conductor() { return conductor; }

    boolean isDead() {
        return deathReason != null;
    }

    /** Why the peer is unusable, or null while it is alive. */
    String deathReason() {
        return deathReason;
    }

    /** @throws IOException if the peer died or closed */
    void checkAlive() throws IOException {
        String reason = deathReason;
        if (reason != null) {
            throw new IOException(reason);
        }
    }

    /**
     * Checks the peer's process, state and heartbeat (a few {@code /proc} reads): for the
     * conductor only.
     *
     * @return true if the peer died since the last check (its files should be reclaimed)
     */
    boolean checkAliveNow(long nowMs, long livenessTimeoutMs) {
        if (deathReason != null) {
            return false;
        }
        if (file.stateAcquire() == NodeDescriptor.STATE_CLOSED) {
            deathReason = "parastation: node " + port + " (pid " + pid + ") closed";
            ringer.close();
            return false;
        }
        if (!processAlive()) {
            processEnded = true;
            deathReason = "parastation: node " + port + " (pid " + pid + ") died";
            ringer.close();
            return true;
        }
        long silentMs = nowMs - file.heartbeatAcquire();
        if (silentMs > livenessTimeoutMs) {
            deathReason = "parastation: node " + port + " (pid " + pid + ") sent no heartbeat for " + silentMs + " ms";
            ringer.close();
            return false;
        }
        return false;
    }

    private boolean processAlive() {
        if (!probed) {
            probed = true;
            if (!ProcessLiveness.isAlive(pid, startMillis)) {
                return false;
            }
            procStart = ProcessLiveness.procStartTicks(pid);
            return true;
        }
        if (procStart == null) {
            return ProcessLiveness.isAlive(pid, startMillis);
        }
        return procStart.equals(ProcessLiveness.procStartTicks(pid)); // same process, still running
    }

    /** Marks the peer unusable (for example after our own close). */
    void markDead(String reason) {
        if (deathReason == null) {
            deathReason = reason;
        }
        ringer.close();
    }

    @Override
    public String toString() {
        return "PeerNode[port=" + port + ", pid=" + pid + (deathReason != null ? ", " + deathReason : "") + "]";
    }

    /** Whether the peer's process ended (not merely closed its technology or went silent). */
    private volatile boolean processEnded;

    /** Whether the conductor found the peer's process ended. */
    boolean processEnded() {
        return processEnded;
    }

    /** The KaRMI node ids that handshook over this peer's channels (reported when it dies). */
    private final java.util.Set<Long> nodeIds = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Records a KaRMI node id a channel of this peer announced. */
    void sawNode(long nodeId) {
        nodeIds.add(nodeId);
    }

    /** The KaRMI node ids seen over this peer's channels. */
    java.util.Set<Long> nodeIds() {
        return nodeIds;
    }
}
