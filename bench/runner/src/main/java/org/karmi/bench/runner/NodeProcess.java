package org.karmi.bench.runner;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.karmi.bench.runner.node.NodeMain;

/**
 * A node JVM started by the runner: commands go to its standard input, replies come from its
 * standard output (read by a daemon thread), its standard error goes to a log file. Used by
 * the runner's thread only, except for the reader.
 */
final class NodeProcess implements AutoCloseable {

    /** A node replied with an error, did not reply in time, or died. */
    static final class NodeException extends Exception {
        NodeException(String message) {
            super(message);
        }
    }

    private static final String EOF = "\u0000eof";

    final String name;
    final Path log;
    private final Process process;
    private final BufferedWriter commands;
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();

    private NodeProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.commands = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(this::readReplies, "reader-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    static NodeProcess start(String name, List<String> command, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        return new NodeProcess(name, pb.start(), log);
    }

    private void readReplies() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("@@")) {
                    replies.add(line);
                }
            }
        } catch (IOException e) {
            // the process is gone; the EOF marker says so
        }
        replies.add(EOF);
    }

    /** Sends one command: fields joined by tabs. */
    void send(Object... fields) throws NodeException {
        StringBuilder line = new StringBuilder();
        for (Object f : fields) {
            line.append(line.length() == 0 ? "" : "\t").append(f);
        }
        try {
            commands.write(line.append('\n').toString());
            commands.flush();
        } catch (IOException e) {
            throw new NodeException(name + " does not take commands any more (" + e.getMessage() + "); see " + log);
        }
    }

    /** The next reply without its {@code @@OK } prefix. */
    String receive(long timeoutMillis) throws NodeException {
        String line;
        try {
            line = replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NodeException(name + ": interrupted");
        }
        if (line == null) {
            throw new NodeException(name + " did not answer within " + timeoutMillis + " ms; see " + log);
        }
        if (line.equals(EOF)) {
            replies.add(EOF);
            throw new NodeException(name + " exited; see " + log);
        }
        if (line.startsWith(NodeMain.ERR)) {
            throw new NodeException(name + ": " + line.substring(NodeMain.ERR.length()).trim());
        }
        return line.substring(NodeMain.OK.length()).trim();
    }

    /** Sends a command and returns its reply. */
    String call(long timeoutMillis, Object... fields) throws NodeException {
        send(fields);
        return receive(timeoutMillis);
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Asks the node to quit, then ends it if it does not within a few seconds. */
    @Override
    public void close() {
        try {
            send("quit");
            commands.close();
        } catch (NodeException | IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
