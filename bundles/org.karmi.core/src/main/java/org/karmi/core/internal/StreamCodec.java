package org.karmi.core.internal;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.StreamCorruptedException;
import java.nio.charset.StandardCharsets;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.Utid;

/**
 * Writes and reads remote references inside a serializer stream (see
 * {@code docs/PROTOCOL.md}, 5.4), one instance per stream pair: before each message the
 * reference layer tells it the class loader that resolves interface names, and the peer and
 * technology (for the collectors: a reference to an object of this node is governed by the
 * collector of the technology it leaves over; one of another node keeps the collector it
 * arrived with). Used by one message at a time; not thread-safe.
 *
 * <pre>
 *  i64 node id | i64 object number | u8 k | k x UTF interface name | u8 u | u x UTID | u8 c | c bytes collector
 *  UTID = u8 n | n bytes name | u16 m | m bytes address
 * </pre>
 * (each field written with the stream's {@code writeLong}/{@code writeByte}/{@code writeUTF}/
 * {@code writeShort}/{@code write}).
 */
final class StreamCodec implements RemoteObjectCodec {

    /** Most interface names in one reference. */
    static final int MAX_INTERFACES = 64;

    private final long nodeId;
    private final RemoteStubs stubs;
    private final ExportedObjects exports;
    private final CollectorHub collectors;
    private ClassLoader loader;
    private long peerNode;
    private String technology;
    private List<Utid> peerUtids;
    /** The object {@link #byReference} was last asked about and its reference, for the {@link #writeRemote} that follows. */
    private Remote checked;
    private RemoteRef checkedRef;

    /** Longest collector name in a reference. */
    static final int MAX_COLLECTOR_NAME = 32;

    StreamCodec(long nodeId, RemoteStubs stubs, ExportedObjects exports, CollectorHub collectors) {
        this.nodeId = nodeId;
        this.stubs = stubs;
        this.exports = exports;
        this.collectors = collectors;
    }

    /**
     * Sets, for the next message, the loader for interface names, the peer's node id, the
     * technology that carries the message and the UTIDs the peer announced ({@code null}s for
     * a local call).
     */
    void prepare(ClassLoader messageLoader, long peer, String technologyName, List<Utid> peerUtidList) {
        this.loader = messageLoader;
        this.peerNode = peer;
        this.technology = technologyName;
        this.peerUtids = peerUtidList;
    }

    /** Exported objects and stubs go by reference; any other {@code Remote} by value, as with {@code java.rmi}. */
    @Override
    public boolean byReference(Remote object) {
        RemoteRef ref = stubs.refOf(object);
        checked = ref == null ? null : object;
        checkedRef = ref;
        return ref != null;
    }

    @Override
    public void writeRemote(Remote object, ObjectOutput out) throws IOException {
        RemoteRef ref = object == checked ? checkedRef : stubs.refOf(object);
        checked = null;
        checkedRef = null;
        if (ref == null) {
            throw new NoSuchObjectException("remote object is neither exported nor a stub: " + object.getClass().getName());
        }
        ObjectId id = ref.objectId();
        out.writeLong(id.nodeId());
        out.writeLong(id.number());
        String[] names = ref.interfaceNames();
        out.writeByte(names.length);
        for (String n : names) {
            out.writeUTF(n);
        }
        List<Utid> utids = ref.utidsForWriting();
        out.writeByte(utids.size());
        for (Utid u : utids) {
            byte[] name = u.technology().getBytes(StandardCharsets.US_ASCII);
            out.writeByte(name.length);
            out.write(name);
            byte[] address = u.address();
            out.writeShort(address.length);
            out.write(address);
        }
        String collector = collectorFor(id, ref);
        byte[] c = collector.getBytes(StandardCharsets.US_ASCII);
        out.writeByte(c.length);
        out.write(c);
    }

    /**
     * Tells the governing collector that a reference leaves for the peer and returns its name:
     * for an object of this node the collector of the technology (its entry is pinned), for a
     * held reference the one it arrived with; nothing for a local call.
     */
    private String collectorFor(ObjectId id, RemoteRef ref) {
        if (technology == null || peerNode == nodeId) {
            return ref.collector;
        }
        if (id.nodeId() == nodeId) {
            Exported e = exports.entry(id);
            String c = collectors.governing(technology);
            if (e != null) {
                exports.referenceSent(e, c, peerNode);
            }
            return c == null ? "" : c;
        }
        collectors.sent(ref.collector, id, peerNode);
        return ref.collector;
    }

    @Override
    public Remote readRemote(ObjectInput in) throws IOException {
        long owner = in.readLong();
        long number = in.readLong();
        int k = in.readUnsignedByte();
        if (k > MAX_INTERFACES) {
            throw new StreamCorruptedException("bad remote reference: " + k + " interfaces");
        }
        String[] names = new String[k];
        for (int i = 0; i < k; i++) {
            names[i] = in.readUTF();
        }
        int u = in.readUnsignedByte();
        if (u > Handshake.MAX_UTIDS) {
            throw new StreamCorruptedException("bad remote reference: " + u + " UTIDs");
        }
        List<Utid> utids = new ArrayList<>(u);
        for (int i = 0; i < u; i++) {
            int n = in.readUnsignedByte();
            if (n == 0 || n > Utid.MAX_NAME_LENGTH) {
                throw new StreamCorruptedException("bad remote reference: UTID name length " + n);
            }
            byte[] name = new byte[n];
            in.readFully(name);
            int m = in.readUnsignedShort();
            if (m > Utid.MAX_ADDRESS_LENGTH) {
                throw new StreamCorruptedException("bad remote reference: UTID address length " + m);
            }
            byte[] address = new byte[m];
            in.readFully(address);
            try {
                utids.add(new Utid(new String(name, StandardCharsets.US_ASCII), address));
            } catch (IllegalArgumentException e) {
                throw new StreamCorruptedException("bad remote reference: " + e.getMessage());
            }
        }
        int c = in.readUnsignedByte();
        if (c > MAX_COLLECTOR_NAME) {
            throw new StreamCorruptedException("bad remote reference: collector name length " + c);
        }
        byte[] collector = new byte[c];
        in.readFully(collector);
        return stubs.stubFor(new ObjectId(owner, number), names, utids, new String(collector, StandardCharsets.US_ASCII),
                peerNode, peerUtids, loader);
    }
}
