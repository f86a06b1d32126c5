package org.karmi.node.launcher;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Puts the other bundles' WARN and ERROR Log Service entries (SCR, File Install, Configuration
 * Admin, framework events) on the console, where the node's own records already are: through
 * {@code java.util.logging} under the entry's logger name, so in the finder's one-line format
 * (WARNING or SEVERE), with the exception's first line only. INFO and below stay in the Log
 * Service. An entry that {@link LogServiceSink} handed over for the node's
 * {@code System.LoggerFinder} is recognised (it {@link #sent marks} it first) and not printed
 * again: the finder has printed it. Plain Java: {@link LogServiceEcho} reads the entries.
 * Thread-safe.
 */
final class ConsoleEcho {

    /** Marks kept at most: entries the Log Service never delivers must not pile up. */
    static final int MAX_MARKS = 256;
    /** Felix Log's wrapper of an entry's exception: its message is the original's first line. */
    static final String FELIX_LOG_EXCEPTION = "org.apache.felix.log.LogException";
    private static final String INVOCATION_TARGET = "java.lang.reflect.InvocationTargetException";

    private final ArrayDeque<Mark> marks = new ArrayDeque<>();

    /**
     * Notes that the finder is about to hand this record to the Log Service, so that its entry
     * is not printed again. Only WARN and ERROR are noted (nothing else is printed).
     */
    void sent(long bundleId, String loggerName, String level, String message) {
        if (!printed(level)) {
            return;
        }
        synchronized (marks) {
            if (marks.size() == MAX_MARKS) {
                marks.removeFirst();
            }
            marks.addLast(new Mark(bundleId, loggerName, level, message));
        }
    }

    /**
     * One Log Service entry: printed on the console when it is WARN or ERROR and not the
     * finder's own.
     *
     * @param level the R7 level's name ({@code WARN}, {@code ERROR}, ...)
     * @return whether it was handed to {@code java.util.logging}
     */
    boolean logged(long bundleId, String bundleName, String loggerName, String level, long time, String message,
            Throwable exception) {
        if (!printed(level) || fromFinder(new Mark(bundleId, loggerName, level, message))) {
            return false;
        }
        LogRecord r = record(bundleName, loggerName, level, time, message, exception);
        Logger.getLogger(r.getLoggerName()).log(r);
        return true;
    }

    private boolean fromFinder(Mark entry) {
        synchronized (marks) {
            for (Iterator<Mark> i = marks.iterator(); i.hasNext();) {
                if (i.next().equals(entry)) {
                    i.remove();
                    return true;
                }
            }
        }
        return false;
    }

    static boolean printed(String level) {
        return "WARN".equals(level) || "ERROR".equals(level);
    }

    /**
     * The console's record of an entry: logger name as the entry has it (the bundle's symbolic
     * name for the generic legacy {@code LogService} logger), WARNING or SEVERE, the entry's
     * time, and the exception as its first line only.
     */
    static LogRecord record(String bundleName, String loggerName, String level, long time, String message,
            Throwable exception) {
        LogRecord r = new LogRecord("ERROR".equals(level) ? Level.SEVERE : Level.WARNING, message);
        String name = loggerName == null || loggerName.isEmpty() || loggerName.equals("LogService")
                ? (bundleName == null ? "LogService" : bundleName) : loggerName;
        r.setLoggerName(name);
        r.setSourceClassName(name); // no caller inference: the caller is the Log Service's thread
        r.setSourceMethodName(null);
        r.setInstant(Instant.ofEpochMilli(time));
        if (exception != null) {
            r.setThrown(new FirstLine(firstLine(exception)));
        }
        return r;
    }

    /**
     * What a stack trace of {@code t} begins with ({@code class: message}, one line), through
     * Felix Log's wrapper and past a reflective call's wrapper to the exception thrown inside.
     */
    static String firstLine(Throwable t) {
        Throwable at = t;
        String line = line(at);
        for (int depth = 0; depth < 8 && line.startsWith(INVOCATION_TARGET) && at.getCause() != null; depth++) {
            at = at.getCause();
            line = line(at);
        }
        int end = line.indexOf('\n');
        return (end < 0 ? line : line.substring(0, end)).strip();
    }

    private static String line(Throwable t) {
        String s = t.getClass().getName().equals(FELIX_LOG_EXCEPTION) ? t.getMessage() : t.toString();
        return s == null ? t.getClass().getName() : s;
    }

    /** Prints as one line in a formatter's thrown slot: no frames, no cause. */
    static final class FirstLine extends Throwable {
        private static final long serialVersionUID = 1L;

        FirstLine(String line) {
            super(line, null, false, false);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private record Mark(long bundleId, String loggerName, String level, String message) {
        Mark {
            Objects.requireNonNull(level);
        }
    }
}
