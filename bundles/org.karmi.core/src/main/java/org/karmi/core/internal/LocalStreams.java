package org.karmi.core.internal;

import org.karmi.spi.transport.WireBuffer;

/**
 * The buffers and streams of local short-cut calls on one thread: a request and a reply
 * buffer, the caller's stream pair (writes arguments, reads the result) and the callee's
 * (reads arguments, writes the result). Cached per thread; a nested local call on a thread
 * whose streams are busy gets fresh ones. Used by one thread; not thread-safe.
 */
final class LocalStreams {

    private static final int INITIAL_CAPACITY = 256;

    final WireBuffer request = new WireBuffer(INITIAL_CAPACITY);
    final WireBuffer reply = new WireBuffer(INITIAL_CAPACITY);
    final StreamPair caller;
    final StreamPair callee;
    boolean busy;

    LocalStreams(StreamPair caller, StreamPair callee) {
        this.caller = caller;
        this.callee = callee;
    }

    /** Marks the streams in use and clears the request buffer. */
    LocalStreams acquire() {
        busy = true;
        request.clearForWrite(0);
        return this;
    }

    void release() {
        busy = false;
    }
}
