package org.karmi.serial.jdk.internal;

import java.io.Serializable;

/**
 * What a remote object is replaced with inside a JDK object stream: the bytes the reference
 * layer's {@link org.karmi.spi.serial.RemoteObjectCodec} wrote for it. Immutable.
 */
final class RemoteReferenceBytes implements Serializable {
    private static final long serialVersionUID = 1L;

    final byte[] bytes;

    RemoteReferenceBytes(byte[] bytes) {
        this.bytes = bytes;
    }
}
