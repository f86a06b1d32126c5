package org.karmi.tech.parastation.internal.ring;

import java.nio.ByteBuffer;

/**
 * Receives the records a {@link RingBuffer} reads. Called on the consumer's thread only; the
 * bytes are valid only during the call.
 */
@FunctionalInterface
public interface MessageHandler {

    /**
     * One record.
     *
     * @param msgTypeId the record's type (positive)
     * @param buffer    the ring's buffer (absolute indexes; do not change its position)
     * @param index     the first byte of the message
     * @param length    the message's length in bytes
     */
    void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length);
}
