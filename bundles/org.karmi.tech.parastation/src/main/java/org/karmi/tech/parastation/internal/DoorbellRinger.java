package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * Rings another node's {@link Doorbell}: one UNIX-domain connection per peer node, opened on
 * the first ring and reopened after a failure; writes never block (a full socket buffer
 * means the peer's conductor is far behind: the ring is dropped and the waiter's safety
 * timeout takes over). Thread-safe (rings are serialised; they happen only when a waiter
 * sleeps).
 */
final class DoorbellRinger implements AutoCloseable {

    private final UnixDomainSocketAddress address;
    private final ParaStationStatistics statistics;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private SocketChannel channel;
    private boolean closed;

    /** @param path the peer's doorbell, or null if it has none (rings are then no-ops) */
    DoorbellRinger(Path path, ParaStationStatistics statistics) {
        this.address = path == null ? null : UnixDomainSocketAddress.of(path);
        this.statistics = statistics;
    }

    /** Writes {@code slot} to the peer's doorbell; returns whether it was sent. */
    synchronized boolean ring(int slot) {
        if (address == null || closed) {
            return false;
        }
        try {
            if (channel == null) {
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                try {
                    ch.connect(address);
                    ch.configureBlocking(false);
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    throw e;
                }
                channel = ch;
            }
            buffer.clear();
            buffer.putInt(0, slot);
            if (channel.write(buffer) == 0) {
                statistics.doorbellsDropped.increment();
                return false;
            }
            while (buffer.hasRemaining()) { // never seen for 4 bytes; finish what was started
                Thread.onSpinWait();
                channel.write(buffer);
            }
            statistics.doorbellsRung.increment();
            return true;
        } catch (IOException e) {
            statistics.doorbellsDropped.increment();
            closeChannel();
            return false;
        }
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing to do
            }
            channel = null;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        closeChannel();
    }
}
