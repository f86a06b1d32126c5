package org.karmi.dgc.cluster.internal;

import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * Layout of the state a stopping cluster collector hands its successor on the same node
 * ({@code DistributedCollector.handOver()}): the {@link Ledger}'s counts, the {@link Outbox}'s
 * owed decrements and dead nodes, and the addresses decrements go to. The bytes stay in the
 * JVM (the reference layer keeps them in memory), but a successor may be another version of
 * this bundle, so they carry a version and are checked whole; anything unexpected rejects the
 * state (the successor then starts empty and conservative). Little-endian.
 *
 * <pre>
 *   0        1                 9
 *   +--------+-----------------+-------+------+----------+------+------+-----------+
 *   | 0x01   | node id (i64)   | OWNED | HELD | VERDICTS | DEAD | OWED | ADDRESSES |
 *   +--------+-----------------+-------+------+----------+------+------+-----------+
 *    version   the node it was   each section: entry count (i32), then its entries
 *              handed over on
 *
 *   OWNED entry, an object of this node sent to k other nodes (k = 0 only if adopted):
 *   | number (i64) | adopted (u8, 0 or 1) | k (i32) | k x ( node (i64) | count (i64, > 0) ) |
 *
 *   HELD entry, a remote object (parent 0: none; stubs and k not both 0):
 *   | owner node (i64) | number (i64) | parent (i64) | stubs (i32, >= 0) | k (i32) | k x ( node | count ) |
 *
 *   VERDICTS entry, an object of this node whose count reached zero, not yet reported:
 *   | number (i64) |
 *
 *   DEAD entry, a node reported dead:  | node (i64) |
 *
 *   OWED entry, a decrement not yet sent (fresh, or of a message waiting for a retry):
 *   | destination (i64) | owner node (i64) | number (i64) | count (i64, > 0) |
 *
 *   ADDRESSES entry, where a node is reached (m from 1 to {@value #MAX_UTIDS}):
 *   | node (i64) | m (u8) | m x UTID (docs/PROTOCOL.md wire form) |
 * </pre>
 *
 * No node field is 0 or this node (except a parent of 0), no object appears twice in OWNED or
 * HELD, and the length is exact. Stateless; thread-safe (callers hold the collector's lock).
 */
final class HandOverCodec {

    static final int VERSION = 1;
    /** Most UTIDs kept for one node. */
    static final int MAX_UTIDS = 64;

    private static final int HEADER_LENGTH = 9;
    private static final int MIN_OWNED = 13;
    private static final int MIN_HELD = 32;
    private static final int VERDICT = 8;
    private static final int DEAD = 8;
    private static final int OWED = 32;
    private static final int MIN_ADDRESS = 9;
    private static final int COUNT = 16;

    private HandOverCodec() {
    }

    /** Encodes the state of a collector on node {@code self}. */
    static byte[] encode(long self, Ledger ledger, Outbox outbox, Map<Long, List<Utid>> addresses) {
        WireBuffer out = new WireBuffer(256);
        out.writeByte(VERSION);
        out.writeLong(self);

        Section owned = new Section(out);
        ledger.forEachOwned((id, adopted, sent) -> {
            owned.entries++;
            out.writeLong(id.number());
            out.writeByte(adopted ? 1 : 0);
            writeCounts(out, sent);
        });
        owned.end();

        Section held = new Section(out);
        ledger.forEachHeld((id, parent, stubs, children) -> {
            held.entries++;
            out.writeLong(id.nodeId());
            out.writeLong(id.number());
            out.writeLong(parent);
            out.writeInt(stubs);
            writeCounts(out, children);
        });
        held.end();

        Section verdicts = new Section(out);
        for (ObjectId id : ledger.pendingVerdicts()) {
            verdicts.entries++;
            out.writeLong(id.number());
        }
        verdicts.end();

        Section dead = new Section(out);
        for (long node : outbox.deadNodes()) {
            dead.entries++;
            out.writeLong(node);
        }
        dead.end();

        Section owed = new Section(out);
        outbox.forEachOwed((destination, id, count) -> {
            owed.entries++;
            out.writeLong(destination);
            out.writeLong(id.nodeId());
            out.writeLong(id.number());
            out.writeLong(count);
        });
        owed.end();

        Section known = new Section(out);
        for (Map.Entry<Long, List<Utid>> e : addresses.entrySet()) {
            List<Utid> utids = e.getValue().size() > MAX_UTIDS ? e.getValue().subList(0, MAX_UTIDS) : e.getValue();
            known.entries++;
            out.writeLong(e.getKey());
            out.writeByte(utids.size());
            for (Utid u : utids) {
                u.writeTo(out);
            }
        }
        known.end();
        return Arrays.copyOf(out.array, out.position);
    }

    /**
     * Restores a state encoded by {@link #encode} into an empty ledger, outbox and address map
     * of node {@code self}. On an exception they hold part of it: the caller discards them.
     *
     * @throws StreamCorruptedException naming what is wrong
     */
    static void decode(byte[] state, long self, Ledger ledger, Outbox outbox, Map<Long, List<Utid>> addresses)
            throws StreamCorruptedException {
        WireBuffer in = new WireBuffer(0);
        in.array = state;
        in.flipForRead(0, state.length);
        if (state.length < HEADER_LENGTH || (in.readByte() & 0xff) != VERSION) {
            throw new StreamCorruptedException("handed-over state of " + state.length + " bytes, not of version "
                    + VERSION);
        }
        long node = in.readLong();
        if (node != self) {
            throw new StreamCorruptedException("handed-over state of node " + Long.toHexString(node) + ", not of this node "
                    + Long.toHexString(self));
        }

        for (int i = count(in, MIN_OWNED, "owned"); i > 0; i--) {
            ObjectId id = new ObjectId(self, in.readLong());
            int adopted = in.readByte();
            if (adopted != 0 && adopted != 1) {
                throw new StreamCorruptedException("owned " + id + ": adopted flag " + adopted);
            }
            NodeCounts sent = readCounts(in, self, id);
            if (sent.isEmpty() && adopted == 0) {
                throw new StreamCorruptedException("owned " + id + " sent nowhere and not adopted");
            }
            if (!ledger.restoreOwned(id, adopted == 1, sent)) {
                throw new StreamCorruptedException("owned " + id + " twice");
            }
        }

        for (int i = count(in, MIN_HELD, "held"); i > 0; i--) {
            ObjectId id = new ObjectId(node(in.readLong(), self, "owner"), in.readLong());
            long parent = in.readLong();
            if (parent == self) {
                throw new StreamCorruptedException("held " + id + " with this node as its parent");
            }
            int stubs = in.readInt();
            if (stubs < 0) {
                throw new StreamCorruptedException("held " + id + " with " + stubs + " stubs");
            }
            NodeCounts children = readCounts(in, self, id);
            if (stubs == 0 && children.isEmpty()) {
                throw new StreamCorruptedException("held " + id + " without stubs or references passed on");
            }
            if (!ledger.restoreHeld(id, parent, stubs, children)) {
                throw new StreamCorruptedException("held " + id + " twice");
            }
        }

        for (int i = count(in, VERDICT, "verdicts"); i > 0; i--) {
            ledger.restoreVerdict(new ObjectId(self, in.readLong()));
        }

        for (int i = count(in, DEAD, "dead nodes"); i > 0; i--) {
            outbox.markDead(node(in.readLong(), self, "dead"));
        }

        for (int i = count(in, OWED, "owed"); i > 0; i--) {
            long destination = node(in.readLong(), self, "destination");
            ObjectId id = new ObjectId(in.readLong(), in.readLong());
            long n = in.readLong();
            if (id.nodeId() == 0 || n <= 0) {
                throw new StreamCorruptedException("owed " + n + " of " + id + " to node " + Long.toHexString(destination));
            }
            outbox.add(destination, id, n);
        }

        for (int i = count(in, MIN_ADDRESS, "addresses"); i > 0; i--) {
            long n = node(in.readLong(), self, "address");
            int m = in.readByte() & 0xff;
            if (m == 0 || m > MAX_UTIDS) {
                throw new StreamCorruptedException("node " + Long.toHexString(n) + " with " + m + " UTIDs");
            }
            List<Utid> utids = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                utids.add(Utid.readFrom(in));
            }
            if (addresses.put(n, List.copyOf(utids)) != null) {
                throw new StreamCorruptedException("addresses of node " + Long.toHexString(n) + " twice");
            }
        }

        if (in.remaining() != 0) {
            throw new StreamCorruptedException("handed-over state with " + in.remaining() + " bytes after its end");
        }
    }

    private static void writeCounts(WireBuffer out, NodeCounts counts) {
        out.writeInt(counts.size());
        for (int i = 0; i < counts.size(); i++) {
            out.writeLong(counts.nodeAt(i));
            out.writeLong(counts.countAt(i));
        }
    }

    private static NodeCounts readCounts(WireBuffer in, long self, ObjectId id) throws StreamCorruptedException {
        int k = count(in, COUNT, "counts of " + id);
        NodeCounts counts = new NodeCounts();
        Set<Long> seen = new HashSet<>();
        for (int j = 0; j < k; j++) {
            long node = node(in.readLong(), self, "count of " + id);
            long n = in.readLong();
            if (n <= 0 || !seen.add(node)) {
                throw new StreamCorruptedException(id + ": count " + n + " for node " + Long.toHexString(node)
                        + (n > 0 ? " twice" : ""));
            }
            counts.add(node, n);
        }
        return counts;
    }

    /** Reads an entry count and checks that that many entries of at least {@code minEntry} bytes can follow. */
    private static int count(WireBuffer in, int minEntry, String what) throws StreamCorruptedException {
        int n = in.readInt();
        if (n < 0 || (long) n * minEntry > in.remaining()) {
            throw new StreamCorruptedException("handed-over state claims " + n + " " + what + " in " + in.remaining()
                    + " bytes");
        }
        return n;
    }

    private static long node(long node, long self, String what) throws StreamCorruptedException {
        if (node == 0 || node == self) {
            throw new StreamCorruptedException("handed-over state names node " + Long.toHexString(node) + " as " + what);
        }
        return node;
    }

    /** An entry count written before its entries and filled in after them. */
    private static final class Section {
        final WireBuffer out;
        final int at;
        int entries;

        Section(WireBuffer out) {
            this.out = out;
            this.at = out.position;
            out.writeInt(0);
        }

        void end() {
            WireBuffer.putInt(out.array, at, entries);
        }
    }
}
