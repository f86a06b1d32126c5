package org.karmi.bench.jmh.codecs;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * JDK serialization as {@code java.rmi} uses it: a fresh {@link ObjectOutputStream} /
 * {@link ObjectInputStream} per message (stream header and class descriptors in every
 * message). The baseline of the tables (100%). Not thread-safe.
 */
final class JdkFreshCodec implements Codec {

    private final ByteSink sink = new ByteSink();
    private final ByteSource source = new ByteSource();

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public int write(Object object) throws Exception {
        sink.clear();
        ObjectOutputStream out = new ObjectOutputStream(sink);
        out.writeObject(object);
        out.flush();
        return sink.size();
    }

    @Override
    public byte[] written() {
        return sink.toByteArray();
    }

    @Override
    public void load(byte[] message) {
        source.set(message.clone());
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public Object read() throws Exception {
        source.rewind();
        return new ObjectInputStream(source).readObject();
    }
}
