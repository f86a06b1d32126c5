package org.karmi.serial.internal;

import org.karmi.serial.spi.Marshaller;

/**
 * What the stream knows about one class: how it crosses the wire (kind, fixed number or
 * name, fingerprint of its layout), whether its objects keep identity, and its marshaller.
 * Computed once per class and serializer ({@link ClassRegistry}), immutable.
 *
 * <p>Threading: immutable, shared by every stream of a serializer.
 */
public final class ClassInfo {

    /** The class as it is named on the wire (an enum constant's class maps to its enum). */
    public final Class<?> type;
    /** The name written in a class definition. */
    public final String name;
    /** The fixed header value of a built-in type, or -1. */
    public final int fixedId;
    /** One of the {@code StreamFormat.KIND_*} values (built-ins: -1). */
    public final int kind;
    /** Hash of the wire layout, compared when a class definition is read. */
    public final int fingerprint;
    /** Whether objects get a handle (back-references keep identity). */
    public final boolean tracked;
    /** Whether objects implement {@link java.rmi.Remote} (sent through the codec if there is one). */
    public final boolean remote;
    /**
     * Whether the marshaller never writes a nested object (no reference fields; a string, a
     * primitive array): such an object cannot refer back to itself, so a message's only
     * object of a leaf class needs no handle ({@link UkaOutput#writeLastObject}).
     */
    public final boolean leaf;
    /** Writes and reads the state. */
    public final Marshaller<Object> marshaller;
    /** Declared types of reference fields: allowed together with this class by the filter. */
    final Class<?>[] fieldTypes;

    @SuppressWarnings("unchecked")
    ClassInfo(Class<?> type, String name, int fixedId, int kind, int fingerprint, boolean tracked,
              boolean remote, boolean leaf, Marshaller<?> marshaller, Class<?>[] fieldTypes) {
        this.type = type;
        this.name = name;
        this.fixedId = fixedId;
        this.kind = kind;
        this.fingerprint = fingerprint;
        this.tracked = tracked;
        this.remote = remote;
        this.leaf = leaf && !remote;
        this.marshaller = (Marshaller<Object>) marshaller;
        this.fieldTypes = fieldTypes;
    }

    static ClassInfo fixed(Class<?> type, int id, boolean tracked, boolean leaf, Marshaller<?> m) {
        return new ClassInfo(type, type.getName(), id, -1, 0, tracked, false, leaf, m, new Class<?>[0]);
    }

    @Override
    public String toString() {
        return name + (fixedId >= 0 ? " (fixed " + fixedId + ")" : " (" + StreamFormat.kindName(kind) + ")");
    }
}
