package org.karmi.core.internal;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;

import org.karmi.spi.ref.ServerCall;
import org.karmi.spi.ref.Skeleton;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;

/**
 * The skeleton of a remote interface without a generated one: reads arguments and writes
 * results exactly as a generated skeleton does (primitives with their typed methods, other
 * types with {@code readObject}/{@code writeObject}), invoking through reflection.
 * Immutable; thread-safe.
 */
final class ReflectiveSkeleton implements Skeleton {

    private final Class<?> iface;
    private final long[] hashes;
    private final Method[] methods;

    ReflectiveSkeleton(Class<?> iface) {
        this.iface = iface;
        Map<Long, Method> all = RemoteInterfaces.methods(iface);
        this.hashes = new long[all.size()];
        this.methods = new Method[all.size()];
        int i = 0;
        for (Map.Entry<Long, Method> e : all.entrySet()) {
            hashes[i] = e.getKey();
            methods[i] = e.getValue();
            methods[i].setAccessible(true);
            i++;
        }
    }

    @Override
    public Class<?> remoteInterface() {
        return iface;
    }

    @Override
    public long[] methodHashes() {
        return hashes;
    }

    @Override
    public void dispatch(int method, Object target, ServerCall call) throws Exception {
        Method m = methods[method];
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        SerialInput in = call.arguments();
        for (int i = 0; i < types.length; i++) {
            args[i] = read(in, types[i]);
        }
        call.argumentsRead();
        Object result;
        try {
            result = m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t instanceof Exception x) {
                throw x;
            }
            throw (Error) t;
        }
        if (m.getReturnType() != void.class) {
            write(call.result(), m.getReturnType(), result, true);
        }
    }

    static Object read(SerialInput in, Class<?> type) throws IOException, ClassNotFoundException {
        if (!type.isPrimitive()) {
            return in.readObject();
        }
        if (type == int.class) return in.readInt();
        if (type == long.class) return in.readLong();
        if (type == boolean.class) return in.readBoolean();
        if (type == double.class) return in.readDouble();
        if (type == float.class) return in.readFloat();
        if (type == byte.class) return in.readByte();
        if (type == char.class) return in.readChar();
        if (type == short.class) return in.readShort();
        throw new IllegalArgumentException("unexpected primitive type " + type);
    }

    /** Writes {@code v} as {@code type}; {@code last}: no object follows in this message. */
    static void write(SerialOutput out, Class<?> type, Object v, boolean last) throws IOException {
        if (!type.isPrimitive()) {
            if (last) {
                out.writeLastObject(v);
            } else {
                out.writeObject(v);
            }
        } else if (type == int.class) {
            out.writeInt((Integer) v);
        } else if (type == long.class) {
            out.writeLong((Long) v);
        } else if (type == boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (type == double.class) {
            out.writeDouble((Double) v);
        } else if (type == float.class) {
            out.writeFloat((Float) v);
        } else if (type == byte.class) {
            out.writeByte((Byte) v);
        } else if (type == char.class) {
            out.writeChar((Character) v);
        } else if (type == short.class) {
            out.writeShort((Short) v);
        } else {
            throw new IllegalArgumentException("unexpected primitive type " + type);
        }
    }

    @Override
    public String toString() {
        return "ReflectiveSkeleton[" + iface.getName() + "]";
    }
}
