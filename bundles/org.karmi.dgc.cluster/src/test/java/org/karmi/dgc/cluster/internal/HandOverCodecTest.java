package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StreamCorruptedException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

/** The handed-over state's layout: a round trip keeps everything, anything malformed is refused with a clear error. */
class HandOverCodecTest {

    private static final long SELF = 0xb;
    private static final long A = 0xa;
    private static final long C = 0xc;
    private static final long D = 0xd;

    /** A state with every section filled: owned, held (with and without parent), a verdict, a dead node, owed (fresh and retried), addresses. */
    private static byte[] sample() {
        Outbox outbox = new Outbox(10, 5);
        Ledger ledger = new Ledger(SELF, outbox);
        outbox.nodeFailed(D);
        outbox.failed(C, DecrementDescriptor.encode(C, Map.of(new ObjectId(C, 9), new long[] {2}), 10), 1, 0);
        ObjectId own = new ObjectId(SELF, 1);
        ObjectId gone = new ObjectId(SELF, 2);
        ObjectId adopted = new ObjectId(SELF, 3);
        ObjectId held = new ObjectId(A, 7);
        ObjectId passedOn = new ObjectId(C, 8);
        ledger.sent(own, A);
        ledger.sent(own, C);
        ledger.sent(own, C);
        ledger.sent(gone, A);
        ledger.decremented(A, gone, 1); // a verdict not reported yet
        ledger.adopted(adopted);
        ledger.received(held, A, true);
        ledger.received(held, C, false); // owes C one
        ledger.sent(passedOn, A); // an entry without parent
        outbox.add(A, held, 1);
        Map<Long, List<Utid>> addresses = new LinkedHashMap<>();
        addresses.put(A, List.of(new Utid("sim", new byte[] {1, 2}), new Utid("tcp", new byte[0])));
        return HandOverCodec.encode(SELF, ledger, outbox, addresses);
    }

    @Test
    void aRoundTripKeepsTheWholeState() throws Exception {
        byte[] state = sample();
        Outbox outbox = new Outbox(10, 5);
        Ledger ledger = new Ledger(SELF, outbox);
        Map<Long, List<Utid>> addresses = new HashMap<>();
        HandOverCodec.decode(state, SELF, ledger, outbox, addresses);
        assertEquals(2, ledger.sentTo(new ObjectId(SELF, 1), C));
        assertEquals(1, ledger.sentTo(new ObjectId(C, 8), A));
        assertEquals(List.of(new ObjectId(SELF, 2)), ledger.takeVerdicts());
        assertEquals(2, ledger.ownedEntries(), "own and adopted; the one at zero left");
        assertEquals(2, ledger.heldEntries());
        assertEquals(2, ledger.awaitingReplay(), "both held entries count a live stub: the replay is to confirm them");
        assertEquals(3, outbox.pending(), "one to A, two to C (one fresh, one in a message to retry)");
        assertEquals(List.of(D), outbox.deadNodes());
        assertEquals(2, addresses.get(A).size());
        // the verdict was taken above: with it back, the state encodes to as many bytes (maps may iterate otherwise)
        ledger.restoreVerdict(new ObjectId(SELF, 2));
        byte[] again = HandOverCodec.encode(SELF, ledger, outbox, addresses);
        assertEquals(state.length, again.length);
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] state = sample();
        for (int n = 0; n < state.length; n++) {
            byte[] cut = Arrays.copyOf(state, n);
            assertThrows(StreamCorruptedException.class, () -> decode(cut), "cut at " + n);
        }
    }

    @Test
    void aTrailingByteAnotherNodesStateAndAnUnknownVersionAreRefused() {
        byte[] state = sample();
        assertThrows(StreamCorruptedException.class, () -> decode(Arrays.copyOf(state, state.length + 1)));
        byte[] other = state.clone();
        WireBuffer.putLong(other, 1, C);
        assertThrows(StreamCorruptedException.class, () -> decode(other));
        byte[] version = state.clone();
        version[0] = 2;
        assertThrows(StreamCorruptedException.class, () -> decode(version));
    }

    @Test
    void aHugeClaimedCountIsRefusedBeforeAnythingIsAllocated() {
        byte[] state = sample();
        byte[] huge = state.clone();
        WireBuffer.putInt(huge, 9, Integer.MAX_VALUE); // the owned section's count
        assertThrows(StreamCorruptedException.class, () -> decode(huge));
    }

    @Property(shrinking = ShrinkingMode.OFF, tries = 500)
    void corruptedBytesAreRefusedOrDecodedNeverAnotherFailure(@ForAll long seed) {
        Random rnd = new Random(seed);
        byte[] state = sample();
        for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
            state[rnd.nextInt(state.length)] = (byte) rnd.nextInt(256);
        }
        try {
            decode(state);
        } catch (StreamCorruptedException expected) {
            // refused, as it should be
        }
    }

    @Test
    void anEmptyStateEncodesToItsHeaderAndSixEmptySections() throws Exception {
        Outbox outbox = new Outbox(10, 5);
        byte[] state = HandOverCodec.encode(SELF, new Ledger(SELF, outbox), outbox, Map.of());
        assertEquals(9 + 6 * 4, state.length);
        assertArrayEquals(state, HandOverCodec.encode(SELF, new Ledger(SELF, outbox), outbox, Map.of()));
        decode(state);
    }

    private static void decode(byte[] state) throws StreamCorruptedException {
        Outbox outbox = new Outbox(10, 5);
        HandOverCodec.decode(state, SELF, new Ledger(SELF, outbox), outbox, new HashMap<>());
    }
}
