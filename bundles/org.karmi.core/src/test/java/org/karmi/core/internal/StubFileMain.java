package org.karmi.core.internal;

import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A pure client in a child JVM: reads a stub from the file named by the first argument with a
 * plain {@link ObjectInputStream}, calls it ({@link Service#name()}, or {@link Probe#clientHost()})
 * and prints {@code NAME <answer>}; then {@code main} returns and the JVM must exit by itself.
 */
public final class StubFileMain {

    private StubFileMain() {
    }

    public static void main(String[] args) throws Exception {
        Object stub;
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[0])))) {
            stub = in.readObject();
        }
        String answer = stub instanceof Service s ? s.name() : ((Probe) stub).clientHost();
        System.out.println("NAME " + answer);
        System.out.flush();
    }
}
