package org.karmi.tech.tcp.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.util.Arrays;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.WireBuffer;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing (Jazzer) of the TCP {@link FrameReader}: any bytes, arriving in
 * chunks of sizes the input chooses, through a small first buffer (so that growth and the
 * budget are reached) and a budget of a size the input chooses. The reader must return exactly
 * the frames a plain reference parse finds, in order, and stop with an {@link EOFException}
 * where the input ends, a {@link StreamCorruptedException} where a length is out of range, or
 * another {@link IOException} only where a frame needed growth the budget could not give; its
 * buffer never exceeds twice the bytes that arrived nor the budget's share; every budget byte
 * comes back on release. No socket, thread or wait: a campaign of 10⁷ executions takes minutes.
 *
 * <p>{@code mvn test} replays the kept corpus in
 * {@code src/test/resources/org/karmi/tech/tcp/internal/FrameReaderFuzzTestInputs/}. A campaign
 * (one target per JVM; crashing inputs are written into that directory):
 * <pre>
 * JAZZER_FUZZ=1 mvn -o test -pl bundles/org.karmi.tech.tcp -Dtest=FrameReaderFuzzTest \
 *     -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-runs=10000000 \
 *     -Djazzer.internal.arg.2=-max_total_time=3600 -Dkarmi.test.timeout=0
 * </pre>
 * (the extra libFuzzer arguments come after the annotation's {@code maxDuration} and win). No
 * {@code @Timeout}: Jazzer would apply it to the whole campaign; surefire's fork timeout bounds a run.
 */
class FrameReaderFuzzTest {

    /** First buffer: 64 bytes, so that inputs of a few hundred bytes grow it several times. */
    private static final int FIRST = 64;

    @FuzzTest(maxDuration = "30s")
    void anyBytesGiveTheReferenceFramesOrADeclaredIOException(byte[] input) throws IOException {
        if (input.length < 3) {
            return;
        }
        int maxLength = TcpFrameDescriptor.HEADER_LENGTH + (input[0] & 0xff) * 8;
        int budgetBytes = 1 + (input[1] & 0xff) * 4;
        int chunkKey = input[2] & 0xff;
        byte[] stream = Arrays.copyOfRange(input, 3, input.length);
        InboundByteBudget budget = new InboundByteBudget(budgetBytes);
        Chunks in = new Chunks(stream, chunkKey);
        FrameReader reader = new FrameReader(new StreamOwner(in, -1), 0, budget, FIRST);
        int at = 0;
        try {
            while (true) {
                reader.read(maxLength);
                int length = referenceLength(stream, at);
                check(length >= TcpFrameDescriptor.HEADER_LENGTH && length <= maxLength && at + length <= stream.length,
                        "read a frame the reference refuses at " + at);
                WireBuffer b = reader.buffer();
                check(b.position == TcpFrameDescriptor.HEADER_LENGTH && b.limit == length, "frame bounds");
                check(Arrays.equals(b.array, 0, length, stream, at, at + length), "frame bytes differ at " + at);
                checkHeld(reader, budget, in.delivered);
                at += length;
                if ((chunkKey & 1) != 0) {
                    reader.shrink();
                }
            }
        } catch (EOFException e) {
            check(at + TcpFrameDescriptor.HEADER_LENGTH > stream.length || at + referenceLength(stream, at) > stream.length,
                    "EOF before the input's end: " + e);
        } catch (StreamCorruptedException e) {
            int length = referenceLength(stream, at);
            check(length < TcpFrameDescriptor.HEADER_LENGTH || length > maxLength, "refused a valid length: " + e);
        } catch (IOException e) {
            check(referenceLength(stream, at) > FIRST, "budget refused a frame that fits the first buffer: " + e);
        } finally {
            checkHeld(reader, budget, in.delivered);
            reader.release();
            check(budget.inUse() == 0, "budget bytes not given back: " + budget.inUse());
        }
    }

    /** The reference parse: the length field of the frame at {@code at}, or -1 without a whole header. */
    private static int referenceLength(byte[] stream, int at) {
        return at + TcpFrameDescriptor.HEADER_LENGTH > stream.length ? -1 : WireBuffer.getInt(stream, at);
    }

    private static void checkHeld(FrameReader reader, InboundByteBudget budget, int delivered) {
        int capacity = reader.buffer().array.length;
        check(capacity <= Math.max(FIRST, 2 * delivered), "buffer of " + capacity + " for " + delivered + " bytes");
        check(reader.heldBytes() == capacity - FIRST && budget.inUse() == reader.heldBytes(), "held bytes");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException(what);
        }
    }

    /** The input's bytes in reads of 1 to 64 bytes, sizes cycling with the key. */
    private static final class Chunks extends InputStream {
        private final byte[] bytes;
        private final int key;
        int delivered;
        private int reads;

        Chunks(byte[] bytes, int key) {
            this.bytes = bytes;
            this.key = key;
        }

        @Override
        public int read() {
            return delivered < bytes.length ? bytes[delivered++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (delivered >= bytes.length) {
                return -1;
            }
            int chunk = 1 + ((key >>> 1) * 7 + reads++ * 13) % 64;
            int n = Math.min(Math.min(len, chunk), bytes.length - delivered);
            System.arraycopy(bytes, delivered, b, off, n);
            delivered += n;
            return n;
        }

        @Override
        public int available() {
            return bytes.length - delivered;
        }
    }
}
