package org.karmi.tech.tcp.internal;

import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.IOException;
import java.io.StreamCorruptedException;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.WireBuffer;

/**
 * The opening exchange of a TCP connection (HELLO, then HELLO_ACK or REFUSE), for both ends.
 * Stateless; each method runs on the one thread that owns the connection at that moment.
 */
final class TcpHandshake {

    /** Largest hello frame read: header plus {@link Handshake#MAX_LENGTH}. */
    static final int MAX_HELLO_FRAME = HEADER_LENGTH + Handshake.MAX_LENGTH;

    /** Thrown by the server side when it refused a peer; the message is the refusal text. */
    static final class RefusedException extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    private TcpHandshake() {
    }

    /**
     * Client side: sends this node's HELLO and reads the answer (the caller bounds it with a deadline).
     *
     * @return the server's handshake
     * @throws IOException carrying the server's refusal text, or naming what was wrong
     */
    static Handshake client(TcpClientConnection c, TechnologyContext context) throws IOException {
        Handshake mine = Handshake.of(context);
        WireBuffer out = c.requestBuffer();
        out.clearForWrite(HEADER_LENGTH);
        mine.writeTo(out);
        c.writeFrame(out, MessageType.HELLO, 0);
        try {
            return readAnswer(c.reader, mine, c.peer);
        } finally {
            c.endpoint.statistics.bytesReceived.add(c.reader.takeBytesRead());
        }
    }

    /**
     * Client side, after the HELLO went out: reads and checks the server's answer (the parsing
     * that the fuzz tests drive with arbitrary bytes).
     *
     * @return the server's handshake
     * @throws IOException carrying the server's refusal text, or naming what was wrong
     */
    static Handshake readAnswer(FrameReader reader, Handshake mine, String peerName) throws IOException {
        reader.read(MAX_HELLO_FRAME);
        WireBuffer in = reader.buffer();
        byte type = reader.type();
        if (type == MessageType.REFUSE) {
            throw new IOException(Handshake.readRefusal(in) + " [tcp " + peerName + "]");
        }
        if (type != MessageType.HELLO_ACK) {
            throw new StreamCorruptedException("tcp peer " + peerName + " answered HELLO with "
                    + MessageType.name(type) + " instead of HELLO_ACK or REFUSE");
        }
        Handshake peer = Handshake.readFrom(in);
        int code = mine.checkCompatible(peer);
        if (code != 0) {
            throw new IOException("tcp peer " + peerName + " accepted, but is incompatible: " + mine.refusalMessage(code, peer));
        }
        return peer;
    }

    /**
     * Server side: opens TLS if the endpoint has it ({@link TlsSockets#startServer}), reads the
     * client's HELLO and answers HELLO_ACK naming the agreed serializer (the caller bounds it all
     * with a deadline), or REFUSE (with the reason) and throws.
     *
     * @return the client's handshake
     * @throws RefusedException if the peer was refused (the REFUSE has been sent, best effort)
     * @throws IOException if the hello did not arrive in time or the connection failed
     */
    static Handshake server(TcpServerConnection c, TechnologyContext context) throws IOException {
        c.endpoint.tls.startServer(c); // TLS handshake or plaintext, within the same deadline as the hello
        Handshake mine = Handshake.of(context);
        Handshake peer;
        try {
            peer = readHello(c.reader, mine);
        } catch (Refusal r) {
            throw refuse(c, r.code, r.getMessage());
        } finally {
            c.endpoint.statistics.bytesReceived.add(c.reader.takeBytesRead());
        }
        Handshake answer = mine.answer(peer);
        WireBuffer out = c.reply();
        answer.writeTo(out);
        c.writeFrame(out, MessageType.HELLO_ACK, 0);
        c.answered(answer);
        return peer;
    }

    /** What {@link #readHello} found wrong with a hello: the REFUSE code and text to answer. */
    static final class Refusal extends IOException {
        private static final long serialVersionUID = 1L;
        final int code;

        Refusal(int code, String message) {
            super(message);
            this.code = code;
        }
    }

    /**
     * Server side: reads and checks a client's HELLO (the parsing that the fuzz tests drive with
     * arbitrary bytes).
     *
     * @return the client's handshake
     * @throws Refusal if the hello is to be refused, with the code and the text
     * @throws IOException if the hello did not arrive (connection closed or timed out)
     */
    static Handshake readHello(FrameReader reader, Handshake mine) throws IOException {
        try {
            reader.read(MAX_HELLO_FRAME);
        } catch (StreamCorruptedException e) {
            throw new Refusal(Handshake.REFUSED_MALFORMED, "not a KaRMI hello: " + e.getMessage());
        }
        byte type = reader.type();
        if (type != MessageType.HELLO) {
            throw new Refusal(Handshake.REFUSED_MALFORMED, "expected HELLO as the first frame, got " + MessageType.name(type));
        }
        Handshake peer;
        try {
            peer = Handshake.readFrom(reader.buffer());
        } catch (StreamCorruptedException e) {
            throw new Refusal(Handshake.REFUSED_MALFORMED, e.getMessage());
        }
        int code = mine.checkCompatible(peer);
        if (code != 0) {
            throw new Refusal(code, mine.refusalMessage(code, peer));
        }
        return peer;
    }

    private static RefusedException refuse(TcpServerConnection c, int code, String message) {
        try {
            WireBuffer out = c.reply();
            Handshake.writeRefusal(out, code, message);
            c.writeFrame(out, MessageType.REFUSE, 0);
        } catch (IOException ignored) {
            // the peer may be gone; the refusal is logged by the caller either way
        }
        return new RefusedException("refused (code " + code + "): " + message);
    }
}
