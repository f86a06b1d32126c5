package org.karmi.tech.parastation.internal;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.ManyToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.MessageHandler;
import org.karmi.tech.parastation.internal.ring.RingCorruptedException;

/**
 * The node's housekeeping agent: first {@linkplain WarmUp warms} the connection path, then accepts connect requests from the accept ring, wakes the
 * node's sleeping waiters whose {@link Doorbell} slot was rung, writes the heartbeat, checks
 * peers' liveness and closes idle pooled connections at the heartbeat interval, and unblocks
 * the accept ring if a client died while posting. With nothing to do it blocks on the
 * doorbell until the next duty (a connecting client rings it after posting). Threading: runs
 * on its own thread; {@link #stop()} from any thread.
 */
final class Conductor implements Runnable, MessageHandler {

    private static final System.Logger LOG = System.getLogger(Conductor.class.getName());
    /** A record claimed but not committed for this long belongs to a dead client. */
    private static final long ACCEPT_STALL_MS = 1_000;
    /** Longest sleep of a conductor without a doorbell (its socket could not be bound). */
    private static final long NO_DOORBELL_PARK_MS = 10;

    private final ParaStationNode node;
    private final ManyToOneRingBuffer acceptRing;
    private final WakeWord wakeWord;
    private final Doorbell doorbell;
    private volatile boolean running = true;
    private long nextDutyMs;
    private long lastHead = -1;
    private long stalledSinceMs;

    Conductor(ParaStationNode node, Doorbell doorbell) {
        this.node = node;
        this.acceptRing = node.nodeFile().acceptRing();
        this.wakeWord = node.nodeFile().conductorWakeWord();
        this.doorbell = doorbell;
    }

    void stop() {
        running = false;
        if (doorbell != null) {
            doorbell.wakeup();
        }
    }

    /**
     * Works until stopped. A round that fails (a bug, or something in shared memory no check
     * foresaw) is logged through the node's {@link FailureLog} and the conductor goes on: its
     * heartbeat is what tells the other nodes this one lives.
     */
    @Override
    public void run() {
        try {
            WarmUp.run(node); // the first connection after a lookup must not load what this loads
            while (running) {
                int work;
                try {
                    work = doWork();
                } catch (RuntimeException e) {
                    node.failures().internalFailure("parastation: a round of the conductor of node " + node.port()
                            + " failed: " + e, e);
                    work = 0;
                }
                if (work == 0) {
                    sleep();
                }
            }
        } catch (Error e) {
            LOG.log(Level.ERROR, "parastation: conductor of node " + node.port() + " failed", e);
        }
    }

    /** Blocks on the doorbell until the next duty, unless a connect request came meanwhile. */
    private void sleep() {
        long waitMs = Math.max(1, nextDutyMs - System.currentTimeMillis());
        wakeWord.sleep();
        if (acceptRing.sizeAcquire() != 0) {
            waitMs = 1; // a request claimed, maybe not yet committed: its client rings after committing
        }
        if (running) {
            if (doorbell != null) {
                doorbell.await(waitMs);
            } else {
                LockSupport.parkNanos(Math.min(waitMs, NO_DOORBELL_PARK_MS) * 1_000_000L);
            }
        }
        wakeWord.awake();
    }

    /** One round; returns the work done (0: nothing to do). */
    int doWork() {
        int work;
        try {
            work = acceptRing.read(this, 16);
        } catch (RingCorruptedException e) {
            discardAcceptRing(e.getMessage());
            work = 1;
        }
        if (doorbell != null) {
            work += doorbell.await(0);
        }
        long now = System.currentTimeMillis();
        if (now - nextDutyMs >= 0) {
            nextDutyMs = now + node.config().heartbeatIntervalMs();
            node.duty(now);
            checkAcceptStall(now);
        }
        return work;
    }

    @Override
    public void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length) {
        if (msgTypeId != NodeDescriptor.CONNECT_MSG_TYPE_ID || length != NodeDescriptor.CONNECT_LENGTH) {
            node.statistics().acceptRecordsDropped.increment();
            node.failures().requestRefused("parastation: node " + node.port() + " ignored an accept record of type "
                    + msgTypeId + " and " + length + " bytes (a connect request is type "
                    + NodeDescriptor.CONNECT_MSG_TYPE_ID + " and " + NodeDescriptor.CONNECT_LENGTH + " bytes)", null);
            return;
        }
        int clientPort = ByteBufferAccess.getInt(buffer, index + NodeDescriptor.CONNECT_CLIENT_PORT_OFFSET);
        int seq = ByteBufferAccess.getInt(buffer, index + NodeDescriptor.CONNECT_SEQ_OFFSET);
        node.accept(clientPort, seq);
    }

    /**
     * Drops everything unread in the accept ring, which some process of the domain wrote
     * garbage into: the connect requests in it are lost (their clients time out and retry),
     * later ones work again.
     */
    private void discardAcceptRing(String why) {
        boolean reset = acceptRing.discardAll();
        lastHead = -1;
        node.statistics().acceptRecordsDropped.increment();
        node.failures().requestRefused("parastation: the accept ring of node " + node.port() + " is corrupt ("
                + why + "); its unread connect requests are dropped" + (reset ? "" : "; retrying"), null);
    }

    private void checkAcceptStall(long now) {
        if (acceptRing.positionsCorrupt()) {
            discardAcceptRing("head " + acceptRing.consumerPositionAcquire() + ", tail "
                    + acceptRing.producerPositionAcquire());
            return;
        }
        long head = acceptRing.consumerPositionAcquire();
        if (head == acceptRing.producerPositionAcquire() || head != lastHead) {
            lastHead = head;
            stalledSinceMs = now;
            return;
        }
        if (now - stalledSinceMs > ACCEPT_STALL_MS) {
            boolean unblocked;
            try {
                unblocked = acceptRing.unblock();
            } catch (RingCorruptedException e) {
                discardAcceptRing(e.getMessage());
                return;
            }
            if (unblocked) {
                node.statistics().acceptRecordsDropped.increment();
                node.failures().requestRefused("parastation: node " + node.port() + " skipped an accept record a"
                        + " dead client left unfinished", null);
                stalledSinceMs = now;
            }
        }
    }
}
