package org.karmi.bench.jmh.codecs;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * JDK serialization with one {@link ObjectOutputStream} / {@link ObjectInputStream} pair
 * kept over all messages and {@code reset()} before each one: no stream header per message,
 * but {@code reset()} forgets classes as well as objects, so every message re-sends its class
 * descriptors (JDK serialization has no object-only reset). Not thread-safe.
 */
final class JdkResetCodec implements Codec {

    private final ByteSink sink = new ByteSink();
    private final ObjectOutputStream out;
    private final ByteSource source = new ByteSource();
    private ObjectInputStream in;
    private byte[] header;

    JdkResetCodec() throws Exception {
        out = new ObjectOutputStream(sink);
        out.flush();
        header = sink.toByteArray();
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public int write(Object object) throws Exception {
        sink.clear();
        out.reset();
        out.writeObject(object);
        out.flush();
        return sink.size();
    }

    @Override
    public byte[] written() {
        return sink.toByteArray();
    }

    @Override
    public void load(byte[] message) throws Exception {
        if (in == null) {
            source.set(header);
            in = new ObjectInputStream(source);
        }
        source.set(message.clone());
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public Object read() throws Exception {
        source.rewind();
        return in.readObject();
    }
}
