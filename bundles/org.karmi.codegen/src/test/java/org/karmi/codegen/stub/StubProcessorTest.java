package org.karmi.codegen.stub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalException;
import java.rmi.UnexpectedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.ref.ClientRef;
import org.karmi.spi.ref.MethodHash;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.RemoteCall;
import org.karmi.spi.ref.RemoteStub;
import org.karmi.spi.ref.ServerCall;
import org.karmi.spi.ref.Skeleton;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;

/**
 * Compiles sample remote interfaces with the processor and checks the generated stubs and
 * skeletons: the method hashes agree with reflection (so they interoperate with proxies and
 * reflective skeletons), arguments are written with the typed writers, results are read
 * with the typed invokes, and exceptions are passed through or wrapped as declared.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StubProcessorTest {

    private static final String API = String.join("\n",
            "package sample;",
            "import java.rmi.*;",
            "import java.util.List;",
            "public interface Api extends Remote {",
            "  void ping() throws RemoteException;",
            "  int add(int a, int b) throws RemoteException;",
            "  long mix(byte b, short s, char c, boolean z, float f, double d, long l) throws RemoteException;",
            "  String echo(String s, int[] values) throws RemoteException;",
            "  List<String> names(List<? extends CharSequence> in) throws RemoteException, java.io.IOException;",
            "  <T extends java.io.Serializable> T generic(T value) throws RemoteException;",
            "  void fail() throws RemoteException, AppException;",
            "  interface Nested extends Api { Api self() throws Exception; }",
            "}");
    private static final String APP_EXCEPTION = "package sample; public class AppException extends Exception { }";
    private static final String BASE = String.join("\n",
            "package sample;",
            "public interface Box<T> extends java.rmi.Remote {",
            "  T get() throws java.rmi.RemoteException;",
            "  void put(T value) throws java.rmi.RemoteException;",
            "}");
    private static final String BAD = String.join("\n",
            "package sample;",
            "public interface Bad extends java.rmi.Remote { void noRemoteException(); }");

    private static Path dir;
    private static URLClassLoader loader;
    private static List<String> notes = new ArrayList<>();

    @BeforeAll
    static void compile() throws Exception {
        dir = Files.createTempDirectory("karmi-stubs");
        Path src = dir.resolve("src/sample");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Api.java"), API);
        Files.writeString(src.resolve("AppException.java"), APP_EXCEPTION);
        Files.writeString(src.resolve("Box.java"), BASE);
        Files.writeString(src.resolve("Bad.java"), BAD);
        Path out = dir.resolve("classes");
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<Path> files;
            try (var s = Files.list(src)) {
                files = s.collect(Collectors.toList());
            }
            Files.createDirectories(dir.resolve("generated"));
            JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics,
                    List.of("-d", out.toString(), "-s", dir.resolve("generated").toString(), "-classpath",
                            System.getProperty("java.class.path"), "--release", "17", "-Xlint:all,-processing,-serial,-options"),
                    null, fm.getJavaFileObjectsFromPaths(files));
            task.setProcessors(List.of(new StubProcessor()));
            boolean ok = task.call();
            diagnostics.getDiagnostics().forEach(d -> notes.add(d.getKind() + ": " + d.getMessage(null)));
            assertTrue(ok, String.join("\n", notes));
            List<String> unexpected = notes.stream().filter(n -> n.contains("WARNING") && !n.contains("sample.Bad"))
                    .collect(Collectors.toList());
            assertTrue(unexpected.isEmpty(), "generated code compiles without lint warnings: " + unexpected);
        }
        loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, StubProcessorTest.class.getClassLoader());
    }

    @AfterAll
    static void clean() throws IOException {
        if (loader != null) {
            loader.close();
        }
        if (dir != null) {
            try (var s = Files.walk(dir)) {
                s.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void interfaceWithoutRemoteExceptionGetsAWarningAndNoStub() {
        assertTrue(notes.stream().anyMatch(n -> n.contains("Bad") && n.contains("does not declare java.rmi.RemoteException")),
                String.join("\n", notes));
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass("sample.Bad_KarmiStub"));
    }

    @Test
    void skeletonHashesAreTheReflectiveHashes() throws Exception {
        for (String name : List.of("sample.Api", "sample.Api$Nested", "sample.Box")) {
            Class<?> iface = loader.loadClass(name);
            Skeleton skel = (Skeleton) loader.loadClass(name + "_KarmiSkeleton").getConstructor().newInstance();
            assertEquals(iface, skel.remoteInterface());
            Set<Long> expected = new HashSet<>();
            for (Method m : iface.getMethods()) {
                expected.add(MethodHash.of(m));
            }
            Set<Long> actual = new HashSet<>();
            for (long h : skel.methodHashes()) {
                actual.add(h);
            }
            assertEquals(expected, actual, name);
        }
    }

    @Test
    void stubWritesArgumentsWithTypedWritersAndReadsTypedResults() throws Exception {
        Class<?> iface = loader.loadClass("sample.Api");
        Recorder rec = new Recorder();
        Object stub = stubOf(iface, rec);
        assertInstanceOf(RemoteStub.class, stub);
        rec.results.add(7L);
        Object r = iface.getMethod("mix", byte.class, short.class, char.class, boolean.class, float.class, double.class,
                long.class).invoke(stub, (byte) 1, (short) 2, 'c', true, 1.5f, 2.5, 3L);
        assertEquals(7L, r);
        assertEquals(List.of("writeByte:1", "writeShort:2", "writeChar:99", "writeBoolean:true", "writeFloat:1.5",
                "writeDouble:2.5", "writeLong:3", "invokeLong"), rec.log);
        assertEquals(MethodHash.of(iface.getMethod("mix", byte.class, short.class, char.class, boolean.class,
                float.class, double.class, long.class)), rec.hash);
        rec.log.clear();
        rec.results.add("x");
        assertEquals("x", iface.getMethod("echo", String.class, int[].class).invoke(stub, "s", new int[] {1}));
        assertEquals("writeObject:s", rec.log.get(0));
        assertEquals("invokeObject", rec.log.get(2));
        rec.log.clear();
        iface.getMethod("ping").invoke(stub);
        assertEquals(List.of("invokeVoid"), rec.log);
    }

    @Test
    void stubPassesDeclaredExceptionsAndWrapsUndeclaredOnes() throws Exception {
        Class<?> iface = loader.loadClass("sample.Api");
        Recorder rec = new Recorder();
        Object stub = stubOf(iface, rec);
        Class<?> app = loader.loadClass("sample.AppException");
        rec.results.add(app.getConstructor().newInstance());
        Throwable t = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> iface.getMethod("fail").invoke(stub)).getCause();
        assertInstanceOf(app, t);
        rec.results.add(new java.io.IOException("undeclared"));
        t = assertThrows(java.lang.reflect.InvocationTargetException.class, () -> iface.getMethod("ping").invoke(stub)).getCause();
        assertInstanceOf(UnexpectedException.class, t);
        rec.failWrites = true;
        t = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> iface.getMethod("add", int.class, int.class).invoke(stub, 1, 2)).getCause();
        assertInstanceOf(MarshalException.class, t);
    }

    @Test
    void skeletonReadsTypedArgumentsAndWritesTypedResults() throws Exception {
        Class<?> iface = loader.loadClass("sample.Api");
        Skeleton skel = (Skeleton) loader.loadClass("sample.Api_KarmiSkeleton").getConstructor().newInstance();
        Object target = Proxy.newProxyInstance(loader, new Class<?>[] {iface}, (p, m, args) -> {
            if (m.getName().equals("add")) {
                return (Integer) args[0] + (Integer) args[1];
            }
            return null;
        });
        int number = Arrays.asList(Arrays.stream(skel.methodHashes()).boxed().toArray())
                .indexOf(MethodHash.of(iface.getMethod("add", int.class, int.class)));
        Recorder rec = new Recorder();
        rec.inputs.add(20);
        rec.inputs.add(22);
        skel.dispatch(number, target, rec.serverCall());
        assertEquals(List.of("readInt", "readInt", "argumentsRead", "result", "writeInt:42"), rec.log);
    }

    @Test
    void genericInterfaceStubCompilesAndCalls() throws Exception {
        Class<?> box = loader.loadClass("sample.Box");
        Recorder rec = new Recorder();
        Object stub = stubOf(box, rec);
        rec.results.add("v");
        assertEquals("v", box.getMethod("get").invoke(stub));
        assertFalse(rec.log.isEmpty());
    }

    private static Object stubOf(Class<?> iface, Recorder rec) throws Exception {
        return loader.loadClass(iface.getName() + "_KarmiStub").getConstructor(ClientRef.class).newInstance(rec.ref());
    }

    /** A fake reference layer that records what generated code calls. */
    static final class Recorder {
        final List<String> log = new ArrayList<>();
        final Deque<Object> results = new ArrayDeque<>();
        final Deque<Object> inputs = new ArrayDeque<>();
        long hash;
        boolean failWrites;

        ClientRef ref() {
            return new ClientRef() {
                @Override public ObjectId objectId() { return new ObjectId(1, 2); }
                @Override public RemoteCall newCall(long methodHash) {
                    hash = methodHash;
                    return call();
                }
            };
        }

        SerialOutput output() {
            return (SerialOutput) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {SerialOutput.class},
                    (p, m, args) -> {
                        if (failWrites) {
                            throw new java.io.NotSerializableException("test");
                        }
                        Object v = args[0];
                        log.add(m.getName() + ":" + (m.getName().equals("writeChar") ? v : String.valueOf(v)));
                        return null;
                    });
        }

        SerialInput input() {
            return (SerialInput) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {SerialInput.class},
                    (p, m, args) -> {
                        log.add(m.getName());
                        return inputs.poll();
                    });
        }

        RemoteCall call() {
            SerialOutput out = output();
            return (RemoteCall) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {RemoteCall.class},
                    (p, m, args) -> {
                        switch (m.getName()) {
                            case "arguments": return out;
                            case "marshalFailed": return new MarshalException("failed", (Exception) args[0]);
                            default:
                                log.add(m.getName());
                                Object r = results.poll();
                                if (r instanceof Exception e) {
                                    throw e;
                                }
                                return r;
                        }
                    });
        }

        ServerCall serverCall() {
            SerialInput in = input();
            SerialOutput out = output();
            return new ServerCall() {
                @Override public SerialInput arguments() { return in; }
                @Override public void argumentsRead() { log.add("argumentsRead"); }
                @Override public SerialOutput result() { log.add("result"); return out; }
            };
        }
    }

    @SuppressWarnings("unused")
    private static Map<String, String> unused() {
        return Map.of();
    }
}
