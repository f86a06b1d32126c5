package org.karmi.serial.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * Template of the marshallers generated at run time: never loaded as itself, only its bytes are
 * defined again, once per marshalled class, as a hidden class whose class data are that class's
 * composed method handles ({@link RuntimeMarshallers}). Because each hidden copy holds its
 * handles in {@code static final} fields, the JIT treats them as constants and inlines the whole
 * handle tree (field getters and setters, buffer puts and gets) into {@link #write} and
 * {@link #read}, as it inlines a marshaller generated at compile time.
 *
 * <p>Threading: immutable, shared by all streams.
 */
final class HiddenMarshaller implements Marshaller<Object> {

    /** {@code ()Object}: a new blank instance. */
    private static final MethodHandle NEW;
    /** {@code (Object, byte[], int)void}: the primitive fields into the array at the offset. */
    private static final MethodHandle WRITE_PRIMITIVES;
    /** {@code (Object, byte[], int)void}: the primitive fields from the array at the offset. */
    private static final MethodHandle READ_PRIMITIVES;
    /** {@code (MarshalOutput, Object)void}: every reference field through {@code writeObject}. */
    private static final MethodHandle WRITE_REFERENCES;
    /** {@code (MarshalInput, Object)void}: every reference field through {@code readObject}, checked. */
    private static final MethodHandle READ_REFERENCES;
    private static final int PRIMITIVE_BYTES;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEW = MethodHandles.classDataAt(l, "_", MethodHandle.class, 0);
            WRITE_PRIMITIVES = MethodHandles.classDataAt(l, "_", MethodHandle.class, 1);
            READ_PRIMITIVES = MethodHandles.classDataAt(l, "_", MethodHandle.class, 2);
            WRITE_REFERENCES = MethodHandles.classDataAt(l, "_", MethodHandle.class, 3);
            READ_REFERENCES = MethodHandles.classDataAt(l, "_", MethodHandle.class, 4);
            PRIMITIVE_BYTES = MethodHandles.classDataAt(l, "_", Integer.class, 5);
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    HiddenMarshaller() {
    }

    @Override
    public void write(MarshalOutput out, Object o) throws IOException {
        try {
            if (PRIMITIVE_BYTES > 0) {
                WireBuffer b = out.buffer();
                b.ensure(PRIMITIVE_BYTES);
                WRITE_PRIMITIVES.invokeExact(o, b.array, b.position);
                b.position += PRIMITIVE_BYTES;
            }
            WRITE_REFERENCES.invokeExact(out, o);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public Object read(MarshalInput in) throws IOException, ClassNotFoundException {
        try {
            Object o = in.reference((Object) NEW.invokeExact());
            if (PRIMITIVE_BYTES > 0) {
                WireBuffer b = in.buffer();
                b.require(PRIMITIVE_BYTES);
                READ_PRIMITIVES.invokeExact(o, b.array, b.position);
                b.position += PRIMITIVE_BYTES;
            }
            READ_REFERENCES.invokeExact(in, o);
            return o;
        } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
