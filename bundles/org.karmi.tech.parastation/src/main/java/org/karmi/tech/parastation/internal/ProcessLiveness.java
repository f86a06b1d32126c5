package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Tells whether a process recorded in a shared-memory file is still the same live process:
 * the pid exists, is not a zombie, and started when the file says (a reused pid started
 * later). Stateless; thread-safe; each check costs a few reads of {@code /proc}, so callers
 * check at the heartbeat interval, never per message.
 */
final class ProcessLiveness {

    /** Start times of one process, read at different moments, may differ by rounding. */
    private static final long START_TOLERANCE_MS = 2_000;

    private ProcessLiveness() {
    }

    static long currentPid() {
        return ProcessHandle.current().pid();
    }

    /** Start of this process in epoch ms, or 0 if the platform does not tell. */
    static long currentStartMillis() {
        return ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** Whether the process {@code pid} that started at {@code startMillis} (0: unknown) is alive. */
    static boolean isAlive(long pid, long startMillis) {
        if (pid <= 0) {
            return false;
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive() || isZombie(pid)) {
            return false;
        }
        if (startMillis == 0) {
            return true;
        }
        Optional<Instant> start = handle.get().info().startInstant();
        return start.isEmpty() || Math.abs(start.get().toEpochMilli() - startMillis) <= START_TOLERANCE_MS;
    }

    private static boolean isZombie(long pid) {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        try {
            String s = new String(Files.readAllBytes(stat), StandardCharsets.US_ASCII);
            int close = s.lastIndexOf(')');
            return close > 0 && close + 2 < s.length() && (s.charAt(close + 2) == 'Z' || s.charAt(close + 2) == 'X');
        } catch (IOException | RuntimeException e) {
            return false; // no /proc: rely on ProcessHandle alone
        }
    }
}
