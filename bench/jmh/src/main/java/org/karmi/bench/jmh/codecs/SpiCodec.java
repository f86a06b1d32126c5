package org.karmi.bench.jmh.codecs;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectOutput;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.Arrays;

import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.WireBuffer;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * A KaRMI {@link Serializer} driven as the reference layer drives it per call: one
 * {@link SerialOutput} and one {@link SerialInput}, each reused over one {@link WireBuffer},
 * {@code begin} / the object / {@code finish}, then {@code resetObjects()} (the type table
 * survives, as it does for the life of a connection). Not thread-safe.
 */
final class SpiCodec implements Codec {

    /** The benchmark objects are no remote objects: meeting one is a bug. */
    private static final RemoteObjectCodec NO_REMOTES = new RemoteObjectCodec() {
        @Override
        public void writeRemote(Remote object, ObjectOutput out) throws IOException {
            throw new NoSuchObjectException("the serialization benchmark has no remote objects");
        }

        @Override
        public Remote readRemote(ObjectInput in) throws IOException {
            throw new NoSuchObjectException("the serialization benchmark has no remote objects");
        }
    };

    private final SerialOutput out;
    private final SerialInput in;
    private final ClassLoader loader = SpiCodec.class.getClassLoader();
    private final ObjectInputFilter filter;
    private final WireBuffer outBuffer = new WireBuffer(256);
    private WireBuffer inBuffer = new WireBuffer(0);
    private int inLength;

    SpiCodec(Serializer serializer, ObjectInputFilter filter) {
        this.out = serializer.newOutput(NO_REMOTES);
        this.in = serializer.newInput(NO_REMOTES);
        this.filter = filter;
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public int write(Object object) throws IOException {
        WireBuffer b = outBuffer;
        b.clearForWrite(0);
        out.begin(b);
        out.writeLastObject(object); // as a skeleton writes a result, a stub its last argument
        out.finish();
        out.resetObjects();
        return b.position;
    }

    @Override
    public byte[] written() {
        return Arrays.copyOf(outBuffer.array, outBuffer.position);
    }

    @Override
    public void load(byte[] message) {
        inBuffer = new WireBuffer(message.length);
        System.arraycopy(message, 0, inBuffer.array, 0, message.length);
        inLength = message.length;
    }

    @Override
    @CompilerControl(CompilerControl.Mode.DONT_INLINE) // see Codec
    public Object read() throws IOException, ClassNotFoundException {
        WireBuffer b = inBuffer;
        b.flipForRead(0, inLength);
        in.begin(b, loader, filter);
        Object o = in.readObject();
        in.resetObjects();
        return o;
    }
}
