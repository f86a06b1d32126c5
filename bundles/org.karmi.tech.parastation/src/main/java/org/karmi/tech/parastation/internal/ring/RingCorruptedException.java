package org.karmi.tech.parastation.internal.ring;

/**
 * Thrown by a {@link RingBuffer} that finds words no well-behaved producer or consumer writes:
 * a record length outside the record's block or the ring's message limit, a type that is
 * neither positive nor padding, a misaligned or out-of-range position. Any process that can
 * write the ring's shared memory can cause it, so it is an input error, not a bug: the owner
 * of the ring gives up the ring (closes its channel, or skips an accept ring to its tail).
 * Unchecked because ring methods run inside handler callbacks and on hot paths that declare
 * nothing; never thrown for a well-formed ring. Immutable; thread-safe.
 */
public final class RingCorruptedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what was found where, for the log and the channel's close reason */
    public RingCorruptedException(String message) {
        super(message, null, false, false); // an input error: no stack trace to fill
    }
}
