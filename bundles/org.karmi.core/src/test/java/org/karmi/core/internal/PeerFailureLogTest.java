package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;

/** A peer sending a flood of malformed calls cannot flood the node's log (issue 11, log flooding). */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PeerFailureLogTest {

    @Test
    void floodOfMalformedCallsLogsOneLineWithItsCountAndClosesEachConnection() throws Exception {
        List<LogRecord> lines = new CopyOnWriteArrayList<>();
        Logger jul = Logger.getLogger("org.karmi.core");
        Handler capture = new Handler() {
            @Override public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                    lines.add(r);
                }
            }
            @Override public void flush() { }
            @Override public void close() { }
        };
        jul.addHandler(capture);
        KarmiNode node = TestNodes.tcpNode();
        try {
            int closed = 0;
            for (int i = 0; i < 500; i++) {
                Garbage c = new Garbage(TestNodes.tcp(node));
                node.inbound().onCall(c);
                closed += c.closed ? 1 : 0;
            }
            assertEquals(500, closed, "every connection that sent a malformed call is closed");
            assertEquals(1, lines.size(), () -> "log lines: " + lines.stream().map(LogRecord::getMessage).toList());
            assertTrue(lines.get(0).getMessage().contains("malformed call"), lines.get(0).getMessage());
        } finally {
            jul.removeHandler(capture);
            node.close();
        }
    }

    /** A connection whose one call is 3 bytes long: shorter than any call header. */
    private static final class Garbage implements ServerConnection {
        private final WireBuffer request = new WireBuffer(16);
        private final Technology technology;
        boolean closed;

        Garbage(Technology technology) {
            this.technology = technology;
            request.position = 0;
            request.limit = 3;
        }

        @Override public long remoteNodeId() { return 42; }
        @Override public Handshake remoteHandshake() { return null; }
        @Override public Technology technology() { return technology; }
        @Override public WireBuffer request() { return request; }
        @Override public WireBuffer reply() { return new WireBuffer(16); }
        @Override public void sendReply() { }
        @Override public void close() { closed = true; }
        @Override public Object attachment() { return null; }
        @Override public void attach(Object attachment) { }
    }
}
