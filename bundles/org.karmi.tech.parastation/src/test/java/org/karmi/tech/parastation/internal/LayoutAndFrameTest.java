package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StreamCorruptedException;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.BackoffIdleStrategy;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/** Pins the shared-memory layouts of docs/PROTOCOL.md 4.2 and checks frame reassembly on bad input. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LayoutAndFrameTest {

    @Test
    void offsetsMatchTheProtocolDocument() {
        assertEquals(8, RecordDescriptor.HEADER_LENGTH);
        assertEquals(0, RingBufferDescriptor.TAIL_POSITION_OFFSET);
        assertEquals(128, RingBufferDescriptor.HEAD_CACHE_POSITION_OFFSET);
        assertEquals(256, RingBufferDescriptor.HEAD_POSITION_OFFSET);
        assertEquals(384, RingBufferDescriptor.TRAILER_LENGTH);
        assertEquals(64, DomainDescriptor.NEXT_PORT_OFFSET);
        assertEquals(40, NodeDescriptor.ACCEPT_CAPACITY_OFFSET);
        assertEquals(128, NodeDescriptor.HEARTBEAT_OFFSET);
        assertEquals(256, NodeDescriptor.ACCEPT_RING_OFFSET);
        assertEquals(24, ChannelDescriptor.CLIENT_PID_OFFSET);
        assertEquals(128, ChannelDescriptor.CLIENT_STATE_OFFSET);
        assertEquals(256, ChannelDescriptor.SERVER_STATE_OFFSET);
        assertEquals(512, ChannelDescriptor.CLIENT_TO_SERVER_RING_OFFSET);
        assertEquals(8, FrameDescriptor.FRAME_HEADER_LENGTH);
        assertEquals(0xC004, FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.UNFRAGMENTED));
    }

    @Test
    void utidAddressIsDomainIdThenPortLittleEndian() {
        Utid u = ParaStationAddress.utid(0x1122334455667788L, 5);
        WireBuffer w = new WireBuffer(64);
        u.writeTo(w);
        byte[] wire = new byte[w.position];
        System.arraycopy(w.array, 0, wire, 0, wire.length);
        assertArrayEquals(HexFormat.of().parseHex("0b7061726173746174696f6e0c00" + "8877665544332211" + "05000000"), wire);
        assertTrue(ParaStationAddress.inDomain(u, 0x1122334455667788L));
    }

    private static OneToOneRingBuffer ring() {
        return new OneToOneRingBuffer(ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(1024)));
    }

    private static FrameReceiver receiver(OneToOneRingBuffer ring, int max) {
        return new FrameReceiver(ring, new BackoffIdleStrategy(10, 1, 1_000, 1_000), max);
    }

    @Test
    void frameAnnouncingMoreThanTheLimitIsRefusedBeforeAllocating() {
        OneToOneRingBuffer ring = ring();
        byte[] header = new byte[8];
        ByteBuffer.wrap(header).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(0, 1).putInt(4, Integer.MAX_VALUE);
        ring.write(FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.BEGIN_FLAG), header, 0, 8);
        FrameReceiver r = receiver(ring, 1 << 20);
        WireBuffer target = new WireBuffer(16);
        r.begin(target);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, r::poll);
        assertTrue(e.getMessage().contains("limit"), e.getMessage());
        assertEquals(16, target.array.length, "nothing of the announced size allocated");
    }

    @Test
    void fragmentWithoutItsFirstFragmentIsRefused() {
        OneToOneRingBuffer ring = ring();
        ring.write(FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.END_FLAG), new byte[4], 0, 4);
        FrameReceiver r = receiver(ring, 1 << 20);
        r.begin(new WireBuffer(16));
        assertThrows(StreamCorruptedException.class, r::poll);
    }

    @Test
    void frameLargerThanTheRingIsFragmentedAndReassembledIntact() throws Exception {
        OneToOneRingBuffer ring = ring();
        FramePublisher p = new FramePublisher(ring, new BackoffIdleStrategy(10, 1, 1_000, 1_000));
        FrameReceiver r = receiver(ring, 1 << 20);
        byte[] payload = new byte[10_000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 3);
        }
        WireBuffer target = new WireBuffer(16);
        r.begin(target);
        Thread consumer = new Thread(() -> {
            try {
                r.receive(System.nanoTime() + 10_000_000_000L, ChannelGuard.NONE);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        consumer.start();
        p.publish(MessageType.REPLY, 42, payload, 0, payload.length, System.nanoTime() + 10_000_000_000L,
                ChannelGuard.NONE);
        consumer.join(10_000);
        assertEquals(MessageType.REPLY, r.frameType());
        assertEquals(42, r.callId());
        byte[] got = new byte[target.remaining()];
        target.readBytes(got, 0, got.length);
        assertArrayEquals(payload, got);
    }
}
