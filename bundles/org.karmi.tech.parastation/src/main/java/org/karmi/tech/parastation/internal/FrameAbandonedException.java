package org.karmi.tech.parastation.internal;

import java.net.SocketTimeoutException;

/**
 * A fragmented frame was abandoned half-way: its fragments did not complete it within the
 * reassembly timeout (the context's I/O timeout), or the node's inbound byte budget stayed
 * spent that long. The frame's buffer and budget bytes are released by then; the channel must
 * be closed (the rest of the frame may still come). Immutable; thread-safe.
 */
final class FrameAbandonedException extends SocketTimeoutException {

    private static final long serialVersionUID = 1L;

    FrameAbandonedException(String message) {
        super(message);
    }
}
