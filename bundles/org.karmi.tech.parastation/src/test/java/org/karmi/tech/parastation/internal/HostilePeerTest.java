package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.ManyToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * A node against local processes that write the domain's shared memory by hand
 * ({@link RawPeer}): a huge announced frame, garbage records in a channel ring or in the
 * accept ring, and a flood of peers that die. Each costs the node bounded memory, closes at
 * most the offending channel, and a bounded number of log lines without stack traces, while
 * a well-behaved client is served throughout.
 */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class HostilePeerTest {

    private final List<ParaStationTechnology> started = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    /** Held so that the handler stays attached (JUL keeps loggers weakly). */
    private final Logger parastationLogger = Logger.getLogger("org.karmi.tech.parastation");
    private final Handler capture = new Handler() {
        @Override public void publish(LogRecord r) { logged.add(r); }
        @Override public void flush() { }
        @Override public void close() { }
    };

    @BeforeEach
    void captureLog() {
        capture.setLevel(Level.ALL);
        parastationLogger.addHandler(capture);
    }

    @AfterEach
    void cleanUp() throws InterruptedException {
        parastationLogger.removeHandler(capture);
        started.forEach(ParaStationTechnology::close);
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private ParaStationTechnology start(Path domain, TestContext context) throws IOException {
        return start(domain, context, ParaStationConfig.DEFAULT_MAX_CONNECTIONS);
    }

    private ParaStationTechnology start(Path domain, TestContext context, int maxConnections) throws IOException {
        ParaStationTechnology t = new ParaStationTechnology(ParaStationConfig.builder().domainDirectory(domain)
                .ringCapacity(RawPeer.RING_CAPACITY).heartbeatIntervalMs(50).maxConnections(maxConnections).build());
        context.utids(() -> List.of(t.localUtid()));
        t.start(context);
        started.add(t);
        return t;
    }

    private static int port(ParaStationTechnology t) {
        return ParaStationAddress.port(t.localUtid().address());
    }

    private static ParaStationStatistics statistics(ParaStationTechnology t) {
        return (ParaStationStatistics) t.statistics();
    }

    private static void assertEchoes(ParaStationTechnology client, ParaStationTechnology server, int size)
            throws IOException {
        Connection c = client.acquire(server.localUtid(), 10_000);
        byte[] payload = new byte[size];
        for (int i = 0; i < size; i++) {
            payload[i] = (byte) (i * 7);
        }
        c.request().writeBytes(payload, 0, size);
        WireBuffer in = c.call(10_000);
        byte[] got = new byte[in.remaining()];
        in.readBytes(got, 0, got.length);
        assertArrayEquals(payload, got);
        c.release();
    }

    /** Log records at INFO or above from this technology's loggers. */
    private List<LogRecord> lines() {
        List<LogRecord> out = new ArrayList<>();
        for (LogRecord r : logged) {
            if (r.getLevel().intValue() >= Level.INFO.intValue()) {
                out.add(r);
            }
        }
        return out;
    }

    private void assertNoStackTraces() {
        for (LogRecord r : lines()) {
            assertNull(r.getThrown(), "no stack trace above DEBUG: " + r.getMessage());
        }
    }

    /** Writes the first fragment of a frame announcing {@code total} bytes and {@code fragments} full ones. */
    private static int startFrame(RawPeer attacker, int total, int fragments) throws InterruptedException {
        int maxFragment = attacker.toServer().maxMsgLength();
        byte[] first = new byte[maxFragment];
        ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN).putInt(FrameDescriptor.CALL_ID_OFFSET, 1)
                .putInt(FrameDescriptor.PAYLOAD_LENGTH_OFFSET, total);
        writeSoon(attacker, FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.BEGIN_FLAG), first);
        byte[] fragment = new byte[maxFragment];
        for (int i = 0; i < fragments; i++) {
            writeSoon(attacker, FrameDescriptor.msgTypeId(MessageType.CALL, 0), fragment);
        }
        return maxFragment - FrameDescriptor.FRAME_HEADER_LENGTH + fragments * maxFragment;
    }

    private static void writeSoon(RawPeer attacker, int msgTypeId, byte[] message) throws InterruptedException {
        ParaStationTechnologyTest.await("room in the attacker's ring", 10_000,
                () -> attacker.tryWrite(msgTypeId, message, message.length));
    }

    @Test
    void peerAnnouncingAHugeFragmentedFrameMakesTheServerHoldOnlyAboutWhatArrived(Path domain) throws Exception {
        TestContext serverContext = new TestContext("uka", 1_000);
        InboundByteBudget budget = new InboundByteBudget(64L << 20);
        serverContext.budget = budget;
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext());
        RawPeer attacker = RawPeer.create(domain);
        attacker.connect(port(server), 10_000);
        int sent = startFrame(attacker, 60 << 20, 9); // 60 MiB announced, 20 392 bytes sent
        ParaStationTechnologyTest.await("the server to read every fragment sent", 10_000,
                () -> attacker.toServer().consumerPositionAcquire() == attacker.toServer().producerPositionAcquire());
        long inUse = budget.inUse();
        int maxFragment = attacker.toServer().maxMsgLength();
        assertTrue(inUse > 0 && inUse <= 2L * (sent + maxFragment),
                "budget bytes in use " + inUse + " for " + sent + " bytes received of 60 MiB announced");
        ParaStationTechnologyTest.await("the server to abandon the frame at its 1 s I/O timeout", 10_000,
                () -> attacker.serverState() == ChannelDescriptor.STATE_CLOSED);
        ParaStationTechnologyTest.await("its budget bytes to come back", 5_000, () -> budget.inUse() == 0);
        assertEquals(1, statistics(server).framesAbandoned());
        assertEchoes(client, server, 100);
        List<LogRecord> lines = lines();
        assertEquals(1, lines.size(), String.valueOf(lines));
        assertTrue(lines.get(0).getMessage().contains("stalled at " + sent + " bytes"), lines.get(0).getMessage());
        assertNoStackTraces();
    }

    @Test
    void frameAnnouncingMoreThanTheWholeBudgetClosesTheChannelAtOnce(Path domain) throws Exception {
        TestContext serverContext = new TestContext("uka", 30_000);
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        serverContext.budget = budget;
        ParaStationTechnology server = start(domain, serverContext);
        RawPeer attacker = RawPeer.create(domain);
        attacker.connect(port(server), 10_000);
        startFrame(attacker, 60 << 20, 0);
        ParaStationTechnologyTest.await("the server to refuse the frame long before its 30 s I/O timeout", 10_000,
                () -> attacker.serverState() == ChannelDescriptor.STATE_CLOSED);
        assertEquals(1, statistics(server).channelsMalformed());
        assertEquals(0, budget.inUse());
        assertTrue(lines().get(0).getMessage().contains("inbound byte budget"), String.valueOf(lines()));
    }

    @Test
    void reassemblyPausesWhileTheBudgetIsSpentAndAWellBehavedClientIsServedMeanwhile(Path domain) throws Exception {
        TestContext serverContext = new TestContext("uka", 2_000);
        InboundByteBudget budget = new InboundByteBudget(64 * 1024);
        serverContext.budget = budget;
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext());
        RawPeer attacker = RawPeer.create(domain);
        attacker.connect(port(server), 10_000);
        long othersHold = budget.capacity() - 8 * 1024; // other connections' frames hold most of it
        budget.acquire(othersHold, System.nanoTime() + 1_000_000_000L);
        startFrame(attacker, 60 * 1024, 5);
        ParaStationTechnologyTest.await("the server's reassembly to wait for budget bytes", 10_000,
                () -> budget.pauses() > 0);
        assertTrue(budget.inUse() <= budget.capacity(), String.valueOf(budget));
        assertEchoes(client, server, 100); // frames of one record need no budget
        budget.release(othersHold);
        ParaStationTechnologyTest.await("the server to abandon the stalled frame", 10_000,
                () -> attacker.serverState() == ChannelDescriptor.STATE_CLOSED);
        ParaStationTechnologyTest.await("its budget bytes to come back", 5_000, () -> budget.inUse() == 0);
        assertEquals(1, statistics(server).framesAbandoned());
        assertEchoes(client, server, 50_000); // fragmented, through the budget
        assertEquals(0, budget.inUse(), "the served frame held more than half the budget: its bytes went back");
        assertNoStackTraces();
    }

    @Test
    void malformedRecordInAChannelRingClosesOnlyThatChannel(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        assertEchoes(client, server, 10);
        RawPeer attacker = RawPeer.create(domain);
        attacker.connect(port(server), 10_000);
        attacker.writeRecordWithLength(FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.UNFRAGMENTED), 8,
                0x7fff_0000);
        ParaStationTechnologyTest.await("the server to close the attacker's channel", 10_000,
                () -> attacker.serverState() == ChannelDescriptor.STATE_CLOSED);
        assertEquals(1, statistics(server).channelsMalformed());
        assertEchoes(client, server, 5_000);
        List<LogRecord> lines = lines();
        assertEquals(1, lines.size(), "one line: " + lines);
        assertTrue(lines.get(0).getMessage().contains("ring record at index"), lines.get(0).getMessage());
        assertNoStackTraces();
    }

    @Test
    void garbageInTheAcceptRingDoesNotStopTheNodeFromAccepting(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        RawPeer attacker = RawPeer.create(domain);
        attacker.connect(port(server), 10_000);
        ManyToOneRingBuffer accept = attacker.server().acceptRing();
        int index = accept.tryClaim(NodeDescriptor.CONNECT_MSG_TYPE_ID, NodeDescriptor.CONNECT_LENGTH);
        ByteBufferAccess.putIntRelease(accept.buffer(), index - RecordDescriptor.HEADER_LENGTH, 0x4000_0000);
        new WakeTarget(attacker.server().conductorWakeWord(),
                new DoorbellRinger(attacker.server().doorbellPath(), new ParaStationStatistics())).wakeIfSleeping();
        ParaStationTechnologyTest.await("the server to drop its corrupt accept ring", 10_000,
                () -> statistics(server).acceptRecordsDropped() > 0);
        assertEchoes(client, server, 10); // a new connection: through the accept ring

        long tailIndex = NodeDescriptor.ACCEPT_RING_CAPACITY + RingBufferDescriptor.TAIL_POSITION_OFFSET;
        long tail = ByteBufferAccess.getLongAcquire(accept.buffer(), (int) tailIndex);
        ByteBufferAccess.putLongRelease(accept.buffer(), (int) tailIndex, tail + 3); // misaligned: no claim can work
        ParaStationTechnologyTest.await("the server to reset the accept ring's positions", 10_000,
                () -> statistics(server).acceptRecordsDropped() > 1);
        ParaStationTechnology another = start(domain, new TestContext());
        assertEchoes(another, server, 10);
        assertTrue(lines().size() <= 2, "at most one line per kind and interval: " + lines());
        assertNoStackTraces();
    }

    @Test
    void idleChannelsAtTheConnectionLimitAreRetiredSoThatNewClientsGetIn(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext("uka", 30_000), 4);
        RawPeer silent = RawPeer.create(domain);
        silent.connectWithoutHello(port(server)); // a slot taken by a channel whose HELLO never comes
        ParaStationTechnology holder = start(domain, new TestContext());
        List<Connection> held = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            held.add(holder.acquire(server.localUtid(), 10_000)); // handshaken, then idle
        }
        ParaStationTechnology newcomer = start(domain, new TestContext());
        for (int i = 0; i < 3; i++) {
            assertEchoes(newcomer, server, 10);
        }
        assertEquals(1, statistics(server).connectionsRetired(), "one idle channel made room");
        assertEquals(ChannelDescriptor.STATE_CLOSED, silent.serverState(), "the longest idle: the silent one");
        assertEchoes(holder, server, 10); // a fifth connection: the longest idle of the held ones makes room
        assertEquals(2, statistics(server).connectionsRetired());
        assertTrue(!held.get(0).isOpen(), "the client sees its idle connection closed");
        held.forEach(Connection::release);
        assertEchoes(holder, server, 10); // a retired connection is not handed out again
    }

    @Test
    void atTheConnectionLimitWithEveryChannelBusyANewClientIsRefusedWithAClearError(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext(), 2);
        ParaStationTechnology busy = start(domain, new TestContext());
        List<Thread> callers = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 2; i++) {
            Connection c = busy.acquire(server.localUtid(), 10_000);
            Thread t = new Thread(() -> {
                try {
                    WireBuffer out = c.request();
                    out.writeInt(-1);
                    out.writeInt(3_000); // the echo handler holds the call for 3 s
                    c.call(20_000);
                    c.release();
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            callers.add(t);
            t.start();
        }
        ParaStationTechnologyTest.await("both calls in flight", 10_000,
                () -> server.statistics().callsReceived() == 2);
        ParaStationTechnology newcomer = start(domain, new TestContext());
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> newcomer.acquire(server.localUtid(), 5_000));
        assertTrue(e.getMessage().contains("over its limit of 2 parastation connections"), e.getMessage());
        for (Thread t : callers) {
            t.join(20_000);
        }
        assertEquals(List.of(), failures, "the calls in flight were not disturbed");
        assertEquals(0, statistics(server).connectionsRetired());
        assertEchoes(newcomer, server, 10); // idle channels again: one is retired for it
    }

    @Test
    void floodOfPeersThatDieLogsABoundedNumberOfLinesWithoutStackTraces(Path domain) throws Exception {
        final int peers = 40;
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        for (int i = 0; i < peers; i++) {
            Process owner = new ProcessBuilder("sleep", "120").start();
            processes.add(owner);
            RawPeer.create(domain, owner.toHandle()).connect(port(server), 10_000);
        }
        ParaStationTechnologyTest.await("all peers connected", 10_000,
                () -> server.statistics().connectionsOpen() == peers);
        logged.clear();
        for (Process p : processes) {
            p.destroyForcibly();
        }
        for (Process p : processes) {
            p.waitFor(10, TimeUnit.SECONDS);
        }
        ParaStationTechnologyTest.await("the server to notice every death", 20_000,
                () -> statistics(server).peersDied() == peers && server.statistics().connectionsOpen() == 0);
        assertEchoes(client, server, 10);
        List<LogRecord> lines = lines();
        assertTrue(lines.size() <= 2, peers + " dead peers, " + lines.size() + " lines: " + lines);
        assertTrue(lines.size() >= 1 && lines.get(0).getMessage().contains("died"), String.valueOf(lines));
        assertNoStackTraces();
    }
}
