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

    /**
     * The start-time field of {@code /proc/<pid>/stat} (clock ticks since boot) if the process
     * exists and is not a zombie; "" if it is gone or a zombie; null if there is no {@code /proc}.
     * One file read: cheap enough for the heartbeat interval.
     */
    static String procStartTicks(long pid) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (java.nio.file.NoSuchFileException e) {
            return Files.isDirectory(Path.of("/proc/self")) ? "" : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
        String s = new String(bytes, StandardCharsets.US_ASCII);
        int close = s.lastIndexOf(')');
        if (close < 0 || close + 2 >= s.length()) {
            return null;
        }
        String[] fields = s.substring(close + 2).trim().split(" ");
        if (fields.length < 20) {
            return null;
        }
        char state = fields[0].isEmpty() ? '?' : fields[0].charAt(0);
        return state == 'Z' || state == 'X' ? "" : fields[19]; // field 22 of stat: starttime
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
