package org.karmi.serial.jdk.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectOutput;
import java.io.ObjectStreamConstants;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.Arrays;

import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.transport.WireBuffer;

/** Test helpers: messages written by the jdk serializer, or by hand, and read back through it. */
final class JdkStreams {

    /** A codec for messages without remote objects. */
    static final RemoteObjectCodec NO_REMOTES = new RemoteObjectCodec() {
        @Override
        public void writeRemote(Remote object, ObjectOutput out) throws IOException {
            throw new NoSuchObjectException("no remote objects here");
        }

        @Override
        public Remote readRemote(ObjectInput in) throws IOException {
            throw new NoSuchObjectException("no remote objects here");
        }
    };

    private JdkStreams() {
    }

    /** The message the jdk serializer writes for {@code objects}. */
    static byte[] write(Object... objects) throws IOException {
        WireBuffer b = new WireBuffer(64);
        b.clearForWrite(0);
        JdkSerialOutput out = new JdkSerialOutput(NO_REMOTES);
        out.begin(b);
        for (Object o : objects) {
            out.writeObject(o);
        }
        out.finish();
        return Arrays.copyOf(b.array, b.position);
    }

    /** A reader of messages: one input, as a connection keeps it. */
    static final class Reader {
        final JdkSerialInput in;

        Reader(StreamFilter filter) {
            this.in = new JdkSerialInput(NO_REMOTES, filter);
        }

        Reader() {
            this(new StreamFilter(AllowPatterns.NONE));
        }

        /** Reads {@code count} objects of {@code message} with {@code filter} as the call's filter. */
        Object[] read(byte[] message, ObjectInputFilter filter, int count) throws IOException, ClassNotFoundException {
            WireBuffer b = new WireBuffer(message.length);
            System.arraycopy(message, 0, b.array, 0, message.length);
            b.flipForRead(0, message.length);
            in.begin(b, JdkStreams.class.getClassLoader(), filter);
            Object[] out = new Object[count];
            for (int i = 0; i < count; i++) {
                out[i] = in.readObject();
            }
            in.resetObjects();
            return out;
        }

        Object read(byte[] message, ObjectInputFilter filter) throws IOException, ClassNotFoundException {
            return read(message, filter, 1)[0];
        }
    }

    /** A filter that allows exactly these classes (as the reference layer's does declared types) and decides nothing else. */
    static ObjectInputFilter declaring(Class<?>... classes) {
        return ObjectInputFilter.allowFilter(c -> Arrays.asList(classes).contains(c), ObjectInputFilter.Status.UNDECIDED);
    }

    /**
     * A hand-made stream: the header, then an array of class {@code arrayClassName} (element
     * class descriptor inline, no fields) that claims {@code length} elements, then
     * {@code tail} bytes of elements.
     */
    static byte[] arrayClaiming(String arrayClassName, int length, int tail) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.writeShort(ObjectStreamConstants.STREAM_MAGIC);
        d.writeShort(ObjectStreamConstants.STREAM_VERSION);
        d.writeByte(ObjectStreamConstants.TC_ARRAY);
        d.writeByte(ObjectStreamConstants.TC_CLASSDESC);
        d.writeUTF(arrayClassName);
        d.writeLong(0L); // arrays are exempt from the serialVersionUID check
        d.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
        d.writeShort(0);
        d.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
        d.writeByte(ObjectStreamConstants.TC_NULL); // no superclass
        d.writeInt(length);
        for (int i = 0; i < tail; i++) {
            d.writeByte(ObjectStreamConstants.TC_NULL);
        }
        return bytes.toByteArray();
    }
}
