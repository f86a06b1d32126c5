package org.karmi.serial.jdk.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.rmi.Remote;

import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.transport.WireBuffer;

/**
 * A {@link SerialOutput} that writes each message with a fresh {@link ObjectOutputStream}, as
 * {@code java.rmi} does (type descriptions are re-sent in every message: the baseline the
 * UKA-serialization is measured against). Exported objects and stubs are replaced by the
 * bytes of their reference; any other {@code Remote} is written by value, as {@code java.rmi}
 * writes it. Not thread-safe.
 */
public final class JdkSerialOutput implements SerialOutput {

    private final RemoteObjectCodec remotes;
    private ReplacingStream out;

    public JdkSerialOutput(RemoteObjectCodec remotes) {
        this.remotes = remotes;
    }

    @Override
    public void begin(WireBuffer buffer) throws IOException {
        out = new ReplacingStream(new WireBufferStreams.Out(buffer), remotes);
    }

    @Override
    public void finish() throws IOException {
        stream().flush();
        out = null;
    }

    @Override
    public void resetObjects() {
        // a fresh stream per message already forgets every object
    }

    @Override
    public void resetAll() {
        // a fresh stream per message already forgets every type
    }

    private ObjectOutputStream stream() throws IOException {
        if (out == null) {
            throw new IOException("SerialOutput used outside begin()/finish()");
        }
        return out;
    }

    @Override
    public void writeObject(Object obj) throws IOException {
        ObjectOutputStream s = stream();
        try {
            s.writeObject(obj);
        } catch (StackOverflowError e) {
            throw new IOException("object graph nested deeper than this thread's stack allows, at a "
                    + obj.getClass().getName());
        }
    }
    @Override public void write(int b) throws IOException { stream().write(b); }
    @Override public void write(byte[] b) throws IOException { stream().write(b); }
    @Override public void write(byte[] b, int off, int len) throws IOException { stream().write(b, off, len); }
    @Override public void writeBoolean(boolean v) throws IOException { stream().writeBoolean(v); }
    @Override public void writeByte(int v) throws IOException { stream().writeByte(v); }
    @Override public void writeShort(int v) throws IOException { stream().writeShort(v); }
    @Override public void writeChar(int v) throws IOException { stream().writeChar(v); }
    @Override public void writeInt(int v) throws IOException { stream().writeInt(v); }
    @Override public void writeLong(long v) throws IOException { stream().writeLong(v); }
    @Override public void writeFloat(float v) throws IOException { stream().writeFloat(v); }
    @Override public void writeDouble(double v) throws IOException { stream().writeDouble(v); }
    @Override public void writeBytes(String s) throws IOException { stream().writeBytes(s); }
    @Override public void writeChars(String s) throws IOException { stream().writeChars(s); }
    @Override public void writeUTF(String s) throws IOException { stream().writeUTF(s); }

    /** Flushes buffered block data into the wire buffer. */
    @Override
    public void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    /** No-op: the buffer belongs to the technology. */
    @Override
    public void close() {
        // nothing to release
    }

    /** Replaces remote objects by their reference bytes. */
    private static final class ReplacingStream extends ObjectOutputStream {
        private final RemoteObjectCodec remotes;

        ReplacingStream(WireBufferStreams.Out out, RemoteObjectCodec remotes) throws IOException {
            super(out);
            this.remotes = remotes;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) throws IOException {
            if (obj instanceof Remote && remotes.byReference((Remote) obj)) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
                try (ObjectOutputStream refOut = new ObjectOutputStream(bytes)) {
                    remotes.writeRemote((Remote) obj, refOut);
                }
                return new RemoteReferenceBytes(bytes.toByteArray());
            }
            return obj;
        }
    }
}
