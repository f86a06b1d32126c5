package org.karmi.codegen.marshal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the processor in memory ({@code -proc:only}, with a stand-in for the annotation; the
 * generated code itself is compiled and round-trip tested in {@code org.karmi.serial}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MarshallerProcessorTest {

    private static final String ANNOTATION = "package org.karmi.serial.spi;\n"
            + "public @interface Marshalled {}\n";

    private static final class Result {
        final Map<String, String> generated = new HashMap<>();
        final List<String> errors = new ArrayList<>();
    }

    private static JavaFileObject source(String name, String code) {
        return new SimpleJavaFileObject(URI.create("string:///" + name.replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return code;
            }
        };
    }

    private static Result process(String name, String code) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Result result = new Result();
        StandardJavaFileManager std = javac.getStandardFileManager(diagnostics, null, null);
        JavaFileManager fm = new ForwardingJavaFileManager<>(std) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return new ByteArrayOutputStream() {
                            @Override
                            public void close() throws IOException {
                                super.close();
                                result.generated.put(className, toString(java.nio.charset.StandardCharsets.UTF_8));
                            }
                        };
                    }

                    @Override
                    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                        return result.generated.get(className);
                    }

                    @Override
                    public java.io.Writer openWriter() {
                        return new java.io.OutputStreamWriter(openOutputStream(), java.nio.charset.StandardCharsets.UTF_8);
                    }
                };
            }
        };
        JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics, List.of("-proc:only"), null,
                List.of(source("org.karmi.serial.spi.Marshalled", ANNOTATION), source(name, code)));
        task.setProcessors(List.of(new MarshallerProcessor()));
        task.call();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            // the generated code names org.karmi.serial.spi types this module does not have: ignore those
            boolean inGenerated = d.getSource() != null && d.getSource().toUri().getScheme().equals("mem");
            if (d.getKind() == Diagnostic.Kind.ERROR && !inGenerated) {
                result.errors.add(d.getMessage(null));
            }
        }
        return result;
    }

    @Test
    void generatesAMarshallerWithTheRunTimeFieldOrderAndFingerprint() {
        Result r = process("p.Box", "package p;\n"
                + "@org.karmi.serial.spi.Marshalled\n"
                + "public class Box extends Base implements java.io.Serializable {\n"
                + "  static int ignoredStatic; transient int ignoredTransient;\n"
                + "  private final long z; int a; String name; Box next;\n"
                + "  Box(long z) { this.z = z; }\n"
                + "  public static class Inner implements java.io.Serializable { }\n"
                + "}\n"
                + "class Base implements java.io.Serializable { double base; }\n");
        assertEquals(List.of(), r.errors);
        String src = r.generated.get("p.Box$$KarmiMarshaller");
        assertTrue(src != null, "generated: " + r.generated.keySet());
        // base first (superclass), then Box's fields sorted by name: a, name, next, z
        int fp = "base:D;|a:I;name:L;next:L;z:J;|".hashCode();
        assertTrue(src.contains("FINGERPRINT = " + fp + ";"), src);
        assertTrue(src.contains("PRIMITIVE_BYTES = 20;"), src);
        // non-private, non-final fields of the package are accessed directly, the rest through handles
        assertTrue(src.indexOf("((p.Base) k$o).base") < src.indexOf("k$o.a"), src);
        assertTrue(src.indexOf("k$o.a") < src.indexOf("(long) F2.get(k$o)"), src);
        assertFalse(src.contains("getDeclaredField(\"base\")") || src.contains("getDeclaredField(\"a\")"), src);
        assertTrue(src.contains("NEW.newInstance()"), "no no-arg constructor: the Instantiator");
        assertTrue(src.contains("S2 = "), "final field z (third primitive) gets a setter handle");
        assertFalse(src.contains("ignoredStatic") || src.contains("ignoredTransient"), src);
        assertTrue(src.contains("implements org.karmi.serial.spi.Marshaller<p.Box>"), src);
    }

    @Test
    void nestedClassGetsItsBinaryName() {
        Result r = process("q.Outer", "package q;\npublic class Outer {\n"
                + "  @org.karmi.serial.spi.Marshalled public static class In implements java.io.Serializable { int x; }\n}\n");
        assertEquals(List.of(), r.errors);
        assertTrue(r.generated.containsKey("q.Outer$In$$KarmiMarshaller"), r.generated.keySet().toString());
    }

    @Test
    void classesWithJdkHooksOrNotSerializableAreErrors() {
        Result r = process("p.Bad", "package p;\n"
                + "@org.karmi.serial.spi.Marshalled\n"
                + "public class Bad implements java.io.Serializable {\n"
                + "  private Object writeReplace() { return this; }\n"
                + "}\n"
                + "@org.karmi.serial.spi.Marshalled class NotSer { }\n"
                + "@org.karmi.serial.spi.Marshalled class Ext implements java.io.Externalizable {\n"
                + "  public void writeExternal(java.io.ObjectOutput o) {} public void readExternal(java.io.ObjectInput i) {} }\n");
        assertTrue(r.errors.stream().anyMatch(e -> e.contains("hook writeReplace")), r.errors.toString());
        assertTrue(r.errors.stream().anyMatch(e -> e.contains("must implement java.io.Serializable")), r.errors.toString());
        assertTrue(r.errors.stream().anyMatch(e -> e.contains("must not be Externalizable")), r.errors.toString());
        assertFalse(r.generated.containsKey("p.Bad$$KarmiMarshaller"));
    }
}
