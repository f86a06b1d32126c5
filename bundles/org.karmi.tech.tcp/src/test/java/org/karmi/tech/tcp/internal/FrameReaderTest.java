package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * The frame reader without sockets: a large frame's buffer grows by doubling only as its bytes
 * arrive, pays its growth from the inbound budget and gives it back on every exit path;
 * frames that fit the buffer touch neither the budget nor the heap.
 */
@Timeout(30)
class FrameReaderTest {

    private static final int INITIAL = FrameReader.INITIAL_CAPACITY;
    private static final int MAX = TcpSettings.DEFAULT_MAX_FRAME_BYTES;

    /** Capacity and held bytes of a reader, seen at each read it makes. */
    private record Seen(int delivered, int capacity, long held) {
    }

    /** Chunked input that records what the reader holds each time it asks for more. */
    private static final class Observed extends InputStream {
        final List<Seen> seen = new ArrayList<>();
        final InputStream in;
        FrameReader reader;
        int delivered;

        Observed(byte[] bytes, int chunk) {
            this.in = StreamOwner.chunked(bytes, chunk);
        }

        @Override
        public int read() throws IOException {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            seen.add(new Seen(delivered, reader.buffer().array.length, reader.heldBytes()));
            int n = in.read(b, off, len);
            delivered += Math.max(0, n);
            return n;
        }
    }

    private static byte[] payload(int size, long seed) {
        byte[] p = new byte[size];
        new Random(seed).nextBytes(p);
        return p;
    }

    private static byte[] payloadOf(FrameReader r) {
        WireBuffer b = r.buffer();
        return Arrays.copyOfRange(b.array, b.position, b.limit);
    }

    @Test
    void largeFrameGrowsByDoublingOnlyAsItsBytesArrive() throws IOException {
        byte[] p = payload(100_000, 1);
        Observed in = new Observed(RawPeer.frame(MessageType.CALL, 7, p), 1000);
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        FrameReader r = StreamOwner.reader(in, budget, 1_000_000_000L);
        in.reader = r;
        r.read(MAX);
        assertArrayEquals(p, payloadOf(r));
        int last = 0;
        List<Integer> capacities = new ArrayList<>();
        for (Seen s : in.seen) {
            assertTrue(s.capacity <= Math.max(INITIAL, 2 * s.delivered), "buffer of " + s.capacity + " after only "
                    + s.delivered + " bytes arrived");
            assertEquals(s.capacity - INITIAL, s.held, "budget pays exactly the growth");
            if (s.capacity != last) {
                capacities.add(s.capacity);
                last = s.capacity;
            }
        }
        int frame = p.length + TcpFrameDescriptor.HEADER_LENGTH;
        assertEquals(List.of(INITIAL, 2 * INITIAL, 4 * INITIAL, 8 * INITIAL, frame), capacities);
        assertEquals(frame, r.buffer().array.length, "the last step stops at the announced length");
        assertEquals(frame - INITIAL, budget.inUse());
        r.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void pastOneMebibyteTheBufferGrowsFourfold() throws IOException {
        byte[] p = payload(10 << 20, 10);
        Observed in = new Observed(RawPeer.frame(MessageType.CALL, 7, p), 64 * 1024);
        InboundByteBudget budget = new InboundByteBudget(64 << 20);
        FrameReader r = StreamOwner.reader(in, budget, 1_000_000_000L);
        in.reader = r;
        r.read(MAX);
        assertArrayEquals(p, payloadOf(r));
        List<Integer> capacities = in.seen.stream().map(Seen::capacity).distinct().toList();
        int frame = p.length + TcpFrameDescriptor.HEADER_LENGTH;
        assertEquals(List.of(1 << 20, 4 << 20, frame), capacities.subList(capacities.size() - 3, capacities.size()));
        for (Seen s : in.seen) {
            assertTrue(s.capacity <= Math.max(INITIAL, 4 * s.delivered), s.capacity + " for " + s.delivered + " bytes");
        }
        r.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void announcedLengthIsNeverAllocatedBeforeItsBytesArrive() {
        byte[] header = RawPeer.frame(64 << 20, MessageType.CALL, 1, payload(20_000, 2));
        Observed in = new Observed(header, 4096);
        InboundByteBudget budget = new InboundByteBudget(1L << 30);
        FrameReader r = StreamOwner.reader(in, budget, 1_000_000_000L);
        in.reader = r;
        EOFException e = assertThrows(EOFException.class, () -> r.read(MAX));
        assertTrue(e.getMessage().contains("middle of a frame"), e.getMessage());
        int largest = in.seen.stream().mapToInt(Seen::capacity).max().orElseThrow();
        assertEquals(4 * INITIAL, largest, "20 KB arrived of 64 MiB announced");
        assertEquals(largest - INITIAL, budget.inUse());
        r.release();
        assertEquals(0, budget.inUse(), "peer death: everything back once the connection closes");
    }

    @Test
    void readFailureMidFrameGivesTheBudgetBackOnClose() {
        byte[] frame = RawPeer.frame(MessageType.CALL, 1, payload(50_000, 3));
        InputStream failing = new InputStream() {
            final InputStream in = StreamOwner.chunked(frame, 10_000);
            int reads;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (++reads == 4) {
                    throw new IOException("connection reset");
                }
                return in.read(b, off, len);
            }
        };
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        FrameReader r = StreamOwner.reader(failing, budget, 1_000_000_000L);
        IOException e = assertThrows(IOException.class, () -> r.read(MAX));
        assertEquals("connection reset", e.getMessage());
        assertTrue(budget.inUse() > 0);
        r.release();
        r.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void budgetSpentUntilTheDeadlinePausesThenFailsTheRead() throws IOException {
        InboundByteBudget budget = new InboundByteBudget(64 * 1024);
        budget.acquire(64 * 1024, System.nanoTime()); // another connection holds all of it
        FrameReader r = StreamOwner.reader(StreamOwner.chunked(RawPeer.frame(MessageType.CALL, 1, payload(30_000, 4)), 4096),
                budget, 300_000_000L);
        long t0 = System.nanoTime();
        assertThrows(SocketTimeoutException.class, () -> r.read(MAX));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 280 && ms < 3000, "waited " + ms + " ms");
        assertEquals(1, budget.pauses());
        assertEquals(0, r.heldBytes(), "the frame did not grow past its first buffer");
        r.release();
        budget.release(64 * 1024);
        assertEquals(0, budget.inUse());
    }

    @Test
    void readerWaitsForBudgetUntilAnotherConnectionGivesItBack() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(256 * 1024);
        byte[] frame = RawPeer.frame(MessageType.CALL, 1, payload(200_000, 5));
        FrameReader a = StreamOwner.reader(StreamOwner.chunked(frame, 8192), budget, 5_000_000_000L);
        a.read(MAX);
        FrameReader b = StreamOwner.reader(StreamOwner.chunked(frame, 8192), budget, 5_000_000_000L);
        CompletableFuture<byte[]> bRead = CompletableFuture.supplyAsync(() -> {
            try {
                b.read(MAX);
                return payloadOf(b);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Tcp.await("b pauses for the budget", 5_000, () -> budget.pauses() > 0);
        assertEquals(1, budget.pauses(), "b paused: a holds the budget");
        assertFalse(bRead.isDone());
        a.release(); // a's connection closes
        assertArrayEquals(payloadOf(a), bRead.get(5, TimeUnit.SECONDS));
        b.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void frameLargerThanTheWholeBudgetFailsAtOnce() {
        InboundByteBudget budget = new InboundByteBudget(64 * 1024);
        byte[] frame = RawPeer.frame(MessageType.CALL, 1, payload(200_000, 6));
        FrameReader r = StreamOwner.reader(StreamOwner.chunked(frame, 65536), budget, 5_000_000_000L);
        long t0 = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> r.read(MAX));
        assertTrue(e.getMessage().contains("inbound byte budget"), e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(2));
        r.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void closeDuringGrowthGivesTheBytesBackExactlyOnce() {
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        byte[] frame = RawPeer.frame(MessageType.CALL, 1, payload(100_000, 7));
        FrameReader[] reader = new FrameReader[1];
        InputStream closing = new InputStream() {
            final InputStream in = StreamOwner.chunked(frame, 8192);
            int reads;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (++reads == 3) {
                    reader[0].release(); // the watchdog closed the connection while its reader was reading
                }
                return in.read(b, off, len);
            }
        };
        reader[0] = StreamOwner.reader(closing, budget, 1_000_000_000L);
        assertThrows(EOFException.class, () -> reader[0].read(MAX));
        assertEquals(0, budget.inUse(), "the growth after the close gave its bytes back itself");
        reader[0].release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void shrinkGivesTheGrowthBackAndSmallerFramesKeepTheirBuffer() throws IOException {
        InboundByteBudget budget = new InboundByteBudget(8 << 20);
        byte[] big = payload(2 << 20, 8);
        byte[] mid = payload(500_000, 9);
        FrameReader r = StreamOwner.reader(StreamOwner.chunked(StreamOwner.frames(MessageType.CALL, big, mid), 1 << 16),
                budget, 1_000_000_000L);
        r.read(MAX);
        assertArrayEquals(big, payloadOf(r));
        assertEquals(big.length + TcpFrameDescriptor.HEADER_LENGTH - INITIAL, budget.inUse());
        r.shrink();
        assertEquals(INITIAL, r.buffer().array.length);
        assertEquals(0, budget.inUse());
        r.read(MAX);
        assertArrayEquals(mid, payloadOf(r));
        r.shrink(); // below the shrink threshold: kept for the next frame of that size
        assertEquals(mid.length + TcpFrameDescriptor.HEADER_LENGTH - INITIAL, budget.inUse());
        r.release();
        assertEquals(0, budget.inUse());
    }

    @Test
    void framesThatFitTheBufferTouchNeitherTheBudgetNorTheHeap() throws IOException {
        byte[][] payloads = new byte[10_000][];
        for (int i = 0; i < payloads.length; i++) {
            payloads[i] = payload(100 + i % 300, i);
        }
        byte[] stream = StreamOwner.frames(MessageType.CALL, payloads);
        InboundByteBudget budget = new InboundByteBudget(1); // any growth would fail the read
        FrameReader warm = StreamOwner.reader(StreamOwner.chunked(stream, 4096), budget, 1_000_000_000L);
        for (int i = 0; i < payloads.length; i++) {
            warm.read(MAX);
        }
        FrameReader r = StreamOwner.reader(StreamOwner.chunked(stream, 4096), budget, 1_000_000_000L);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        long sum = 0;
        for (int i = 0; i < payloads.length; i++) {
            r.read(MAX);
            sum += r.buffer().remaining();
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertEquals(Arrays.stream(payloads).mapToLong(p -> p.length).sum(), sum);
        assertTrue(allocated < 16 * 1024, allocated + " bytes allocated reading 10,000 frames");
        assertEquals(0, budget.inUse());
        assertEquals(0, budget.pauses());
    }
}
