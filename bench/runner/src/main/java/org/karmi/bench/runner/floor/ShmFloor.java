package org.karmi.bench.runner.floor;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.karmi.tech.parastation.internal.ring.BackoffIdleStrategy;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.MessageHandler;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Measures the raw shared-memory floor under the ParaStation technology: a ping-pong of one
 * 64-byte message between this JVM and a child JVM through the technology's one-to-one rings in
 * a mapped file (no framing, no RMI layers), and a bandwidth run of large messages fragmented
 * through the same rings (one copy in, one copy out, like the technology). Prints one
 * machine-readable line per run:
 * <pre>
 * shmfloor.pingpong bytes=64 iterations=N idle=backoff median_ns=.. p99_ns=.. mean_ns=..
 * shmfloor.bandwidth message_bytes=.. messages=.. idle=backoff seconds=.. mb_per_s=..
 * </pre>
 * Usage: {@code ShmFloor [--dir /dev/shm] [--iterations 200000] [--warmup 50000]
 * [--message-bytes 1048576] [--messages 2000] [--ring-bytes 1048576] [--idle backoff|spin|yield]}.
 * Single-threaded per process; not a library class.
 */
public final class ShmFloor {

    private static final int PING = 1;
    private static final int DATA = 2;
    private static final int DATA_END = 3;
    private static final int QUIT = 4;
    private static final int PING_BYTES = 64;
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(120);

    private ShmFloor() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child")) {
            child(Path.of(args[1]), Integer.parseInt(args[2]), args[3]);
            return;
        }
        Path dir = Path.of(opt(args, "--dir", "/dev/shm"));
        int iterations = Integer.parseInt(opt(args, "--iterations", "200000"));
        int warmup = Integer.parseInt(opt(args, "--warmup", "50000"));
        int messageBytes = Integer.parseInt(opt(args, "--message-bytes", "1048576"));
        int messages = Integer.parseInt(opt(args, "--messages", "2000"));
        int ringBytes = Integer.parseInt(opt(args, "--ring-bytes", "1048576"));
        String idle = opt(args, "--idle", "backoff");
        RingBufferDescriptor.checkCapacity(ringBytes);
        Path file = Files.createTempFile(dir, "karmi-shmfloor-", ".ring");
        Process child = null;
        try {
            Rings rings = Rings.map(file, ringBytes, true);
            List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                    "-cp", System.getProperty("java.class.path"), ShmFloor.class.getName(), "--child",
                    file.toString(), Integer.toString(ringBytes), idle));
            child = new ProcessBuilder(cmd).inheritIO().start();
            pingPong(rings, idle, warmup, false);
            pingPong(rings, idle, iterations, true);
            bandwidth(rings, idle, messageBytes, Math.max(1, messages / 10), false);
            bandwidth(rings, idle, messageBytes, messages, true);
            send(rings.out, QUIT, new byte[0], 0, newIdle(idle));
            child.waitFor(10, TimeUnit.SECONDS);
        } finally {
            if (child != null) {
                child.destroyForcibly();
            }
            Files.deleteIfExists(file);
        }
    }

    private static void pingPong(Rings rings, String idleKind, int iterations, boolean report) throws IOException {
        byte[] ping = new byte[PING_BYTES];
        long[] rtt = new long[iterations];
        IdleStrategy idle = newIdle(idleKind);
        int[] got = new int[1];
        MessageHandler onPong = (type, b, i, len) -> got[0] = type;
        for (int n = 0; n < iterations; n++) {
            ping[0] = (byte) n;
            long t0 = System.nanoTime();
            send(rings.out, PING, ping, PING_BYTES, idle);
            got[0] = 0;
            long deadline = t0 + TIMEOUT_NS;
            idle.reset();
            while (rings.in.read(onPong, 1) == 0) {
                idle.idle();
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException("no pong within " + TIMEOUT_NS / 1_000_000 + " ms");
                }
            }
            rtt[n] = System.nanoTime() - t0;
        }
        if (report) {
            Arrays.sort(rtt);
            long sum = 0;
            for (long r : rtt) {
                sum += r;
            }
            System.out.println("shmfloor.pingpong bytes=" + PING_BYTES + " iterations=" + iterations + " idle=" + idleKind
                    + " median_ns=" + rtt[iterations / 2] + " p99_ns=" + rtt[(int) (iterations * 0.99)]
                    + " mean_ns=" + sum / iterations);
        }
    }

    private static void bandwidth(Rings rings, String idleKind, int messageBytes, int messages, boolean report)
            throws IOException {
        byte[] src = new byte[messageBytes];
        Arrays.fill(src, (byte) 7);
        IdleStrategy idle = newIdle(idleKind);
        int chunk = rings.out.maxMsgLength();
        long t0 = System.nanoTime();
        for (int m = 0; m < messages; m++) {
            for (int off = 0; off < messageBytes; off += chunk) {
                int n = Math.min(chunk, messageBytes - off);
                int index;
                idle.reset();
                while ((index = rings.out.tryClaim(DATA, n)) < 0) {
                    idle.idle();
                }
                rings.out.buffer().put(index, src, off, n);
                rings.out.commit(index);
            }
        }
        send(rings.out, DATA_END, new byte[0], 0, idle);
        long[] received = new long[1];
        idle.reset();
        long deadline = System.nanoTime() + TIMEOUT_NS;
        while (rings.in.read((type, b, i, len) -> received[0] = b.getLong(i), 1) == 0) {
            idle.idle();
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("no bandwidth acknowledgement in time");
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long total = (long) messageBytes * messages;
        if (received[0] != total) {
            throw new IOException("child received " + received[0] + " bytes, expected " + total);
        }
        if (report) {
            System.out.printf("shmfloor.bandwidth message_bytes=%d messages=%d idle=%s seconds=%.3f mb_per_s=%.0f%n",
                    messageBytes, messages, idleKind, seconds, total / seconds / 1e6);
        }
    }

    private static void child(Path file, int ringBytes, String idleKind) throws IOException {
        Rings rings = Rings.map(file, ringBytes, false);
        IdleStrategy idle = newIdle(idleKind);
        byte[] sink = new byte[rings.in.maxMsgLength()];
        long[] bulk = new long[1];
        boolean[] quit = new boolean[1];
        byte[] pong = new byte[PING_BYTES];
        byte[] ack = new byte[8];
        MessageHandler handler = (type, b, i, len) -> {
            switch (type) {
                case PING:
                    b.get(i, pong, 0, len);
                    sendUnchecked(rings.out, PING, pong, len, idle);
                    break;
                case DATA:
                    b.get(i, sink, 0, len);
                    bulk[0] += len;
                    break;
                case DATA_END:
                    java.nio.ByteBuffer.wrap(ack).order(ByteOrder.LITTLE_ENDIAN).putLong(0, bulk[0]);
                    bulk[0] = 0;
                    sendUnchecked(rings.out, DATA_END, ack, 8, idle);
                    break;
                default:
                    quit[0] = true;
            }
        };
        long lastWork = System.nanoTime();
        while (!quit[0]) {
            int n = rings.in.read(handler, 16);
            if (n > 0) {
                lastWork = System.nanoTime();
                idle.reset();
            } else {
                if (System.nanoTime() - lastWork > TIMEOUT_NS) {
                    return; // parent gone
                }
                idle.idle();
            }
        }
    }

    private static void send(RingBuffer ring, int type, byte[] msg, int length, IdleStrategy idle) throws IOException {
        long deadline = System.nanoTime() + TIMEOUT_NS;
        idle.reset();
        while (!ring.write(type, msg, 0, length)) {
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("ring stayed full");
            }
            idle.idle();
        }
    }

    private static void sendUnchecked(RingBuffer ring, int type, byte[] msg, int length, IdleStrategy idle) {
        while (!ring.write(type, msg, 0, length)) {
            idle.idle();
        }
    }

    private static IdleStrategy newIdle(String kind) {
        switch (kind) {
            case "spin":
                return new BackoffIdleStrategy(Long.MAX_VALUE, 0, 1, 1);
            case "yield":
                return new BackoffIdleStrategy(0, Long.MAX_VALUE, 1, 1);
            default: // the technology's defaults
                return org.karmi.tech.parastation.internal.ParaStationConfig.defaults().newIdleStrategy();
        }
    }

    private static String opt(String[] args, String name, String dflt) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return dflt;
    }

    /** The two rings of the floor's file: parent-to-child and child-to-parent. */
    private static final class Rings {
        final RingBuffer out;
        final RingBuffer in;

        private Rings(RingBuffer out, RingBuffer in) {
            this.out = out;
            this.in = in;
        }

        static Rings map(Path file, int capacity, boolean parent) throws IOException {
            int ringLength = RingBufferDescriptor.totalLength(capacity);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_WRITE, 0, 2L * ringLength);
                b.order(ByteOrder.LITTLE_ENDIAN);
                RingBuffer a = new OneToOneRingBuffer(b.slice(0, ringLength));
                RingBuffer c = new OneToOneRingBuffer(b.slice(ringLength, ringLength));
                return parent ? new Rings(a, c) : new Rings(c, a);
            }
        }
    }
}
