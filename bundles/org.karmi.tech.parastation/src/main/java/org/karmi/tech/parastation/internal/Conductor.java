package org.karmi.tech.parastation.internal;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;

import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.ManyToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.MessageHandler;

/**
 * The node's housekeeping agent: accepts connect requests from the accept ring, writes the
 * heartbeat, checks peers' liveness and closes idle pooled connections at the heartbeat
 * interval, and unblocks the accept ring if a client died while posting. Threading: runs on
 * its own thread; {@link #stop()} from any thread.
 */
final class Conductor implements Runnable, MessageHandler {

    private static final System.Logger LOG = System.getLogger(Conductor.class.getName());
    /** A record claimed but not committed for this long belongs to a dead client. */
    private static final long ACCEPT_STALL_MS = 1_000;

    private final ParaStationNode node;
    private final ManyToOneRingBuffer acceptRing;
    private final IdleStrategy idle;
    private volatile boolean running = true;
    private long nextDutyMs;
    private long lastHead = -1;
    private long stalledSinceMs;

    Conductor(ParaStationNode node) {
        this.node = node;
        this.acceptRing = node.nodeFile().acceptRing();
        this.idle = node.config().newConductorIdleStrategy();
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        try {
            while (running) {
                idle.idle(doWork());
            }
        } catch (RuntimeException | Error e) {
            LOG.log(Level.ERROR, "parastation: conductor of node " + node.port() + " failed", e);
        }
    }

    /** One round; returns the work done (0: nothing to do). */
    int doWork() {
        int work = acceptRing.read(this, 16);
        long now = System.currentTimeMillis();
        if (now - nextDutyMs >= 0) {
            nextDutyMs = now + node.config().heartbeatIntervalMs();
            work += node.duty(now);
            checkAcceptStall(now);
        }
        return work;
    }

    @Override
    public void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length) {
        if (msgTypeId != NodeDescriptor.CONNECT_MSG_TYPE_ID || length < NodeDescriptor.CONNECT_LENGTH) {
            LOG.log(Level.WARNING, "parastation: ignoring accept record of type " + msgTypeId + ", " + length + " bytes");
            return;
        }
        int clientPort = ShmFile.getInt(buffer, index + NodeDescriptor.CONNECT_CLIENT_PORT_OFFSET);
        int seq = ShmFile.getInt(buffer, index + NodeDescriptor.CONNECT_SEQ_OFFSET);
        node.accept(clientPort, seq);
    }

    private void checkAcceptStall(long now) {
        long head = acceptRing.consumerPositionAcquire();
        if (head == acceptRing.producerPositionAcquire() || head != lastHead) {
            lastHead = head;
            stalledSinceMs = now;
            return;
        }
        if (now - stalledSinceMs > ACCEPT_STALL_MS && acceptRing.unblock()) {
            LOG.log(Level.WARNING, "parastation: node " + node.port() + " skipped an accept record a dead client"
                    + " left unfinished");
            stalledSinceMs = now;
        }
    }
}
