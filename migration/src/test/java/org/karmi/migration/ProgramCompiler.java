package org.karmi.migration;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a program's sources with the running JDK's compiler ({@link ToolProvider#getSystemJavaCompiler()}),
 * as {@code javac -d <classes> -classpath <path> [-processorpath <path>] <sources>} would. Thread-safe: every
 * call has its own compilation task and file manager.
 */
final class ProgramCompiler {

    /** The outcome: whether it compiled, and what javac said (errors, warnings, notes of processors). */
    record Result(boolean ok, String messages) {
    }

    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    private ProgramCompiler() {
    }

    /**
     * Compiles {@code sources} into {@code classes}.
     *
     * @param classPath     the compile class path (an explicit one: javac run in-process would otherwise
     *                      take the harness's class path)
     * @param processorPath the annotation processor path, or null to let javac look on the class path
     */
    static Result compile(List<Path> sources, Path classes, String classPath, String processorPath) throws IOException {
        Files.createDirectories(classes);
        List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-encoding", "UTF-8",
                "-classpath", classPath.isEmpty() ? classes.toString() : classPath));
        if (processorPath != null) {
            options.addAll(List.of("-processorpath", processorPath));
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter out = new StringWriter();
        boolean ok;
        try (StandardJavaFileManager files = JAVAC.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            ok = JAVAC.getTask(out, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
        } catch (RuntimeException | Error e) { // a processor that crashed
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new Result(false, "javac crashed: " + cause + "\n    javac " + String.join(" ", options) + "\n");
        }
        StringBuilder messages = new StringBuilder(out.toString());
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            messages.append(d.getKind()).append(": ");
            if (d.getSource() != null) {
                messages.append(Path.of(d.getSource().toUri()).getFileName()).append(':').append(d.getLineNumber()).append(": ");
            }
            messages.append(d.getMessage(Locale.ROOT)).append('\n');
        }
        return new Result(ok, messages.toString());
    }
}
