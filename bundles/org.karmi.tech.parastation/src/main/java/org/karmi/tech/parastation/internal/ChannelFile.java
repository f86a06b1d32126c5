package org.karmi.tech.parastation.internal;

import static org.karmi.tech.parastation.internal.ChannelDescriptor.*;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * A flyweight over a mapped channel file ({@link ChannelDescriptor}): its two one-to-one rings
 * and both ends' state words. Thread-safe for the state words; each ring has one producer and
 * one consumer thread.
 */
final class ChannelFile {

    private final MappedByteBuffer buffer;
    private final OneToOneRingBuffer clientToServer;
    private final OneToOneRingBuffer serverToClient;
    private final WakeWord clientWakeWord;
    private final WakeWord serverWakeWord;

    private ChannelFile(MappedByteBuffer buffer, int capacity) {
        this.buffer = buffer;
        this.clientWakeWord = new WakeWord(buffer, CLIENT_WAKE_WORD_OFFSET, CLIENT_WAKE_SLOT_OFFSET);
        this.serverWakeWord = new WakeWord(buffer, SERVER_WAKE_WORD_OFFSET, SERVER_WAKE_SLOT_OFFSET);
        int ringLength = RingBufferDescriptor.totalLength(capacity);
        this.clientToServer = new OneToOneRingBuffer(ShmFile.slice(buffer, CLIENT_TO_SERVER_RING_OFFSET, ringLength));
        this.serverToClient = new OneToOneRingBuffer(ShmFile.slice(buffer, serverToClientRingOffset(capacity),
                ringLength));
    }

    /** Creates a new channel file (the client does). */
    static ChannelFile create(Path path, int capacity, int seq, int clientPort, int serverPort) throws IOException {
        MappedByteBuffer b = ShmFile.createNew(path, fileLength(capacity));
        ByteBufferAccess.putInt(b, MAGIC_OFFSET, MAGIC);
        ByteBufferAccess.putInt(b, RING_CAPACITY_OFFSET, capacity);
        ByteBufferAccess.putInt(b, SEQ_OFFSET, seq);
        ByteBufferAccess.putInt(b, CLIENT_PORT_OFFSET, clientPort);
        ByteBufferAccess.putInt(b, SERVER_PORT_OFFSET, serverPort);
        ByteBufferAccess.putLong(b, CLIENT_PID_OFFSET, ProcessLiveness.currentPid());
        ByteBufferAccess.putInt(b, CLIENT_STATE_OFFSET, STATE_OPEN);
        ByteBufferAccess.putIntRelease(b, VERSION_OFFSET, VERSION);
        return new ChannelFile(b, capacity);
    }

    /**
     * Maps a channel file a client announced (the server does), checking it is meant for
     * {@code serverPort} from {@code clientPort}.
     *
     * @throws IOException if it is missing, malformed or meant for someone else
     */
    static ChannelFile open(Path path, int clientPort, int serverPort) throws IOException {
        MappedByteBuffer b = ShmFile.open(path, HEADER_LENGTH);
        int version = ByteBufferAccess.getIntAcquire(b, VERSION_OFFSET);
        int magic = ByteBufferAccess.getInt(b, MAGIC_OFFSET);
        int capacity = ByteBufferAccess.getInt(b, RING_CAPACITY_OFFSET);
        if (version != VERSION || magic != MAGIC || Integer.bitCount(capacity) != 1
                || capacity < RingBufferDescriptor.MIN_CAPACITY || capacity > RingBufferDescriptor.MAX_CAPACITY
                || b.capacity() < fileLength(capacity)) {
            throw new IOException(String.format("parastation: %s is not a version %d channel file (magic 0x%08X,"
                    + " version %d, ring %d, %d bytes)", path, VERSION, magic, version, capacity, b.capacity()));
        }
        int c = ByteBufferAccess.getInt(b, CLIENT_PORT_OFFSET);
        int s = ByteBufferAccess.getInt(b, SERVER_PORT_OFFSET);
        if (c != clientPort || s != serverPort) {
            throw new IOException("parastation: channel " + path + " connects " + c + " to " + s + ", not "
                    + clientPort + " to " + serverPort);
        }
        return new ChannelFile(b, capacity);
    }

    OneToOneRingBuffer clientToServer() { return clientToServer; }
    OneToOneRingBuffer serverToClient() { return serverToClient; }
    /** Wake word of the consumer of the server-to-client ring (the client's caller). */
    WakeWord clientWakeWord() { return clientWakeWord; }
    /** Wake word of the consumer of the client-to-server ring (the server's receiver). */
    WakeWord serverWakeWord() { return serverWakeWord; }
    int clientStateAcquire() { return ByteBufferAccess.getIntAcquire(buffer, CLIENT_STATE_OFFSET); }
    int serverStateAcquire() { return ByteBufferAccess.getIntAcquire(buffer, SERVER_STATE_OFFSET); }
    void putClientStateRelease(int state) { ByteBufferAccess.putIntRelease(buffer, CLIENT_STATE_OFFSET, state); }
    void putServerStateRelease(int state) { ByteBufferAccess.putIntRelease(buffer, SERVER_STATE_OFFSET, state); }
}
