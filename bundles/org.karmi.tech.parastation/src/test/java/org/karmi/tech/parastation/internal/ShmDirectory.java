package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test its own directory under {@code /dev/shm} (a {@link Path} parameter); deletes it
 * after a passing test and keeps it, for diagnosis, after a failing one (as Aeron does).
 */
public final class ShmDirectory implements ParameterResolver, AfterEachCallback {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ShmDirectory.class);

    /** Root of all test directories. */
    public static Path root() {
        return Path.of("/dev/shm");
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        return p.getParameter().getType() == Path.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        try {
            Path dir = Files.createTempDirectory(root(), "karmi-test-" + e.getRequiredTestMethod().getName() + "-");
            e.getStore(NS).put("dir", dir);
            return dir;
        } catch (IOException x) {
            throw new IllegalStateException("cannot create a test directory under " + root(), x);
        }
    }

    /**
     * Deletes the doorbell sockets the domain's node files name: those of nodes killed without
     * closing live beside a domain whose path is too long for a socket address ({@code /dev/shm}).
     */
    static void deleteDoorbells(Path dir) throws IOException {
        if (!Files.exists(dir.resolve(DomainDescriptor.DOMAIN_FILE))) {
            return;
        }
        DomainDirectory domain = DomainDirectory.open(dir);
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                int port = DomainDescriptor.portOfNodeFile(f.getFileName().toString());
                if (port > 0) {
                    domain.deleteNodeFiles(port);
                }
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext e) throws IOException {
        Path dir = e.getStore(NS).remove("dir", Path.class);
        if (dir == null) {
            return;
        }
        if (e.getExecutionException().isPresent()) {
            System.err.println("[shm] kept shared-memory files of failed test " + e.getDisplayName() + " in " + dir);
            return;
        }
        delete(dir);
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        deleteDoorbells(dir);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
