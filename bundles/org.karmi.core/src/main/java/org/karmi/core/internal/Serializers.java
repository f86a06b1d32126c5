package org.karmi.core.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.SerialFormat;

/**
 * The serializers a node can marshal with, in its order of preference (highest ranking first,
 * then the earliest added). The first is the preferred one: it marshals local calls and is
 * offered first in every hello; the others are offered after it, so that a peer that lacks
 * the preferred one can still connect (docs/PROTOCOL.md §3.2). A connection keeps the
 * serializer agreed in its handshake for its whole life; one that is {@linkplain #remove
 * removed} is withdrawn from new hellos and retired by clients before their next call.
 * Thread-safe: readers see an immutable snapshot.
 */
final class Serializers {

    /** One installed serializer and the ranking it was added with. */
    record Entry(Serializer serializer, int ranking, long order, SerialFormat format) {
    }

    private static final Comparator<Entry> PREFERENCE =
            Comparator.comparingInt(Entry::ranking).reversed().thenComparingLong(Entry::order);

    private volatile List<Entry> entries = List.of();
    private long added;

    /** Adds a serializer (again: with a new ranking); returns whether the preferred one changed. */
    synchronized boolean add(Serializer s, int ranking) {
        Serializer before = entries.isEmpty() ? null : entries.get(0).serializer;
        List<Entry> next = new ArrayList<>(entries);
        next.removeIf(e -> e.serializer == s);
        next.add(new Entry(s, ranking, added++, new SerialFormat(s.name(), s.version())));
        next.sort(PREFERENCE);
        entries = List.copyOf(next);
        return before != entries.get(0).serializer;
    }

    /** Withdraws a serializer; returns whether the preferred one changed. */
    synchronized boolean remove(Serializer s) {
        Serializer before = entries.isEmpty() ? null : entries.get(0).serializer;
        List<Entry> next = new ArrayList<>(entries);
        next.removeIf(e -> e.serializer == s);
        entries = List.copyOf(next);
        return !entries.isEmpty() && before != entries.get(0).serializer;
    }

    /** The preferred serializer. */
    Serializer preferred() {
        List<Entry> e = entries;
        if (e.isEmpty()) {
            throw new IllegalStateException("the node has no serializer");
        }
        return e.get(0).serializer;
    }

    /** The formats a hello offers, preferred first (at most {@link Handshake#MAX_SERIALIZERS}). */
    List<SerialFormat> offers() {
        List<Entry> e = entries;
        List<SerialFormat> formats = new ArrayList<>(Math.min(e.size(), Handshake.MAX_SERIALIZERS));
        for (Entry x : e) {
            if (formats.size() < Handshake.MAX_SERIALIZERS && !formats.contains(x.format)) {
                formats.add(x.format);
            }
        }
        return formats;
    }

    /**
     * The serializer of an agreed format.
     *
     * @throws IOException if none of that format is installed (any more)
     */
    Serializer of(SerialFormat format) throws IOException {
        for (Entry e : entries) {
            if (e.format.equals(format)) {
                return e.serializer;
            }
        }
        throw new IOException("the serializer " + format + " agreed for this connection is not installed any more");
    }

    /** The first of a peer's formats this node has, or {@code null}. */
    SerialFormat firstCommon(List<SerialFormat> peerFormats) {
        List<Entry> e = entries;
        for (SerialFormat f : peerFormats) {
            for (Entry x : e) {
                if (x.format.equals(f)) {
                    return f;
                }
            }
        }
        return null;
    }

    /** Whether this serializer is still installed (a connection using it may stay in use). */
    boolean installed(Serializer s) {
        for (Entry e : entries) {
            if (e.serializer == s) {
                return true;
            }
        }
        return false;
    }

    /** The installed serializers, preferred first. */
    List<Entry> entries() {
        return entries;
    }
}
