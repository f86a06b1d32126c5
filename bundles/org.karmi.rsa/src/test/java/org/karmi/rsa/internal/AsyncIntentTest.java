package org.karmi.rsa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.aries.rsa.spi.Endpoint;
import org.apache.aries.rsa.spi.IntentUnsatisfiedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.RemoteRuntime;
import org.karmi.core.internal.KarmiNode;
import org.karmi.core.internal.NodeFactory;
import org.osgi.framework.ServiceException;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.util.promise.Promise;

/**
 * Intent {@code osgi.async} and {@code osgi.basic.timeout} between two real nodes over TCP in
 * this JVM, through two providers (one exporting, one importing) without Aries: methods
 * returning {@link CompletableFuture}, {@link CompletionStage}, {@link Future} and
 * {@link Promise} return at once on the importing side and complete with the exporting
 * side's awaited value or failure; the per-endpoint timeout fails a call with
 * {@link ServiceException#REMOTE} naming it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncIntentTest {

    /** A service interface with asynchronous methods. */
    public interface Jobs {
        CompletableFuture<String> hello(String name);

        CompletionStage<Note> note(Note n);

        Future<Integer> length(List<String> words);

        Promise<String> promised(String s);

        CompletableFuture<String> refuse(String why);

        CompletableFuture<String> gated();

        String sync(String s) throws Refused;

        String blocking();
    }

    /** A value the interface declares only as a type argument. */
    public static final class Note implements Serializable {
        private static final long serialVersionUID = 1L;
        public String text;
        public int count;
    }

    /** A checked exception no method declares: an asynchronous failure. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        public Refused(String m) {
            super(m);
        }
    }

    final CompletableFuture<String> gate = new CompletableFuture<>();
    final CountDownLatch release = new CountDownLatch(1);

    final class JobsImpl implements Jobs {
        @Override
        public CompletableFuture<String> hello(String name) {
            return CompletableFuture.supplyAsync(() -> "hello " + name);
        }

        @Override
        public CompletionStage<Note> note(Note n) {
            Note out = new Note();
            out.text = n.text + "!";
            out.count = n.count + 1;
            return CompletableFuture.completedFuture(out).minimalCompletionStage();
        }

        @Override
        public Future<Integer> length(List<String> words) {
            return CompletableFuture.completedFuture(String.join("", words).length());
        }

        @Override
        public Promise<String> promised(String s) {
            return org.osgi.util.promise.Promises.resolved(s + s);
        }

        @Override
        public CompletableFuture<String> refuse(String why) {
            return CompletableFuture.failedFuture(new Refused(why));
        }

        @Override
        public CompletableFuture<String> gated() {
            return gate;
        }

        @Override
        public String sync(String s) throws Refused {
            if (s.isEmpty()) {
                throw new Refused("empty");
            }
            return s.toUpperCase();
        }

        @Override
        public String blocking() {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "released";
        }
    }

    private RemoteRuntime serverNode;
    private RemoteRuntime clientNode;
    private KarmiDistributionProvider server;
    private KarmiDistributionProvider client;

    @BeforeEach
    void nodes() throws Exception {
        serverNode = new NodeFactory().create();
        clientNode = new NodeFactory().create();
        server = new KarmiDistributionProvider(serverNode, List.of(), null);
        client = new KarmiDistributionProvider(clientNode, List.of(), null);
    }

    @AfterEach
    void close() {
        release.countDown();
        gate.complete("done");
        server.deactivate();
        client.deactivate();
        ((KarmiNode) clientNode).close();
        ((KarmiNode) serverNode).close();
    }

    private Endpoint export(Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>();
        props.put("objectClass", new String[] {Jobs.class.getName()});
        props.put("service.id", 42L);
        props.put("service.exported.interfaces", "*");
        props.putAll(extra);
        return server.exportService(new JobsImpl(), null, props, new Class<?>[] {Jobs.class});
    }

    private Jobs importFrom(EndpointDescription d) {
        return (Jobs) client.importEndpoint(Jobs.class.getClassLoader(), null, new Class<?>[] {Jobs.class}, d);
    }

    private static EndpointDescription with(EndpointDescription d, String key, Object value) {
        Map<String, Object> props = new HashMap<>(d.getProperties());
        if (value == null) {
            props.remove(key);
        } else {
            props.put(key, value);
        }
        return new EndpointDescription(props);
    }

    @Test
    void theEndpointRealizesOsgiAsync() {
        Endpoint e = export(Map.of("service.exported.intents", "osgi.async"));
        assertTrue(e.description().getIntents().contains(Intents.ASYNC), e.description().getIntents().toString());
        assertTrue(e.description().getIntents().contains(Intents.BASIC));
    }

    @Test
    void otherIntentsAreStillRefused() {
        assertThrows(IntentUnsatisfiedException.class, () -> export(Map.of("service.exported.intents",
                new String[] {"osgi.async", "osgi.confidential"})));
    }

    @Test
    void everyAsynchronousTypeCompletesWithTheAwaitedValue() throws Exception {
        Jobs jobs = importFrom(export(Map.of()).description());
        assertEquals("hello world", jobs.hello("world").get());
        Note n = new Note();
        n.text = "note";
        n.count = 41;
        Note back = jobs.note(n).toCompletableFuture().get();
        assertEquals("note!", back.text);
        assertEquals(42, back.count);
        assertEquals(6, jobs.length(List.of("ab", "cd", "ef")).get());
        assertEquals("xyxy", jobs.promised("xy").getValue());
        assertEquals("ABC", jobs.sync("abc"), "synchronous methods beside asynchronous ones");
        assertThrows(Refused.class, () -> jobs.sync(""));
    }

    @Test
    void theProxyReturnsBeforeTheRemoteResultExists() throws Exception {
        Jobs jobs = importFrom(export(Map.of()).description());
        CompletableFuture<String> f = jobs.gated();
        assertFalse(f.isDone(), "returned while the exporting side still awaits its future");
        gate.complete("opened");
        assertEquals("opened", f.get());
    }

    @Test
    void aFailedFutureFailsTheImportedOneWithTheSameException() {
        Jobs jobs = importFrom(export(Map.of()).description());
        ExecutionException e = assertThrows(ExecutionException.class, () -> jobs.refuse("no").get());
        Refused r = assertInstanceOf(Refused.class, e.getCause());
        assertEquals("no", r.getMessage());
    }

    @Test
    void theExportingSideAwaitsNoLongerThanTheServicesTimeout() {
        EndpointDescription d = export(Map.of(Intents.TIMEOUT, 300L)).description();
        Jobs jobs = importFrom(with(d, Intents.TIMEOUT, null)); // only the exporting side bounds it
        ExecutionException e = assertThrows(ExecutionException.class, () -> jobs.gated().get());
        TimeoutException t = assertInstanceOf(TimeoutException.class, e.getCause());
        assertTrue(t.getMessage().contains("300 ms"), t.getMessage());
    }

    @Test
    void aSynchronousCallBeyondTheEndpointsTimeoutIsAServiceExceptionNamingIt() {
        Jobs jobs = importFrom(with(export(Map.of()).description(), Intents.TIMEOUT, "200"));
        ServiceException e = assertThrows(ServiceException.class, jobs::blocking);
        assertEquals(ServiceException.REMOTE, e.getType());
        assertTrue(e.getMessage().contains("osgi.basic.timeout=200 ms"), e.getMessage());
        assertEquals("ABC", assertDoesNotTimeOut(jobs), "calls within the timeout pass");
    }

    private static String assertDoesNotTimeOut(Jobs jobs) {
        try {
            return jobs.sync("abc");
        } catch (Refused e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anAsynchronousCallBeyondTheEndpointsTimeoutFailsItsFuture() {
        Jobs jobs = importFrom(with(export(Map.of()).description(), Intents.TIMEOUT, 200L));
        ExecutionException e = assertThrows(ExecutionException.class, () -> jobs.gated().get());
        ServiceException s = assertInstanceOf(ServiceException.class, e.getCause());
        assertEquals(ServiceException.REMOTE, s.getType());
        assertTrue(s.getMessage().contains("osgi.basic.timeout=200 ms"), s.getMessage());
    }

    @Test
    void aTransportFailureFailsTheFutureWithServiceExceptionRemote() throws Exception {
        Endpoint e = export(Map.of());
        Jobs jobs = importFrom(e.description());
        e.close();
        ExecutionException x = assertThrows(ExecutionException.class, () -> jobs.hello("gone").get());
        ServiceException s = assertInstanceOf(ServiceException.class, x.getCause());
        assertEquals(ServiceException.REMOTE, s.getType());
    }

    @Test
    void aMalformedTimeoutIsRefusedAtImport() {
        EndpointDescription d = with(export(Map.of()).description(), Intents.TIMEOUT, "soon");
        assertThrows(IllegalArgumentException.class, () -> importFrom(d));
    }

    @Test
    void callsAreCountedOnBothSides() throws Exception {
        Endpoint e = export(Map.of());
        Jobs jobs = importFrom(e.description());
        jobs.hello("a").get();
        jobs.sync("b");
        assertEquals(2, ((KarmiEndpoint) e).calls());
        assertEquals(2, client.importCalls(e.description().getId()));
        assertEquals(List.of(e), List.copyOf(server.exportedEndpoints()));
        e.close();
        assertTrue(server.exportedEndpoints().isEmpty());
    }
}
