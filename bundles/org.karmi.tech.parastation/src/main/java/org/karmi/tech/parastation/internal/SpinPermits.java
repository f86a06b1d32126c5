package org.karmi.tech.parastation.internal;

import java.nio.ByteBuffer;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;

/**
 * The host's cores as permits to busy-wait. A receiver that found nothing within its short
 * first spin takes a permit before it spins and yields on, and parks on its doorbell at once
 * when every permit is taken: so at most {@code limit} threads of the whole domain (every JVM
 * that shares the host's cores) busy-wait, and a waiting thread beyond them costs what a
 * blocked thread costs instead of taking the core from the thread it waits for.
 *
 * <p>The count lives in the domain file ({@link DomainDescriptor#SPINNING_WAITERS_OFFSET}),
 * where every node of the domain sees it; this node's share is mirrored in its node file
 * ({@link NodeDescriptor#SPINNING_WAITERS_OFFSET}), so that whoever reclaims a node whose
 * process died {@linkplain #reclaim gives its share back}. A node's share is raised before
 * and lowered after the domain's count: a process killed between the two leaves the count
 * one too low (one spinner more than cores), never too high (a permit lost for good).
 *
 * <p>Cost: taking and giving back a permit are two atomic operations each on shared cache
 * lines, paid only by a wait that outlasted its first spin (the sub-microsecond round trip
 * of an idle host never gets there). Thread-safe.
 */
final class SpinPermits {

    /** Compare-and-set attempts before a contended count is taken as "no permit" (and the waiter parks). */
    private static final int MAX_CAS_ATTEMPTS = 64;

    private final ByteBuffer domain;
    private final int domainOffset;
    private final ByteBuffer node;
    private final int nodeOffset;
    private final int limit;

    /**
     * @param limit permits (threads that may busy-wait at once in the domain); 0: none
     */
    SpinPermits(ByteBuffer domain, int domainOffset, ByteBuffer node, int nodeOffset, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("permits must not be negative: " + limit);
        }
        this.domain = domain;
        this.domainOffset = domainOffset;
        this.node = node;
        this.nodeOffset = nodeOffset;
        this.limit = limit;
    }

    /** Permits of a node without shared memory (tests): counted in a private word. */
    static SpinPermits local(int limit) {
        return new SpinPermits(ByteBuffer.allocateDirect(Integer.BYTES), 0, ByteBuffer.allocateDirect(Integer.BYTES), 0,
                limit);
    }

    int limit() {
        return limit;
    }

    /** Threads of the domain holding a permit now (may be off by one after a crash, never below 0 here). */
    int spinningNow() {
        return Math.max(0, ByteBufferAccess.getIntAcquire(domain, domainOffset));
    }

    /** This node's share of {@link #spinningNow()}. */
    int spinningHere() {
        return ByteBufferAccess.getIntAcquire(node, nodeOffset);
    }

    /**
     * Takes a permit if fewer than {@code limit} threads of the domain hold one.
     *
     * @return whether it did; the caller must then {@link #release()} it exactly once
     */
    boolean tryAcquire() {
        if (ByteBufferAccess.getIntAcquire(domain, domainOffset) >= limit) {
            return false; // every core has its spinner: one shared load, no write
        }
        ByteBufferAccess.getAndAddInt(node, nodeOffset, 1);
        for (int attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
            int n = ByteBufferAccess.getIntAcquire(domain, domainOffset);
            if (n >= limit) {
                break;
            }
            if (ByteBufferAccess.INT.compareAndSet(domain, domainOffset, n, n + 1)) {
                return true;
            }
        }
        ByteBufferAccess.getAndAddInt(node, nodeOffset, -1);
        return false;
    }

    /** Gives back a permit {@link #tryAcquire()} took. */
    void release() {
        ByteBufferAccess.getAndAddInt(domain, domainOffset, -1);
        ByteBufferAccess.getAndAddInt(node, nodeOffset, -1);
    }

    /**
     * Gives back the permits a node whose process died still held: its node file's share
     * (taken once: a second reclaimer finds 0) comes off the domain's count, which it never
     * makes negative.
     *
     * @param deadNode the dead node's mapped node file
     * @return the permits given back
     */
    static int reclaim(ByteBuffer domain, int domainOffset, ByteBuffer deadNode, int nodeOffset) {
        int share = (int) ByteBufferAccess.INT.getAndSet(deadNode, nodeOffset, 0);
        if (share <= 0) {
            return 0;
        }
        int n;
        do {
            n = ByteBufferAccess.getIntAcquire(domain, domainOffset);
        } while (!ByteBufferAccess.INT.compareAndSet(domain, domainOffset, n, Math.max(0, n - share)));
        return share;
    }

    @Override
    public String toString() {
        return "SpinPermits[" + spinningNow() + " of " + limit + " taken, " + spinningHere() + " here]";
    }
}
