package org.karmi.bench.jmh.codecs;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import org.karmi.bench.runner.args.Int32;
import org.karmi.bench.runner.args.Int4Null2;
import org.karmi.bench.runner.args.Tree;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * Kryo 5 as its users tune it: registration required (classes written as small ids), one
 * reused {@link Output} / {@link Input} (the safe, non-Unsafe variants), references tracked
 * only for graphs; {@code writeClassAndObject}, so the type travels as in the other codecs.
 * Not thread-safe.
 */
final class KryoCodec implements Codec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(256, -1);
    private final Input input = new Input();
    private byte[] message = new byte[0];

    KryoCodec(boolean references) {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(references);
        kryo.register(Int32.class);
        kryo.register(Int4Null2.class);
        kryo.register(Tree.class);
        kryo.register(float[].class);
        kryo.register(byte[].class);
        kryo.register(int[].class);
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public int write(Object object) {
        output.reset();
        kryo.writeClassAndObject(output, object);
        return output.position();
    }

    @Override
    public byte[] written() {
        return output.toBytes();
    }

    @Override
    public void load(byte[] bytes) {
        message = bytes.clone();
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public Object read() {
        input.setBuffer(message, 0, message.length);
        return kryo.readClassAndObject(input);
    }
}
