package org.karmi.tech.tcp.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.List;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** A hand-driven client socket for hostile-input tests: writes any bytes, reads frames. Not thread-safe. */
final class RawPeer implements AutoCloseable {

    final Socket socket;
    private final DataInputStream in;

    RawPeer(Utid server) throws IOException {
        InetSocketAddress a = TcpAddress.decode(server);
        socket = new Socket();
        socket.connect(a, 2000);
        socket.setSoTimeout(5000);
        in = new DataInputStream(socket.getInputStream());
    }

    void write(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    /** A frame: 12-byte header with that length field, type and call id, then the payload. */
    static byte[] frame(int lengthField, byte type, int callId, byte[] payload) {
        byte[] f = new byte[TcpFrameDescriptor.HEADER_LENGTH + payload.length];
        TcpFrameDescriptor.writeHeader(f, lengthField, type, callId);
        System.arraycopy(payload, 0, f, TcpFrameDescriptor.HEADER_LENGTH, payload.length);
        return f;
    }

    static byte[] frame(byte type, int callId, byte[] payload) {
        return frame(TcpFrameDescriptor.HEADER_LENGTH + payload.length, type, callId, payload);
    }

    static byte[] hello(int protocolVersion, String serializer) {
        WireBuffer b = new WireBuffer(64);
        b.position = 0;
        new Handshake(protocolVersion, 0xbadL, serializer, 1, List.of()).writeTo(b);
        return frame(MessageType.HELLO, 0, Arrays.copyOf(b.array, b.position));
    }

    /** Completes a valid handshake as a "jdk/1" client. */
    void handshake() throws IOException {
        write(hello(Handshake.PROTOCOL_VERSION, "jdk"));
        byte[][] f = readFrame();
        if (f[0][0] != MessageType.HELLO_ACK) {
            throw new IOException("no HELLO_ACK: " + MessageType.name(f[0][0]));
        }
    }

    /** Reads a frame: [type], payload. */
    byte[][] readFrame() throws IOException {
        byte[] header = new byte[TcpFrameDescriptor.HEADER_LENGTH];
        in.readFully(header);
        int length = TcpFrameDescriptor.length(header);
        byte[] payload = new byte[length - header.length];
        in.readFully(payload);
        return new byte[][] {{TcpFrameDescriptor.type(header)}, payload};
    }

    /** Whether the server closed the connection within the socket timeout (reads and drops anything before). */
    boolean closedByServer(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        InputStream s = socket.getInputStream();
        byte[] sink = new byte[4096];
        try {
            while (true) {
                if (s.read(sink) < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
