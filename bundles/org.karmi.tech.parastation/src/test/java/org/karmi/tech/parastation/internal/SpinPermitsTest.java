package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/** The domain's permits to busy-wait: shared by every node, given back by a dead node's reclaimer. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SpinPermitsTest {

    private static ByteBuffer words() {
        return ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void nodesOfOneDomainShareTheLimitAndEachCountsItsShare() {
        ByteBuffer domain = words();
        ByteBuffer nodeA = words();
        ByteBuffer nodeB = words();
        SpinPermits a = new SpinPermits(domain, 4, nodeA, 8, 2);
        SpinPermits b = new SpinPermits(domain, 4, nodeB, 8, 2);
        assertTrue(a.tryAcquire());
        assertTrue(b.tryAcquire());
        assertFalse(a.tryAcquire(), "two of two permits taken, by two nodes");
        assertFalse(b.tryAcquire());
        assertEquals(2, a.spinningNow());
        assertEquals(1, a.spinningHere());
        assertEquals(1, b.spinningHere());
        b.release();
        assertTrue(a.tryAcquire(), "a permit given back is taken again");
        assertEquals(2, a.spinningHere());
        assertEquals(0, b.spinningHere());
    }

    @Test
    void theShareOfADeadNodeGoesBackOnceAndNeverBelowZero() {
        ByteBuffer domain = words();
        ByteBuffer dead = words();
        SpinPermits d = new SpinPermits(domain, 4, dead, 8, 3);
        assertTrue(d.tryAcquire());
        assertTrue(d.tryAcquire());
        assertEquals(2, SpinPermits.reclaim(domain, 4, dead, 8));
        assertEquals(0, SpinPermits.reclaim(domain, 4, dead, 8), "a second reclaimer finds nothing");
        assertEquals(0, d.spinningNow());
        ByteBuffer other = words();
        other.putInt(8, 5); // a share larger than the count (a node killed between its two increments)
        SpinPermits.reclaim(domain, 4, other, 8);
        assertEquals(0, domain.getInt(4), "the count never goes below zero");
    }

    @Test
    void noPermitMeansSleepingRightAfterTheFirstSpinAndThePermitGoesBackWithTheWait() {
        ByteBuffer ringBuffer = ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(1024))
                .order(ByteOrder.LITTLE_ENDIAN);
        OneToOneRingBuffer ring = new OneToOneRingBuffer(ringBuffer);
        WakeWord word = new WakeWord(words(), 0, 4);
        ParaStationStatistics stats = new ParaStationStatistics();
        SpinPermits none = SpinPermits.local(0);
        DoorbellIdleStrategy refused = new DoorbellIdleStrategy(0, 1_000_000_000L, 1_000_000L, ring, word,
                new Waiter(1), none, stats);
        while (!refused.isParking()) {
            refused.idle();
        }
        assertEquals(1, stats.spinsRefused(), "no permit: asleep after the first spin, not after the yield time");
        refused.reset();

        SpinPermits one = SpinPermits.local(1);
        DoorbellIdleStrategy holder = new DoorbellIdleStrategy(0, 1_000_000_000L, 1_000_000L, ring, word,
                new Waiter(2), one, stats);
        for (int i = 0; i < 1_000 && one.spinningNow() == 0; i++) {
            holder.idle();
        }
        assertEquals(1, one.spinningNow(), "past its first spin it holds the one permit");
        assertFalse(holder.isParking(), "and yields instead of sleeping");
        holder.reset();
        assertEquals(0, one.spinningNow(), "the permit goes back when the wait ends");
        assertEquals(0, one.spinningHere());
    }
}
