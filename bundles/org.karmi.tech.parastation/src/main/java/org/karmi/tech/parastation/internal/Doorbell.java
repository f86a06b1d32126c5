package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A node's doorbell: a UNIX-domain stream socket ({@code java.net.UnixDomainSocketAddress})
 * on which other nodes write the 4-byte slot (i32, little-endian) of a waiter of this node
 * they found asleep; the conductor {@linkplain #await waits} on it and unparks the waiter
 * registered under that slot. Slot {@link #CONDUCTOR_SLOT} only wakes the conductor (a
 * connect request in its accept ring). The sockets are used only while someone sleeps: no
 * system call on the data path while traffic flows. Threading: {@link #await} on the
 * conductor thread only; the rest from any thread.
 */
final class Doorbell implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Doorbell.class.getName());
    static final int CONDUCTOR_SLOT = 0;
    private static final int READ_BUFFER_BYTES = 1024;

    private final Path path;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final ParaStationStatistics statistics;
    private final Map<Integer, Waiter> waiters = new ConcurrentHashMap<>();
    private final AtomicInteger nextSlot = new AtomicInteger(CONDUCTOR_SLOT);

    private Doorbell(Path path, ServerSocketChannel server, Selector selector, ParaStationStatistics statistics) {
        this.path = path;
        this.server = server;
        this.selector = selector;
        this.statistics = statistics;
    }

    /**
     * Binds the doorbell at {@code path} (a stale socket file there is replaced).
     *
     * @throws IOException if the socket cannot be bound
     */
    static Doorbell bind(Path path, ParaStationStatistics statistics) throws IOException {
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        Selector selector = null;
        try {
            server.bind(UnixDomainSocketAddress.of(path));
            server.configureBlocking(false);
            selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            return new Doorbell(path, server, selector, statistics);
        } catch (IOException | RuntimeException e) {
            server.close();
            if (selector != null) {
                selector.close();
            }
            Files.deleteIfExists(path);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    /** A new waiter with its own slot (never {@link #CONDUCTOR_SLOT}). */
    Waiter register() {
        Waiter w = new Waiter(nextSlot.incrementAndGet());
        waiters.put(w.slot(), w);
        return w;
    }

    void unregister(Waiter w) {
        waiters.remove(w.slot(), w);
    }

    /**
     * Conductor: waits up to {@code timeoutMs} (0: does not block) for rings, accepts new
     * ringers and unparks the waiters of the slots rung.
     *
     * @return the number of rings handled
     */
    int await(long timeoutMs) {
        try {
            int ready = timeoutMs > 0 ? selector.select(timeoutMs) : selector.selectNow();
            return ready == 0 ? 0 : handleSelected();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "parastation: doorbell " + path + " failed; waiters fall back to timed sleeps", e);
            return 0;
        }
    }

    private int handleSelected() throws IOException {
        int rings = 0;
        Iterator<SelectionKey> it = selector.selectedKeys().iterator();
        while (it.hasNext()) {
            SelectionKey key = it.next();
            it.remove();
            if (!key.isValid()) {
                continue;
            }
            if (key.isAcceptable()) {
                SocketChannel ch;
                while ((ch = server.accept()) != null) {
                    ch.configureBlocking(false);
                    ch.register(selector, SelectionKey.OP_READ,
                            ByteBuffer.allocateDirect(READ_BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN));
                }
            } else if (key.isReadable()) {
                rings += read(key);
            }
        }
        return rings;
    }

    private int read(SelectionKey key) {
        SocketChannel ch = (SocketChannel) key.channel();
        ByteBuffer buf = (ByteBuffer) key.attachment();
        int rings = 0;
        try {
            int n;
            while ((n = ch.read(buf)) > 0) {
                buf.flip();
                while (buf.remaining() >= Integer.BYTES) {
                    ring(buf.getInt());
                    rings++;
                }
                buf.compact();
            }
            if (n < 0) { // the ringing node closed or died
                key.cancel();
                ch.close();
            }
        } catch (IOException e) {
            key.cancel();
            closeQuietly(ch);
        }
        return rings;
    }

    private void ring(int slot) {
        if (slot == CONDUCTOR_SLOT) {
            return; // the conductor is awake now
        }
        Waiter w = waiters.get(slot);
        if (w != null) {
            statistics.doorbellWakeups.increment();
            w.unpark();
        }
    }

    /** Makes a blocked {@link #await} return (to stop the conductor). */
    void wakeup() {
        selector.wakeup();
    }

    @Override
    public void close() {
        for (SelectionKey key : selector.keys()) {
            closeQuietly(key.channel());
        }
        closeQuietly(selector);
        closeQuietly(server);
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, () -> "parastation: cannot delete doorbell " + path + ": " + e);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing: nothing to do
        }
    }

    @Override
    public String toString() {
        return "Doorbell[" + path + ", " + waiters.size() + " waiters]";
    }
}
