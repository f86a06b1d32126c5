package org.karmi.tech.parastation.internal.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rings whose shared memory another process wrote garbage into: every bad length, type or
 * position is a {@link RingCorruptedException} naming it, never an out-of-bounds access, a
 * misaligned-access {@code IllegalStateException} or an endless loop; records before the bad
 * one are still delivered; a corrupt many-to-one ring works again after {@code discardAll}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileRingTest {

    private static final int CAPACITY = 1024;

    static Stream<Function<ByteBuffer, RingBuffer>> kinds() {
        return Stream.of(OneToOneRingBuffer::new, ManyToOneRingBuffer::new);
    }

    private static ByteBuffer memory() {
        return ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(CAPACITY));
    }

    /** Claims a record after one good record and rewrites its length (and type) as a hostile writer would. */
    private static RingBuffer ringWithBadSecondRecord(Function<ByteBuffer, RingBuffer> kind, int length, int type) {
        RingBuffer ring = kind.apply(memory());
        assertTrue(ring.write(5, new byte[] {42}, 0, 1));
        int index = ring.tryClaim(5, 16);
        int record = index - RecordDescriptor.HEADER_LENGTH;
        ByteBufferAccess.putInt(ring.buffer(), RecordDescriptor.typeOffset(record), type);
        ByteBufferAccess.putIntRelease(ring.buffer(), RecordDescriptor.lengthOffset(record), length);
        return ring;
    }

    private static List<Integer> readAll(RingBuffer ring, List<Integer> firstBytes) {
        ring.read((t, b, i, l) -> firstBytes.add((int) b.get(i)), 100);
        return firstBytes;
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void recordLongerThanItsBlockIsRefusedAfterTheRecordsBeforeIt(Function<ByteBuffer, RingBuffer> kind) {
        RingBuffer ring = ringWithBadSecondRecord(kind, 0x4000_0000, 5);
        List<Integer> delivered = new ArrayList<>();
        RingCorruptedException e = assertThrows(RingCorruptedException.class, () -> readAll(ring, delivered));
        assertTrue(e.getMessage().contains("length 1073741824"), e.getMessage());
        assertEquals(List.of(42), delivered, "the good record before it was delivered");
        assertEquals(16, ring.consumerPositionAcquire(), "and consumed; the bad one stays");
        assertThrows(RingCorruptedException.class, () -> readAll(ring, delivered), "it stays refused");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void recordShorterThanItsHeaderIsRefused(Function<ByteBuffer, RingBuffer> kind) {
        RingBuffer ring = ringWithBadSecondRecord(kind, 3, 5);
        assertThrows(RingCorruptedException.class, () -> readAll(ring, new ArrayList<>()));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void messageLongerThanTheRingsLimitIsRefusedEvenWhereItWouldFit(Function<ByteBuffer, RingBuffer> kind) {
        RingBuffer ring = ringWithBadSecondRecord(kind, RecordDescriptor.HEADER_LENGTH + CAPACITY / 8 + 8, 5);
        RingCorruptedException e = assertThrows(RingCorruptedException.class, () -> readAll(ring, new ArrayList<>()));
        assertTrue(e.getMessage().contains("length in [8, 128]"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void typeThatIsNeitherPositiveNorPaddingIsRefused(Function<ByteBuffer, RingBuffer> kind) {
        for (int type : new int[] {0, -2, Integer.MIN_VALUE}) {
            RingBuffer ring = ringWithBadSecondRecord(kind, 24, type);
            RingCorruptedException e = assertThrows(RingCorruptedException.class,
                    () -> readAll(ring, new ArrayList<>()), "type " + type);
            assertTrue(e.getMessage().contains("type " + type), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void paddingPastTheEndOfTheDataAreaIsRefused(Function<ByteBuffer, RingBuffer> kind) {
        RingBuffer ring = ringWithBadSecondRecord(kind, CAPACITY, RecordDescriptor.PADDING_MSG_TYPE_ID);
        assertThrows(RingCorruptedException.class, () -> readAll(ring, new ArrayList<>()));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void misalignedPositionsAreRefusedNotMisalignedAccesses(Function<ByteBuffer, RingBuffer> kind) {
        RingBuffer reader = kind.apply(memory());
        ByteBufferAccess.putLong(reader.buffer(), CAPACITY + RingBufferDescriptor.HEAD_POSITION_OFFSET, 3);
        RingCorruptedException e = assertThrows(RingCorruptedException.class,
                () -> readAll(reader, new ArrayList<>()));
        assertTrue(e.getMessage().contains("head position 3"), e.getMessage());
        RingBuffer writer = kind.apply(memory());
        ByteBufferAccess.putLong(writer.buffer(), CAPACITY + RingBufferDescriptor.TAIL_POSITION_OFFSET, 5);
        e = assertThrows(RingCorruptedException.class, () -> writer.tryClaim(1, 8));
        assertTrue(e.getMessage().contains("tail position 5"), e.getMessage());
    }

    @Test
    void corruptManyToOneRingIsDiscardedAndThenWorksAgain() {
        ManyToOneRingBuffer ring = (ManyToOneRingBuffer) ringWithBadSecondRecord(ManyToOneRingBuffer::new,
                0x7fff_fff8, 5);
        assertThrows(RingCorruptedException.class, () -> readAll(ring, new ArrayList<>()));
        assertTrue(ring.discardAll());
        assertEquals(0, ring.sizeAcquire());
        assertTrue(ring.write(6, new byte[] {7}, 0, 1));
        assertEquals(List.of(7), readAll(ring, new ArrayList<>()));
    }

    @Test
    void manyToOneRingWhoseTailWasThrownFarAheadIsRecognisedAndReset() {
        ManyToOneRingBuffer ring = new ManyToOneRingBuffer(memory());
        ByteBufferAccess.putLong(ring.buffer(), CAPACITY + RingBufferDescriptor.TAIL_POSITION_OFFSET,
                (1L << 40) + 4096);
        assertTrue(ring.positionsCorrupt());
        assertEquals(RingBuffer.INSUFFICIENT_CAPACITY, ring.tryClaim(1, 8), "nothing fits while it is corrupt");
        assertTrue(ring.discardAll());
        assertFalse(ring.positionsCorrupt());
        assertTrue(ring.write(6, new byte[] {9}, 0, 1));
        assertEquals(List.of(9), readAll(ring, new ArrayList<>()));
    }

    @Test
    void unblockRefusesAClaimThatCannotFitInsteadOfMakingANegativePadding() {
        ManyToOneRingBuffer ring = new ManyToOneRingBuffer(memory());
        int index = ring.tryClaim(5, 16); // claimed, never committed
        int record = index - RecordDescriptor.HEADER_LENGTH;
        ByteBufferAccess.putIntRelease(ring.buffer(), RecordDescriptor.lengthOffset(record), Integer.MIN_VALUE);
        assertThrows(RingCorruptedException.class, ring::unblock);
        assertTrue(ring.discardAll());
        assertTrue(ring.write(6, new byte[] {1}, 0, 1));
        assertEquals(List.of(1), readAll(ring, new ArrayList<>()));
    }
}
