package org.karmi.bench.jmh.codecs;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.logging.LoggerFactory;
import org.apache.fory.memory.MemoryBuffer;

import org.karmi.bench.runner.args.Int32;
import org.karmi.bench.runner.args.Int4Null2;
import org.karmi.bench.runner.args.Tree;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * Apache Fory in its fastest Java mode: Java-only format, classes registered, serializers
 * generated (JIT codegen, compiled synchronously at first use), reference tracking on for
 * graphs and off for flat objects, numbers not compressed (fixed-width ints and longs: about
 * five times faster on {@code 32 int} than its default varints, measured here), one reused heap
 * {@link MemoryBuffer}. {@code serialize}/{@code deserialize}, so the type travels as in the
 * other codecs. Not thread-safe.
 */
final class ForyCodec implements Codec {

    static {
        LoggerFactory.disableLogging();
    }

    private final Fory fory;
    private final MemoryBuffer output = MemoryBuffer.newHeapBuffer(256);
    private MemoryBuffer input = MemoryBuffer.newHeapBuffer(0);

    ForyCodec(boolean references) {
        fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(references)
                .withCodegen(true)
                .withAsyncCompilation(false)
                .withNumberCompressed(false)
                .build();
        fory.register(Int32.class);
        fory.register(Int4Null2.class);
        fory.register(Tree.class);
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public int write(Object object) {
        output.writerIndex(0);
        fory.serialize(output, object);
        return output.writerIndex();
    }

    @Override
    public byte[] written() {
        return output.getBytes(0, output.writerIndex());
    }

    @Override
    public void load(byte[] message) {
        input = MemoryBuffer.fromByteArray(message.clone());
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public Object read() {
        input.readerIndex(0);
        return fory.deserialize(input);
    }
}
