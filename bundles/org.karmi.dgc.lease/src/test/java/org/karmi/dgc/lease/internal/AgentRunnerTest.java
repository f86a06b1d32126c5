package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** The collector on its own thread, with the real clock: every wait is bounded, none sleeps. */
@Timeout(30)
class AgentRunnerTest {

    static final Utid OWNER_UTID = new Utid("test", new byte[] {7});

    /** A context that answers every request itself (granting what was asked) and records what happens. */
    static final class RecordingContext implements CollectorContext {
        final BlockingQueue<byte[]> requests = new LinkedBlockingQueue<>();
        final BlockingQueue<String> callers = new LinkedBlockingQueue<>();
        final BlockingQueue<ObjectId> unreferenced = new LinkedBlockingQueue<>();
        volatile CountDownLatch gate = new CountDownLatch(0);

        @Override public long nodeId() { return 0x2a; }
        @Override public List<Utid> nodeUtids() { return List.of(); }
        @Override public long timeoutMillis() { return 1_000; }
        @Override public void send(List<Utid> destination, byte[] message) { throw new AssertionError(); }
        @Override public void unreferenced(ObjectId id) { unreferenced.add(id); }

        @Override
        public WireBuffer call(List<Utid> destination, byte[] request) throws IOException {
            callers.add(Thread.currentThread().getName());
            requests.add(request);
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IOException("interrupted", e);
            }
            WireBuffer answer = new WireBuffer(16);
            answer.clearForWrite(0);
            byte kind = LeaseMessageDescriptor.kind(request, 0);
            LeaseMessageDescriptor.writeAnswer(answer, kind == LeaseMessageDescriptor.KIND_DIRTY
                    ? LeaseMessageDescriptor.KIND_DIRTY_ANSWER : LeaseMessageDescriptor.KIND_CLEAN_ANSWER,
                    LeaseMessageDescriptor.lease(request, 0));
            answer.flipForRead(0, answer.position);
            return answer;
        }
    }

    final RecordingContext context = new RecordingContext();
    LeaseCollector collector;

    @AfterEach
    void stop() {
        context.gate = new CountDownLatch(0);
        if (collector != null) {
            collector.stop();
        }
    }

    @Test
    void threadIsADaemonNamedAfterTheNodeAndEndsOnStop() {
        collector = new LeaseCollector(new LeaseSettings(60_000, 20, 3));
        collector.start(context);
        Thread t = collector.thread();
        assertEquals("karmi-dgc-lease-2a", t.getName());
        assertTrue(t.isDaemon());
        collector.stop();
        assertFalse(t.isAlive(), "stop waits for the thread (bounded by the call timeout)");
        assertTrue(collector.isReferenced(new ObjectId(0x2a, 1)), "a stopped collector answers referenced");
    }

    @Test
    void collectorsThreadSendsTheDirtyOfANewReferencePromptly() throws Exception {
        collector = new LeaseCollector(new LeaseSettings(60_000, 20, 3));
        collector.start(context);
        collector.referenceReceived(new ObjectId(7, 1), List.of(OWNER_UTID), 9, List.of(), true);
        byte[] dirty = context.requests.poll(10, TimeUnit.SECONDS);
        assertNotNull(dirty, "no DIRTY within 10 s");
        assertEquals(LeaseMessageDescriptor.KIND_DIRTY, LeaseMessageDescriptor.kind(dirty, 0));
        assertEquals("karmi-dgc-lease-2a", context.callers.take());
    }

    @Test
    void collectorsThreadReportsAnExpiredLease() throws Exception {
        collector = new LeaseCollector(new LeaseSettings(50, 20, 3));
        collector.start(context);
        ObjectId id = new ObjectId(0x2a, 5);
        collector.exported(id);
        RequestBytes.onRequest(collector, 3, LeaseMessageDescriptor.encodeRequest(LeaseMessageDescriptor.KIND_DIRTY, 0,
                0x2a, 1, 50, new long[] {id.number()}));
        assertTrue(collector.isReferenced(id));
        assertEquals(id, context.unreferenced.poll(10, TimeUnit.SECONDS), "not reported within 10 s");
        assertFalse(collector.isReferenced(id));
    }

    @Test
    void eventMethodsDoNotWaitForACallInProgress() throws Exception {
        collector = new LeaseCollector(new LeaseSettings(60_000, 20, 3));
        collector.start(context);
        context.gate = new CountDownLatch(1); // the owner does not answer
        collector.referenceReceived(new ObjectId(7, 1), List.of(OWNER_UTID), 9, List.of(), true);
        assertNotNull(context.requests.poll(10, TimeUnit.SECONDS));

        long t0 = System.nanoTime();
        ObjectId own = new ObjectId(0x2a, 1);
        collector.exported(own);
        collector.referenceSent(own, 7);
        collector.referenceReceived(new ObjectId(7, 2), List.of(OWNER_UTID), 9, List.of(), true);
        collector.referenceUnreachable(new ObjectId(7, 1));
        assertTrue(collector.isReferenced(own));
        RequestBytes.onRequest(collector, 3, LeaseMessageDescriptor.encodeRequest(LeaseMessageDescriptor.KIND_DIRTY, 0,
                0x2a, 1, 1000, new long[] {own.number()}));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "events waited for the call");
        context.gate.countDown();
    }
}
