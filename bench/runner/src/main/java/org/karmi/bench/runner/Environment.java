package org.karmi.bench.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What a report heads with: the machine, the JDK and the commit measured. */
public record Environment(String host, String os, String cpu, int cores, String memory, String jdk, String commit) {

    /** Reads the environment; {@code repo} is the git working tree (or {@code null}). */
    public static Environment read(Path repo) {
        return new Environment(hostName(), System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"), readCpu(), Runtime.getRuntime().availableProcessors(), readMemory(),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.home") + ")",
                commit(repo));
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/etc/hostname")).trim();
        } catch (IOException e) {
            String h = System.getenv("HOSTNAME");
            return h == null ? "unknown" : h;
        }
    }

    private static String readCpu() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static String readMemory() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal")) {
                    long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    return String.format(java.util.Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux
        }
        return "unknown";
    }

    private static String commit(Path repo) {
        if (repo == null) {
            return "unknown (no repository given)";
        }
        String head = git(repo, "rev-parse", "HEAD");
        if (head == null) {
            return "unknown (not a git working tree: " + repo + ")";
        }
        String subject = git(repo, "log", "-1", "--format=%s");
        String dirty = git(repo, "status", "--porcelain", "--untracked-files=no");
        return head + (dirty != null && !dirty.isBlank() ? " with uncommitted changes" : "")
                + (subject == null ? "" : " (" + subject + ")");
    }

    private static String git(Path repo, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.add("-C");
        cmd.add(repo.toString());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return out;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
