package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Field;

import org.karmi.serial.spi.Instantiator;
import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * The run-time (interpreted) marshaller of a serializable class without a generated one: walks
 * the {@link FieldLayout} with core reflection set up once (fields made accessible when the
 * marshaller is built, {@code final} fields included), primitives without boxing. Writes
 * exactly what a generated marshaller writes: the primitive fields in one block
 * ({@code primitiveBytes}), then every reference field as an object.
 *
 * <p>Threading: immutable, shared by all streams.
 */
final class FieldMarshaller implements Marshaller<Object> {

    private final Class<?> type;
    private final FieldLayout layout;
    private final Instantiator<?> instantiator;

    /**
     * @throws RuntimeException (e.g. {@code InaccessibleObjectException}) if a field cannot be
     *         made accessible; the registry then falls back to JDK serialization
     */
    FieldMarshaller(Class<?> type, FieldLayout layout) {
        this.type = type;
        this.layout = layout;
        for (Field f : layout.primitives) {
            f.setAccessible(true);
        }
        for (Field f : layout.references) {
            f.setAccessible(true);
        }
        this.instantiator = Instantiation.of(type);
    }

    @Override
    public void write(MarshalOutput out, Object o) throws IOException {
        try {
            if (layout.primitiveBytes > 0) {
                writePrimitives(out.buffer(), o);
            }
            Field[] refs = layout.references;
            for (int i = 0; i < refs.length; i++) {
                out.writeObject(refs[i].get(o));
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private void writePrimitives(WireBuffer b, Object o) throws IllegalAccessException {
        b.ensure(layout.primitiveBytes);
        byte[] a = b.array;
        int p = b.position;
        Field[] fs = layout.primitives;
        char[] codes = layout.codes;
        for (int i = 0; i < fs.length; i++) {
            Field f = fs[i];
            switch (codes[i]) {
                case 'I': WireBuffer.putInt(a, p, f.getInt(o)); p += 4; break;
                case 'J': WireBuffer.putLong(a, p, f.getLong(o)); p += 8; break;
                case 'F': WireBuffer.putFloat(a, p, f.getFloat(o)); p += 4; break;
                case 'D': WireBuffer.putDouble(a, p, f.getDouble(o)); p += 8; break;
                case 'Z': a[p++] = (byte) (f.getBoolean(o) ? 1 : 0); break;
                case 'B': a[p++] = f.getByte(o); break;
                case 'C': WireBuffer.putShort(a, p, (short) f.getChar(o)); p += 2; break;
                default: WireBuffer.putShort(a, p, f.getShort(o)); p += 2; break;
            }
        }
        b.position = p;
    }

    @Override
    public Object read(MarshalInput in) throws IOException, ClassNotFoundException {
        Object o = in.reference(instantiator.newInstance());
        try {
            if (layout.primitiveBytes > 0) {
                readPrimitives(in.buffer(), o);
            }
            Field[] refs = layout.references;
            Class<?>[] types = layout.referenceTypes;
            for (int i = 0; i < refs.length; i++) {
                Object v = in.readObject();
                if (v != null && !types[i].isInstance(v)) {
                    throw new StreamCorruptedException("field " + refs[i].getName() + " of " + type.getName()
                            + " (" + types[i].getTypeName() + "): stream has " + ValueMarshallers.describe(v));
                }
                refs[i].set(o, v);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return o;
    }

    private void readPrimitives(WireBuffer b, Object o) throws IOException, IllegalAccessException {
        b.require(layout.primitiveBytes);
        byte[] a = b.array;
        int p = b.position;
        Field[] fs = layout.primitives;
        char[] codes = layout.codes;
        for (int i = 0; i < fs.length; i++) {
            Field f = fs[i];
            switch (codes[i]) {
                case 'I': f.setInt(o, WireBuffer.getInt(a, p)); p += 4; break;
                case 'J': f.setLong(o, WireBuffer.getLong(a, p)); p += 8; break;
                case 'F': f.setFloat(o, WireBuffer.getFloat(a, p)); p += 4; break;
                case 'D': f.setDouble(o, WireBuffer.getDouble(a, p)); p += 8; break;
                case 'Z': f.setBoolean(o, a[p++] != 0); break;
                case 'B': f.setByte(o, a[p++]); break;
                case 'C': f.setChar(o, (char) WireBuffer.getShort(a, p)); p += 2; break;
                default: f.setShort(o, WireBuffer.getShort(a, p)); p += 2; break;
            }
        }
        b.position = p;
    }
}
