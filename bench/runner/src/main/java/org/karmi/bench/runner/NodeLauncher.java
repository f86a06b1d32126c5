package org.karmi.bench.runner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.karmi.bench.runner.node.NodeMain;

/**
 * Launches node JVMs: the same {@code java}, on the runner's own class path, with the same
 * options for every configuration; only the {@code karmi.*} properties differ.
 */
final class NodeLauncher {

    /**
     * JVM options every node gets, whatever its configuration. {@code karmi.serial.allow}
     * admits the benchmark's own classes (the kernels take {@code Object}, so their argument
     * classes are not the remote interfaces' declared types, which KaRMI's reference layer
     * admits by itself); java.rmi ignores it. No {@code jdk.serialFilter}: java.rmi does not
     * need one here (its registries are bound locally), and without it JDK serialization
     * behaves as it does by default.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xms64m", "-Xmx768m", "-XX:+UseSerialGC",
            "-Djava.awt.headless=true", "-Djava.rmi.server.hostname=127.0.0.1",
            "-Dkarmi.serial.allow=org.karmi.bench.runner.**");

    private final String java;
    private final String classPath;
    private final String runId;
    private final List<String> extraOptions;

    NodeLauncher(String classPath, String runId, List<String> extraOptions) {
        this.java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        this.classPath = classPath;
        this.runId = runId;
        this.extraOptions = extraOptions;
    }

    /** The class path of this JVM, which the nodes share. */
    static String ownClassPath() {
        String explicit = System.getProperty("karmi.bench.classpath");
        return explicit != null ? explicit : System.getProperty("java.class.path");
    }

    String java() {
        return java;
    }

    NodeProcess launch(Configuration c, int role, int port, Path logDir) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_OPTIONS);
        cmd.addAll(extraOptions);
        if (c.system().equals("karmi")) {
            cmd.addAll(karmiProperties(c, port));
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(NodeMain.class.getName());
        cmd.add(c.system());
        cmd.add(Integer.toString(role));
        cmd.add(Integer.toString(port));
        if (c.system().equals("karmi")) {
            cmd.add(c.serializer());
            cmd.add(c.technology());
        }
        String name = c.key() + "-node" + role;
        return NodeProcess.start(name, cmd, logDir.resolve(name + ".log"));
    }

    /** The {@code karmi.*} system properties of a configuration's node. */
    private List<String> karmiProperties(Configuration c, int port) {
        List<String> p = new ArrayList<>();
        p.add("-Dkarmi.serializer=" + c.serializer());
        p.add("-Dkarmi.tcp.host=127.0.0.1");
        p.add("-Dkarmi.tcp.port=" + port);
        // the technologies started, in preference order; TCP always (the registry is reached by TCP)
        String technologies = c.technology().equals("tcp") ? "tcp" : c.technology() + ",tcp";
        p.add("-Dkarmi.technologies=" + technologies);
        p.add("-Dkarmi.preference=" + technologies);
        if (c.technology().equals("parastation")) {
            // one shared-memory domain per run and configuration, away from other users of /dev/shm
            p.add("-Dkarmi.parastation.domainDirectory=" + shmDirectory(c));
        }
        return p;
    }

    String shmDirectory(Configuration c) {
        File shm = new File("/dev/shm");
        File base = shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
        return new File(base, "karmi-bench-" + runId + "-" + c.key()).getPath();
    }
}
