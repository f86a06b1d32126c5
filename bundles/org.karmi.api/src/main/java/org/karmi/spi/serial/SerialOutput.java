package org.karmi.spi.serial;

import java.io.IOException;
import java.io.ObjectOutput;

import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Writes primitives and object graphs of one message into a {@link WireBuffer}. It is an
 * {@link ObjectOutput}, so code written against that works unchanged; generated stubs call
 * its primitive writers directly (no boxing).
 *
 * <p>Use per message: {@link #begin(WireBuffer)}, the writes, {@link #finish()}; then
 * {@link #resetObjects()} before the next call. Not thread-safe: one message at a time.
 * {@link #close()} and {@link #flush()} are no-ops for the connection; the buffer is the
 * technology's.
 */
@ConsumerType
public interface SerialOutput extends ObjectOutput {

    /** Starts a message: subsequent writes append at {@code buffer.position}. */
    void begin(WireBuffer buffer) throws IOException;

    /**
     * Ends the message: every byte written is now in the buffer, whose {@code position} is
     * one past the last byte.
     */
    void finish() throws IOException;

    /**
     * Writes {@code obj} as the message's last object: the caller promises that no
     * {@code writeObject} follows before {@link #finish()} (a stub's last reference argument,
     * a skeleton's result). Bytes and meaning are those of {@link #writeObject}; a stream may
     * use the promise to skip recording the identity of an object nothing can refer back to
     * (the UKA stream does so for a message's only object when its class has no reference
     * fields). Breaking the promise may lose the identity of that one object.
     *
     * @since 1.1
     */
    default void writeLastObject(Object obj) throws IOException {
        writeObject(obj);
    }

    /**
     * Forgets the objects written so far (back-references), keeping the type table: the next
     * message re-sends the state of every object. Called after each call.
     */
    void resetObjects();

    /** Forgets objects and types: the next message re-announces every class it uses. */
    void resetAll();
}
