package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 11, item 1: the JVM-wide deserialization filter ({@code -Djdk.serialFilter}) and a filter
 * factory ({@code -Djdk.serialFilterFactory}) apply on top of the call's allow-list with both
 * serializers, and a refusal always wins: a class on {@code karmi.serial.allow} (or a harmless
 * JDK value) that the JVM-wide filter or the factory's filter rejects is refused, and a factory that drops the
 * call's filter does not let anything in that the allow-list does not allow. The server is a
 * child JVM (those properties are read once per JVM); its classes record in a file when their
 * {@code readObject} runs there, so the test sees whether anything was instantiated.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class JvmFilterMergeTest {

    /** Appends the JVM's {@code karmi.test.side} to the file it names when read: a side effect the test can see. */
    public static final class RejectedMarker implements Serializable {
        private static final long serialVersionUID = 1L;
        public final String file;

        public RejectedMarker(Path file) {
            this.file = file.toString();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            mark(file);
        }
    }

    /** The same side effect, in a class no filter rejects. */
    public static final class AllowedMarker implements Serializable {
        private static final long serialVersionUID = 1L;
        public final String file;

        public AllowedMarker(Path file) {
            this.file = file.toString();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            mark(file);
        }
    }

    /** The same side effect, in a class on no allow-list. */
    public static final class UnlistedMarker implements Serializable {
        private static final long serialVersionUID = 1L;
        public final String file;

        public UnlistedMarker(Path file) {
            this.file = file.toString();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            mark(file);
        }
    }

    /** A class without hooks: the uka serializer reads it with no JDK stream in between. */
    public static final class PlainRejected implements Serializable {
        private static final long serialVersionUID = 1L;
        public int value = 7;
    }

    /** A class with a readObject hook (uka reads it with a nested JDK stream) around any object. */
    public static final class HookedHolder implements Serializable {
        private static final long serialVersionUID = 1L;
        public final Object any;

        public HookedHolder(Object any) {
            this.any = any;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    static void mark(String file) throws IOException {
        Files.writeString(Path.of(file), System.getProperty("karmi.test.side", "test") + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** A factory that adds a refusal of {@link RejectedMarker} and {@link PlainRejected} to every stream's filter. */
    public static final class RejectingFactory implements BinaryOperator<ObjectInputFilter> {
        private static final ObjectInputFilter REJECT = info -> info.serialClass() == RejectedMarker.class
                || info.serialClass() == PlainRejected.class ? ObjectInputFilter.Status.REJECTED
                : ObjectInputFilter.Status.UNDECIDED;

        @Override
        public ObjectInputFilter apply(ObjectInputFilter current, ObjectInputFilter requested) {
            return requested == null ? REJECT : ObjectInputFilter.merge(REJECT, requested);
        }
    }

    /** A factory that puts a filter deciding nothing in place of whatever a stream asks for. */
    public static final class DroppingFactory implements BinaryOperator<ObjectInputFilter> {
        private static final ObjectInputFilter NOTHING = info -> ObjectInputFilter.Status.UNDECIDED;

        @Override
        public ObjectInputFilter apply(ObjectInputFilter current, ObjectInputFilter requested) {
            return NOTHING;
        }
    }

    private static final String ALLOW = RejectedMarker.class.getName() + "," + AllowedMarker.class.getName() + ","
            + PlainRejected.class.getName() + "," + HookedHolder.class.getName();

    private Path dir;
    private ChildJvm child;
    private KarmiNode client;

    @BeforeEach
    void directory() throws IOException {
        dir = Files.createTempDirectory("karmi-jvmfilter-");
    }

    @AfterEach
    void stop() throws Exception {
        try {
            if (client != null) {
                client.close();
            }
            if (child != null) {
                child.close();
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** A server JVM with {@code serializer}, the allow-list {@link #ALLOW} and {@code jvmArgs}; a client here. */
    private Service serve(String serializer, String... jvmArgs) throws Exception {
        List<String> args = new ArrayList<>(List.of("-Dkarmi.serializer=" + serializer, "-Dkarmi.serial.allow=" + ALLOW,
                "-Dkarmi.test.side=server"));
        args.addAll(List.of(jvmArgs));
        child = ChildJvm.start("filter-" + serializer, args.toArray(new String[0]));
        client = GadgetPayloadTest.node(serializer, ALLOW + "," + UnlistedMarker.class.getName());
        return (Service) client.registry("127.0.0.1", child.port).lookup("service");
    }

    private static String refusal(Service s, Object payload) {
        ServerException e = assertThrows(ServerException.class, () -> s.echo(payload));
        return assertInstanceOf(UnmarshalException.class, e.getCause()).getMessage();
    }

    /** The control: a class on the allow-list that nothing rejects is read by the server (so the test can fail). */
    private void allowedMarkerRunsOnTheServer(Service s) throws Exception {
        Path f = dir.resolve("allowed");
        assertInstanceOf(AllowedMarker.class, s.echo(new AllowedMarker(f)));
        assertTrue(Files.readAllLines(f).contains("server"), "the server read it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"uka", "jdk"})
    void theJvmWideFilterRejectsAClassTheAllowListAllows(String serializer) throws Exception {
        Service s = serve(serializer, "-Djdk.serialFilter=!" + RejectedMarker.class.getName() + ";!"
                + PlainRejected.class.getName() + ";!java.util.LinkedList");
        Path f = dir.resolve("rejected");
        String m = refusal(s, new RejectedMarker(f));
        assertTrue(m.contains(RejectedMarker.class.getName()), m);
        assertTrue(m.contains("rejected"), m);
        assertFalse(Files.exists(f), "its readObject ran on the server");
        m = refusal(s, new PlainRejected());
        assertTrue(m.contains(PlainRejected.class.getName()) && m.contains("rejected"), m);
        m = refusal(s, new LinkedList<>(List.of(1)));
        assertTrue(m.contains("java.util.LinkedList") && m.contains("rejected"), "also a type uka has built in: " + m);
        assertEquals(List.of(1), s.echo(new ArrayList<>(List.of(1))));
        allowedMarkerRunsOnTheServer(s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"uka", "jdk"})
    void aFilterFactorysRefusalWinsOverTheAllowList(String serializer) throws Exception {
        Service s = serve(serializer, "-Djdk.serialFilterFactory=" + RejectingFactory.class.getName());
        String m = refusal(s, new PlainRejected());
        assertTrue(m.contains(PlainRejected.class.getName()) || m.contains("jdk.serialFilterFactory"), m);
        Path f = dir.resolve("rejected");
        m = refusal(s, new RejectedMarker(f));
        assertTrue(m.contains(RejectedMarker.class.getName()) || m.contains("jdk.serialFilterFactory"), m);
        assertFalse(Files.exists(f), "its readObject ran on the server");
        allowedMarkerRunsOnTheServer(s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"uka", "jdk"})
    void aFilterFactoryThatDropsTheCallsFilterDoesNotWidenTheAllowList(String serializer) throws Exception {
        Service s = serve(serializer, "-Djdk.serialFilterFactory=" + DroppingFactory.class.getName());
        Path f = dir.resolve("unlisted");
        String m = refusal(s, new UnlistedMarker(f));
        assertTrue(m.contains(UnlistedMarker.class.getName()), m);
        assertTrue(m.contains("karmi.serial.allow") || m.contains("allow-list"), m);
        assertFalse(Files.exists(f), "its readObject ran on the server");
        m = refusal(s, new HookedHolder(new UnlistedMarker(f)));
        assertTrue(m.contains(UnlistedMarker.class.getName()), "inside a JDK-serialized object too: " + m);
        assertFalse(Files.exists(f), "its readObject ran on the server");
        allowedMarkerRunsOnTheServer(s);
        assertEquals("filter-" + serializer, s.name(), "the server serves on");
    }
}
