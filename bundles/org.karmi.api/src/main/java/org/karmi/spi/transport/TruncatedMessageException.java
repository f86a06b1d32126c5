package org.karmi.spi.transport;

import java.io.StreamCorruptedException;

/**
 * A message ended (or claimed a length) before the bytes a reader needed: the message is
 * malformed or truncated. Thrown before anything of the claimed length is allocated.
 */
public final class TruncatedMessageException extends StreamCorruptedException {
    private static final long serialVersionUID = 1L;

    public TruncatedMessageException(int needed, int remaining, int offset) {
        super("truncated or malformed message: needed " + needed + " bytes at offset " + offset
                + ", only " + remaining + " remain");
    }
}
