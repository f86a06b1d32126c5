package org.karmi.tech.parastation.internal;

import static org.karmi.tech.parastation.internal.NodeDescriptor.*;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.ManyToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * A flyweight over a mapped node file ({@link NodeDescriptor}): one's own (written) or a
 * peer's (read, and its accept ring written). Thread-safe: header words are accessed with
 * acquire/release; the accept ring is many-to-one.
 */
final class NodeFile {

    private final Path path;
    private final MappedByteBuffer buffer;
    private final ManyToOneRingBuffer acceptRing;
    private final WakeWord conductorWakeWord;

    private NodeFile(Path path, MappedByteBuffer buffer) {
        this.path = path;
        this.buffer = buffer;
        this.conductorWakeWord = new WakeWord(buffer, CONDUCTOR_WAKE_WORD_OFFSET, -1);
        int capacity = ByteBufferAccess.getInt(buffer, ACCEPT_CAPACITY_OFFSET);
        this.acceptRing = new ManyToOneRingBuffer(ShmFile.slice(buffer, ACCEPT_RING_OFFSET,
                RingBufferDescriptor.totalLength(capacity)));
    }

    /**
     * Creates this node's file (fails if the port's file exists).
     *
     * @param doorbell the node's doorbell socket path, or null (at most
     *                 {@link NodeDescriptor#MAX_DOORBELL_PATH_BYTES} UTF-8 bytes)
     */
    static NodeFile create(Path path, int port, long domainId, Path doorbell) throws IOException {
        byte[] bell = doorbell == null ? new byte[0] : doorbell.toString().getBytes(StandardCharsets.UTF_8);
        if (bell.length > MAX_DOORBELL_PATH_BYTES) {
            throw new IllegalArgumentException("doorbell path longer than " + MAX_DOORBELL_PATH_BYTES + " bytes: "
                    + doorbell);
        }
        MappedByteBuffer b = ShmFile.createNew(path, fileLength(ACCEPT_RING_CAPACITY));
        ByteBufferAccess.putInt(b, MAGIC_OFFSET, MAGIC);
        ByteBufferAccess.putInt(b, PORT_OFFSET, port);
        ByteBufferAccess.putInt(b, STATE_OFFSET, STATE_ACTIVE);
        ByteBufferAccess.putLong(b, PID_OFFSET, ProcessLiveness.currentPid());
        ByteBufferAccess.putLong(b, START_MILLIS_OFFSET, ProcessLiveness.currentStartMillis());
        ByteBufferAccess.putLong(b, DOMAIN_ID_OFFSET, domainId);
        ByteBufferAccess.putInt(b, ACCEPT_CAPACITY_OFFSET, ACCEPT_RING_CAPACITY);
        ByteBufferAccess.putLong(b, HEARTBEAT_OFFSET, System.currentTimeMillis());
        b.put(DOORBELL_PATH_OFFSET, bell);
        ByteBufferAccess.putInt(b, DOORBELL_PATH_LENGTH_OFFSET, bell.length);
        ByteBufferAccess.putIntRelease(b, VERSION_OFFSET, VERSION);
        return new NodeFile(path, b);
    }

    /**
     * Maps a peer's node file.
     *
     * @throws java.nio.file.NoSuchFileException if there is none
     * @throws IOException if it is not a complete version-1 node file
     */
    static NodeFile open(Path path) throws IOException {
        NodeFile f = openAny(path);
        if (f == null) {
            throw new IOException("parastation: node file " + path + " is still being initialised");
        }
        return f;
    }

    /** Like {@link #open} but returns null for a file still being initialised. */
    static NodeFile openAny(Path path) throws IOException {
        MappedByteBuffer b = ShmFile.open(path, HEADER_LENGTH);
        int version = ByteBufferAccess.getIntAcquire(b, VERSION_OFFSET);
        if (version == 0) {
            return null;
        }
        int magic = ByteBufferAccess.getInt(b, MAGIC_OFFSET);
        int capacity = ByteBufferAccess.getInt(b, ACCEPT_CAPACITY_OFFSET);
        if (version != VERSION || magic != MAGIC || Integer.bitCount(capacity) != 1
                || capacity < RingBufferDescriptor.MIN_CAPACITY || b.capacity() < fileLength(capacity)) {
            throw new IOException(String.format("parastation: %s is not a version %d node file (magic 0x%08X,"
                    + " version %d, accept ring %d, %d bytes)", path, VERSION, magic, version, capacity, b.capacity()));
        }
        return new NodeFile(path, b);
    }

    Path path() { return path; }
    /** The mapped file (for {@link SpinPermits}). */
    java.nio.ByteBuffer buffer() { return buffer; }
    int port() { return ByteBufferAccess.getInt(buffer, PORT_OFFSET); }
    long pid() { return ByteBufferAccess.getLong(buffer, PID_OFFSET); }
    long startMillis() { return ByteBufferAccess.getLong(buffer, START_MILLIS_OFFSET); }
    long domainId() { return ByteBufferAccess.getLong(buffer, DOMAIN_ID_OFFSET); }
    int stateAcquire() { return ByteBufferAccess.getIntAcquire(buffer, STATE_OFFSET); }
    void putStateRelease(int state) { ByteBufferAccess.putIntRelease(buffer, STATE_OFFSET, state); }
    long heartbeatAcquire() { return ByteBufferAccess.getLongAcquire(buffer, HEARTBEAT_OFFSET); }
    void putHeartbeatRelease(long epochMs) { ByteBufferAccess.putLongRelease(buffer, HEARTBEAT_OFFSET, epochMs); }
    ManyToOneRingBuffer acceptRing() { return acceptRing; }
    WakeWord conductorWakeWord() { return conductorWakeWord; }

    /** The node's doorbell socket path, or null if it has none. */
    Path doorbellPath() {
        int n = ByteBufferAccess.getIntAcquire(buffer, DOORBELL_PATH_LENGTH_OFFSET);
        if (n <= 0 || n > MAX_DOORBELL_PATH_BYTES) {
            return null;
        }
        byte[] bytes = new byte[n];
        buffer.get(DOORBELL_PATH_OFFSET, bytes);
        try {
            return Path.of(new String(bytes, StandardCharsets.UTF_8));
        } catch (InvalidPathException e) {
            return null; // written by a process that is no KaRMI node (a NUL byte): no doorbell to ring
        }
    }

    /** Withdraws the doorbell (its socket could not be bound). */
    void clearDoorbellRelease() {
        ByteBufferAccess.putIntRelease(buffer, DOORBELL_PATH_LENGTH_OFFSET, 0);
    }
}
