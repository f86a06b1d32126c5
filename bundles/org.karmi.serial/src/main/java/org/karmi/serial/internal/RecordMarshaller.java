package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * Marshals a record: its components in declaration order (primitives fixed width, references
 * as objects), rebuilt through the canonical constructor, as JDK serialization does. A record
 * gets its handle only once constructed, so a cycle through a record is refused on reading.
 * Fingerprint: {@code String.hashCode()} of {@code name:code;} per component.
 *
 * <p>Threading: immutable, shared by all streams.
 */
final class RecordMarshaller implements Marshaller<Object> {

    private final Class<?> type;
    private final Field[] fields;
    private final char[] codes;
    private final Constructor<?> canonical;
    final int fingerprint;
    final Class<?>[] referenceTypes;

    RecordMarshaller(Class<?> type) throws ReflectiveOperationException {
        this.type = type;
        RecordComponent[] rc = type.getRecordComponents();
        fields = new Field[rc.length];
        codes = new char[rc.length];
        Class<?>[] params = new Class<?>[rc.length];
        StringBuilder sig = new StringBuilder();
        java.util.List<Class<?>> refs = new java.util.ArrayList<>();
        for (int i = 0; i < rc.length; i++) {
            fields[i] = type.getDeclaredField(rc[i].getName());
            fields[i].setAccessible(true);
            params[i] = rc[i].getType();
            codes[i] = FieldLayout.code(params[i]);
            sig.append(rc[i].getName()).append(':').append(codes[i]).append(';');
            if (codes[i] == 'L') {
                refs.add(params[i]);
            }
        }
        canonical = type.getDeclaredConstructor(params);
        canonical.setAccessible(true);
        fingerprint = sig.toString().hashCode();
        referenceTypes = refs.toArray(new Class<?>[0]);
    }

    @Override
    public void write(MarshalOutput out, Object o) throws IOException {
        try {
            for (int i = 0; i < fields.length; i++) {
                Field f = fields[i];
                WireBuffer b = out.buffer();
                switch (codes[i]) {
                    case 'L': out.writeObject(f.get(o)); break;
                    case 'I': b.writeInt(f.getInt(o)); break;
                    case 'J': b.writeLong(f.getLong(o)); break;
                    case 'F': b.writeFloat(f.getFloat(o)); break;
                    case 'D': b.writeDouble(f.getDouble(o)); break;
                    case 'Z': b.writeByte(f.getBoolean(o) ? 1 : 0); break;
                    case 'B': b.writeByte(f.getByte(o)); break;
                    case 'C': b.writeShort(f.getChar(o)); break;
                    default: b.writeShort(f.getShort(o)); break;
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Object read(MarshalInput in) throws IOException, ClassNotFoundException {
        Object[] args = new Object[fields.length];
        WireBuffer b = in.buffer();
        for (int i = 0; i < fields.length; i++) {
            switch (codes[i]) {
                case 'L':
                    Object v = in.readObject();
                    if (v != null && !fields[i].getType().isInstance(v)) {
                        throw new StreamCorruptedException("component " + fields[i].getName() + " of record "
                                + type.getName() + ": stream has " + ValueMarshallers.describe(v));
                    }
                    args[i] = v;
                    break;
                case 'I': args[i] = b.readInt(); break;
                case 'J': args[i] = b.readLong(); break;
                case 'F': args[i] = b.readFloat(); break;
                case 'D': args[i] = b.readDouble(); break;
                case 'Z': args[i] = b.readByte() != 0; break;
                case 'B': args[i] = b.readByte(); break;
                case 'C': args[i] = (char) b.readShort(); break;
                default: args[i] = b.readShort(); break;
            }
        }
        try {
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            StreamCorruptedException x = new StreamCorruptedException("record " + type.getName()
                    + ": canonical constructor refused the stream's values: " + e.getCause());
            x.initCause(e.getCause());
            throw x;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
