package org.karmi.serial.internal;

import static java.lang.invoke.MethodType.methodType;

import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import org.karmi.serial.spi.Instantiator;
import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * Generates, at run time, the marshaller of a class the annotation processor did not see: the
 * field accesses of its {@link FieldLayout} composed into five method handles (instantiate,
 * primitives out and in, references out and in), handed as class data to a hidden copy of
 * {@link HiddenMarshaller}, whose {@code static final} fields make them JIT constants. Writes
 * exactly the bytes of a compile-time or interpreted ({@link FieldMarshaller}) marshaller.
 * Handle trees are folded balanced (depth log2 of the field count), so that the JIT's inlining
 * depth reaches every leaf even for classes with many fields.
 *
 * <p>Threading: thread-safe (stateless; the template's bytes are read once).
 */
final class RuntimeMarshallers {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final byte[] TEMPLATE = template();

    private RuntimeMarshallers() {
    }

    /** Whether run-time generation works here (the template's bytes could be read). */
    static boolean available() {
        return TEMPLATE != null;
    }

    /**
     * The generated marshaller of {@code type}.
     *
     * @throws RuntimeException or {@link ReflectiveOperationException} if a field cannot be
     *         made accessible or the class cannot be instantiated (the caller falls back)
     */
    static Marshaller<Object> generate(Class<?> type, FieldLayout layout) throws ReflectiveOperationException {
        if (TEMPLATE == null) {
            throw new IllegalStateException("template of the run-time marshallers not readable");
        }
        Instantiator<?> instantiator = Instantiation.of(type);
        MethodHandle make = LOOKUP.findVirtual(Instantiator.class, "newInstance", methodType(Object.class))
                .bindTo(instantiator);
        List<MethodHandle> writePrims = new ArrayList<>();
        List<MethodHandle> readPrims = new ArrayList<>();
        int offset = 0;
        for (int i = 0; i < layout.primitives.length; i++) {
            Field f = layout.primitives[i];
            f.setAccessible(true);
            char code = layout.codes[i];
            writePrims.add(writePrimitive(f, code, offset));
            readPrims.add(readPrimitive(f, code, offset));
            offset += FieldLayout.width(code);
        }
        List<MethodHandle> writeRefs = new ArrayList<>();
        List<MethodHandle> readRefs = new ArrayList<>();
        for (Field f : layout.references) {
            f.setAccessible(true);
            writeRefs.add(writeReference(f));
            readRefs.add(readReference(type, f));
        }
        MethodType prims = methodType(void.class, Object.class, byte[].class, int.class);
        List<Object> data = List.of(make, sequence(writePrims, prims), sequence(readPrims, prims),
                sequence(writeRefs, methodType(void.class, MarshalOutput.class, Object.class)),
                sequence(readRefs, methodType(void.class, MarshalInput.class, Object.class)),
                layout.primitiveBytes);
        MethodHandles.Lookup hidden = LOOKUP.defineHiddenClassWithClassData(TEMPLATE, data, true);
        try {
            @SuppressWarnings("unchecked")
            Marshaller<Object> m = (Marshaller<Object>) hidden.findConstructor(hidden.lookupClass(),
                    methodType(void.class)).invoke();
            return m;
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static byte[] template() {
        try (InputStream in = RuntimeMarshallers.class.getResourceAsStream("HiddenMarshaller.class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    /** Runs every handle of {@code steps} (all of type {@code type}) in order; balanced folding. */
    private static MethodHandle sequence(List<MethodHandle> steps, MethodType type) {
        if (steps.isEmpty()) {
            return MethodHandles.empty(type);
        }
        if (steps.size() == 1) {
            return steps.get(0);
        }
        int half = steps.size() / 2;
        // foldArguments(target, combiner) runs the combiner first
        return MethodHandles.foldArguments(sequence(steps.subList(half, steps.size()), type),
                sequence(steps.subList(0, half), type));
    }

    /** {@code (Object o, byte[] a, int p)void}: puts field {@code f} of {@code o} at {@code p + offset}. */
    private static MethodHandle writePrimitive(Field f, char code, int offset) throws ReflectiveOperationException {
        Class<?> t = f.getType();
        MethodHandle getter = LOOKUP.unreflectGetter(f).asType(methodType(t, Object.class));
        MethodHandle put = LOOKUP.findStatic(RuntimeMarshallers.class, "put" + code,
                methodType(void.class, byte[].class, int.class, int.class, t));
        put = MethodHandles.insertArguments(put, 2, offset);            // (byte[], int, t)
        put = MethodHandles.filterArguments(put, 2, getter);            // (byte[], int, Object)
        return MethodHandles.permuteArguments(put, methodType(void.class, Object.class, byte[].class, int.class),
                1, 2, 0);
    }

    /** {@code (Object o, byte[] a, int p)void}: sets field {@code f} of {@code o} from {@code p + offset}. */
    private static MethodHandle readPrimitive(Field f, char code, int offset) throws ReflectiveOperationException {
        Class<?> t = f.getType();
        MethodHandle setter = LOOKUP.unreflectSetter(f).asType(methodType(void.class, Object.class, t));
        MethodHandle get = LOOKUP.findStatic(RuntimeMarshallers.class, "get" + code,
                methodType(t, byte[].class, int.class, int.class));
        get = MethodHandles.insertArguments(get, 2, offset);            // (byte[], int)t
        return MethodHandles.collectArguments(setter, 1, get);          // (Object, byte[], int)
    }

    /** {@code (MarshalOutput out, Object o)void}: {@code out.writeObject(o.f)}. */
    private static MethodHandle writeReference(Field f) throws ReflectiveOperationException {
        MethodHandle getter = LOOKUP.unreflectGetter(f).asType(methodType(Object.class, Object.class));
        MethodHandle write = LOOKUP.findStatic(RuntimeMarshallers.class, "writeReference",
                methodType(void.class, MarshalOutput.class, Object.class));
        return MethodHandles.filterArguments(write, 1, getter);
    }

    /** {@code (MarshalInput in, Object o)void}: {@code o.f = checked(in.readObject())}. */
    private static MethodHandle readReference(Class<?> owner, Field f) throws ReflectiveOperationException {
        MethodHandle setter = LOOKUP.unreflectSetter(f).asType(methodType(void.class, Object.class, Object.class));
        MethodHandle read = LOOKUP.findStatic(RuntimeMarshallers.class, "readReference",
                methodType(Object.class, MarshalInput.class));
        MethodHandle check = MethodHandles.insertArguments(LOOKUP.findStatic(RuntimeMarshallers.class, "checked",
                methodType(Object.class, Object.class, Class.class, String.class, Class.class)),
                1, f.getType(), f.getName(), owner);
        MethodHandle checkedRead = MethodHandles.filterReturnValue(read, check);   // (MarshalInput)Object
        MethodHandle h = MethodHandles.collectArguments(setter, 1, checkedRead);  // (Object, MarshalInput)
        return MethodHandles.permuteArguments(h, methodType(void.class, MarshalInput.class, Object.class), 1, 0);
    }

    /**
     * {@code out.writeObject(v)}, a {@code null} written in place as {@code NULL_REFERENCE}: C2
     * compiles the stream's {@code writeObject} too big to inline, so a null field was a call
     * (as in the compile-time marshallers, {@code MarshallerWriter}).
     */
    private static void writeReference(MarshalOutput out, Object v) throws IOException {
        if (v == null) {
            out.buffer().writeByte(Marshaller.NULL_REFERENCE);
        } else {
            out.writeObject(v);
        }
    }

    /** {@code in.readObject()}, a {@code null} recognised in place (see {@link #writeReference}). */
    private static Object readReference(MarshalInput in) throws IOException, ClassNotFoundException {
        WireBuffer b = in.buffer();
        int p = b.position;
        if (p < b.limit && b.array[p] == Marshaller.NULL_REFERENCE) {
            b.position = p + 1;
            return null;
        }
        return in.readObject();
    }

    private static Object checked(Object v, Class<?> type, String field, Class<?> owner)
            throws StreamCorruptedException {
        if (v != null && !type.isInstance(v)) {
            throw new StreamCorruptedException("field " + field + " of " + owner.getName() + " ("
                    + type.getTypeName() + "): stream has " + ValueMarshallers.describe(v));
        }
        return v;
    }

    // ----- leaves: one per primitive code, offset last so that it can be bound -----

    private static void putZ(byte[] a, int p, int k, boolean v) { a[p + k] = (byte) (v ? 1 : 0); }
    private static void putB(byte[] a, int p, int k, byte v) { a[p + k] = v; }
    private static void putC(byte[] a, int p, int k, char v) { WireBuffer.putShort(a, p + k, (short) v); }
    private static void putS(byte[] a, int p, int k, short v) { WireBuffer.putShort(a, p + k, v); }
    private static void putI(byte[] a, int p, int k, int v) { WireBuffer.putInt(a, p + k, v); }
    private static void putJ(byte[] a, int p, int k, long v) { WireBuffer.putLong(a, p + k, v); }
    private static void putF(byte[] a, int p, int k, float v) { WireBuffer.putFloat(a, p + k, v); }
    private static void putD(byte[] a, int p, int k, double v) { WireBuffer.putDouble(a, p + k, v); }

    private static boolean getZ(byte[] a, int p, int k) { return a[p + k] != 0; }
    private static byte getB(byte[] a, int p, int k) { return a[p + k]; }
    private static char getC(byte[] a, int p, int k) { return (char) WireBuffer.getShort(a, p + k); }
    private static short getS(byte[] a, int p, int k) { return WireBuffer.getShort(a, p + k); }
    private static int getI(byte[] a, int p, int k) { return WireBuffer.getInt(a, p + k); }
    private static long getJ(byte[] a, int p, int k) { return WireBuffer.getLong(a, p + k); }
    private static float getF(byte[] a, int p, int k) { return WireBuffer.getFloat(a, p + k); }
    private static double getD(byte[] a, int p, int k) { return WireBuffer.getDouble(a, p + k); }
}
