package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundByteBudget;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing (Jazzer) of the TCP handshake parsers: any bytes as the first frame
 * a server reads from a client ({@link TcpHandshake#readHello}) or as the answer a client reads
 * from a server ({@link TcpHandshake#readAnswer}), chosen by the first input byte. The outcome
 * must be a compatible handshake or an {@link IOException} (a refusal with a code of 1 to 4, a
 * malformed or truncated frame); never another exception, an {@code OutOfMemoryError} or a hang.
 * The frames go through a {@link FrameReader} with a small first buffer and a small budget, so
 * growth and budget refusals are reached. In memory only: a campaign of 10⁷ executions takes minutes.
 *
 * <p>{@code mvn test} replays the kept corpus in
 * {@code src/test/resources/org/karmi/tech/tcp/internal/HandshakeFuzzTestInputs/}. A campaign
 * (one target per JVM; crashing inputs are written into that directory):
 * <pre>
 * JAZZER_FUZZ=1 mvn -o test -pl bundles/org.karmi.tech.tcp -Dtest=HandshakeFuzzTest \
 *     -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-runs=10000000 \
 *     -Djazzer.internal.arg.2=-max_total_time=3600 -Dkarmi.test.timeout=0
 * </pre>
 * No {@code @Timeout}: Jazzer would apply it to the whole campaign; surefire's fork timeout bounds a run.
 */
class HandshakeFuzzTest {

    private static final Handshake MINE = new Handshake(Handshake.PROTOCOL_VERSION, 0x5e5eL, "jdk", 1, List.of());

    @FuzzTest(maxDuration = "30s")
    void anyFirstFrameGivesACompatibleHandshakeOrAnIOException(byte[] input) {
        if (input.length < 1) {
            return;
        }
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        InboundByteBudget budget = new InboundByteBudget(4096);
        FrameReader reader = new FrameReader(new StreamOwner(StreamOwner.chunked(stream, 1 + (input[0] >>> 1 & 0x3f)), -1),
                0, budget, 32);
        try {
            Handshake peer = (input[0] & 1) == 0 ? TcpHandshake.readHello(reader, MINE)
                    : TcpHandshake.readAnswer(reader, MINE, "fuzz");
            if (MINE.checkCompatible(peer) != 0 || peer.utids().size() > Handshake.MAX_UTIDS) {
                throw new IllegalStateException("accepted an incompatible or oversized hello: " + peer);
            }
        } catch (TcpHandshake.Refusal r) {
            if (r.code < Handshake.REFUSED_PROTOCOL || r.code > Handshake.REFUSED_UNAVAILABLE || r.getMessage() == null) {
                throw new IllegalStateException("refusal with code " + r.code + ": " + r.getMessage());
            }
        } catch (IOException expected) {
            // malformed, truncated, refused by the server, or over the budget
        } finally {
            reader.release();
            if (budget.inUse() != 0) {
                throw new IllegalStateException("budget bytes not given back: " + budget.inUse());
            }
        }
    }
}
