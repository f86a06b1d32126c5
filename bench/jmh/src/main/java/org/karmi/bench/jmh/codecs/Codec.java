package org.karmi.bench.jmh.codecs;

/**
 * One serializer in one configuration, as the benchmarks drive it: {@link #write} writes one
 * object as one message into the codec's own reused buffer; {@link #load} hands it the bytes
 * of a message which {@link #read} then deserializes, as often as it is called (pre-written
 * bytes, so that reading is measured alone).
 *
 * <p>Benchmarks make a codec steady before measuring: write, load, read once (a serializer
 * that keeps a type table across messages learns the types on both sides), then write again
 * and load that second message; its size is the steady-state size reported. Not thread-safe.
 *
 * <p>Every implementation marks {@code write} and {@code read} {@code DONT_INLINE}: each is
 * compiled on its own, as a serializer's entry point is when an application (or the reference
 * layer) calls it, instead of being inlined into the JMH loop or not depending on which of two
 * compilations finished first. That race, not the serializer, made a fork of the same code 21 or
 * 33 ns ({@code uka 32 int} write), once the loop's compilation unit hit C2's node limit.
 */
public interface Codec {

    /** Writes {@code object} as one message; returns the number of bytes the message has. */
    int write(Object object) throws Exception;

    /** A copy of the message {@link #write} wrote last. */
    byte[] written();

    /** Makes {@link #read} read {@code message} (copied). */
    void load(byte[] message) throws Exception;

    /** Deserializes the loaded message once more. */
    Object read() throws Exception;

    /** Writes {@code object} twice and loads the second message, reading the first: see the class comment. */
    static int steady(Codec codec, Object object) throws Exception {
        codec.write(object);
        codec.load(codec.written());
        codec.read();
        int size = codec.write(object);
        codec.load(codec.written());
        return size;
    }
}
