package org.karmi.tech.parastation.internal;

import java.io.StreamCorruptedException;

/**
 * A channel ring held records or frames no well-behaved peer writes (a bad record length,
 * type or position, a fragment out of sequence, an announced length over the limit). An input
 * error that any process able to write the ring can cause at will, so it carries no stack
 * trace: filling one (dozens of frames deep) would make every forged record cost the reader
 * far more than the writer, and it always names the same reader. The channel must be closed.
 * Immutable; thread-safe.
 */
final class MalformedFrameException extends StreamCorruptedException {

    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, beginning with {@code "parastation: "} */
    MalformedFrameException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // see the class comment
    }
}
