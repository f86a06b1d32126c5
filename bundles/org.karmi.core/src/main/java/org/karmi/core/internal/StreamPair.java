package org.karmi.core.internal;

import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;

/**
 * The serializer state of one connection end (kept in the connection's attachment): one
 * output and one input stream, the codec through which remote objects cross them, and the
 * reusable server-side call object. Lives exactly as long as the connection; used by one
 * call at a time (a connection carries one call at a time), so not thread-safe.
 */
final class StreamPair {

    /** Opens the streams of a connection end that marshals with the given serializer. */
    @FunctionalInterface
    interface Factory {
        StreamPair open(Serializer serializer);
    }

    final StreamCodec codec;
    /** The serializer agreed for the connection (or the preferred one, for the local short-cut). */
    final Serializer serializer;
    final SerialOutput out;
    final SerialInput in;
    final IncomingCall incoming;

    StreamPair(StreamCodec codec, Serializer serializer) {
        this.codec = codec;
        this.serializer = serializer;
        this.out = serializer.newOutput(codec);
        this.in = serializer.newInput(codec);
        this.incoming = new IncomingCall(in, out);
    }

    /** Forgets back-references in both directions (after every call). */
    void resetObjects() {
        out.resetObjects();
        in.resetObjects();
    }

    /** Forgets objects and types (after a failure left the streams in doubt). */
    void resetAll() {
        out.resetAll();
        in.resetAll();
    }
}
