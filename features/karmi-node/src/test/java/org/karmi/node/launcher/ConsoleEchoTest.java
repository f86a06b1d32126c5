package org.karmi.node.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogLevel;
import org.osgi.service.log.LogListener;
import org.osgi.service.log.LogReaderService;

/**
 * The console echo of Log Service entries: other bundles' WARN and ERROR print (INFO and DEBUG
 * do not), the finder's own records do not print a second time, the line is the finder's
 * one-line format with the exception's first line, and the listener reads R7 entries through
 * the reader bundle's API types.
 */
class ConsoleEchoTest {

    private static final String SCR_LOGGER = "org.karmi.node.test.Component";
    private static final long TIME = java.time.LocalDate.of(2025, 1, 2).atTime(LocalTime.of(13, 4, 5))
            .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();

    /** Held strongly: java.util.logging keeps its loggers only weakly. */
    private final Logger julLogger = Logger.getLogger(SCR_LOGGER);
    private final List<LogRecord> console = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            console.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final ConsoleEcho echo = new ConsoleEcho();

    @BeforeEach
    void capture() {
        julLogger.addHandler(capture);
        julLogger.setUseParentHandlers(false);
    }

    @AfterEach
    void release() {
        julLogger.removeHandler(capture);
        julLogger.setUseParentHandlers(true);
    }

    @Test
    void warnAndErrorOfOtherBundlesPrintInfoAndDebugDoNot() {
        assertTrue(echo.logged(7, "org.apache.felix.scr", SCR_LOGGER, "ERROR", TIME, "failed to activate", null));
        assertTrue(echo.logged(7, "org.apache.felix.scr", SCR_LOGGER, "WARN", TIME, "odd configuration", null));
        assertFalse(echo.logged(7, "org.apache.felix.scr", SCR_LOGGER, "INFO", TIME, "started", null));
        assertFalse(echo.logged(7, "org.apache.felix.scr", SCR_LOGGER, "DEBUG", TIME, "detail", null));
        assertFalse(echo.logged(7, "org.apache.felix.scr", SCR_LOGGER, "TRACE", TIME, "more detail", null));
        assertEquals(List.of("SEVERE failed to activate", "WARNING odd configuration"),
                console.stream().map(r -> r.getLevel() + " " + r.getMessage()).toList());
    }

    @Test
    void theFindersOwnRecordsDoNotPrintTwice() {
        echo.sent(3, SCR_LOGGER, "WARN", "tcp cannot bind");
        echo.sent(3, SCR_LOGGER, "INFO", "listening"); // never printed, so never noted

        assertFalse(echo.logged(3, "org.karmi.core", SCR_LOGGER, "WARN", TIME, "tcp cannot bind", null), "the finder's");
        assertTrue(echo.logged(3, "org.karmi.core", SCR_LOGGER, "WARN", TIME, "tcp cannot bind", null),
                "the same text again, not handed over by the finder this time");
        assertTrue(echo.logged(4, "org.karmi.other", SCR_LOGGER, "WARN", TIME, "tcp cannot bind", null),
                "another bundle's entry is not the finder's");
        assertEquals(2, console.size());
    }

    @Test
    void marksAreBounded() {
        echo.sent(3, SCR_LOGGER, "ERROR", "first");
        for (int i = 0; i < ConsoleEcho.MAX_MARKS; i++) {
            echo.sent(3, SCR_LOGGER, "ERROR", "later " + i);
        }
        assertTrue(echo.logged(3, "b", SCR_LOGGER, "ERROR", TIME, "first", null), "forgotten: printed");
        assertFalse(echo.logged(3, "b", SCR_LOGGER, "ERROR", TIME, "later 0", null), "still marked");
    }

    @Test
    void oneLineInTheFindersFormatWithTheExceptionsFirstLine() {
        Exception inside = new IllegalArgumentException("setting karmi.tcp.port is not a number: 'abc'",
                new NumberFormatException("For input string: \"abc\""));
        LogRecord r = ConsoleEcho.record("org.karmi.tech.tcp", SCR_LOGGER, "ERROR", TIME,
                "Error during instantiation of the implementation object", new InvocationTargetException(inside));

        String previous = System.getProperty(NodeLauncher.LOG_FORMAT_PROPERTY);
        System.setProperty(NodeLauncher.LOG_FORMAT_PROPERTY, NodeLauncher.LOG_FORMAT);
        try {
            String n = System.lineSeparator();
            assertEquals("13:04:05 SEVERE " + SCR_LOGGER + ": Error during instantiation of the implementation object" + n
                    + "java.lang.IllegalArgumentException: setting karmi.tcp.port is not a number: 'abc'" + n + n,
                    new SimpleFormatter().format(r));
        } finally {
            if (previous == null) {
                System.clearProperty(NodeLauncher.LOG_FORMAT_PROPERTY);
            } else {
                System.setProperty(NodeLauncher.LOG_FORMAT_PROPERTY, previous);
            }
        }
    }

    @Test
    void theLegacyLogServiceLoggerIsNamedByItsBundle() {
        assertEquals("org.apache.felix.fileinstall",
                ConsoleEcho.record("org.apache.felix.fileinstall", "LogService", "WARN", TIME, "m", null).getLoggerName());
        assertEquals("Events.Framework",
                ConsoleEcho.record("org.apache.felix.framework", "Events.Framework", "ERROR", TIME, "m", null).getLoggerName());
        assertNull(ConsoleEcho.record("b", "n", "WARN", TIME, "m", null).getThrown());
    }

    @Test
    void firstLineThroughFelixLogsWrapperAndAMultiLineMessage() {
        assertEquals("java.lang.IllegalStateException: two", ConsoleEcho.firstLine(new IllegalStateException("two\nlines")));
        assertEquals("java.lang.IllegalStateException", ConsoleEcho.firstLine(new IllegalStateException()));
        assertEquals("java.lang.reflect.InvocationTargetException", ConsoleEcho.firstLine(new InvocationTargetException(null)));
    }

    @Test
    void theListenerReadsR7EntriesThroughTheReaderBundlesTypes() throws Exception {
        List<LogListener> listeners = new CopyOnWriteArrayList<>();
        LogReaderService reader = new LogReaderService() {
            @Override
            public void addLogListener(LogListener l) {
                listeners.add(l);
            }

            @Override
            public void removeLogListener(LogListener l) {
                listeners.remove(l);
            }

            @Override
            public Enumeration<LogEntry> getLog() {
                return Collections.emptyEnumeration();
            }
        };
        LogServiceEcho.Reader r = new LogServiceEcho.Reader(bundle(1, "org.apache.felix.log"), reader, echo);
        assertEquals(1, listeners.size());

        Bundle karmi = bundle(21, "org.karmi.tech.tcp");
        listeners.get(0).logged(entry(karmi, LogLevel.ERROR, "failed", new IllegalStateException("why")));
        listeners.get(0).logged(entry(karmi, LogLevel.INFO, "fine", null));
        assertEquals(List.of("SEVERE " + SCR_LOGGER + " failed java.lang.IllegalStateException: why"),
                console.stream().map(c -> c.getLevel() + " " + c.getLoggerName() + " " + c.getMessage() + " "
                        + c.getThrown()).toList());
        assertEquals(TIME, console.get(0).getMillis());

        r.close();
        assertEquals(List.of(), listeners, "removed again");
    }

    /** A bundle whose loadClass answers from the test's class path. */
    private static Bundle bundle(long id, String name) {
        return (Bundle) Proxy.newProxyInstance(ConsoleEchoTest.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (p, m, a) -> switch (m.getName()) {
                    case "loadClass" -> Class.forName((String) a[0]);
                    case "getBundleId" -> id;
                    case "getSymbolicName" -> name;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static LogEntry entry(Bundle b, LogLevel level, String message, Throwable exception) {
        return new LogEntry() {
            @Override public Bundle getBundle() { return b; }
            @Override public ServiceReference<?> getServiceReference() { return null; }
            @SuppressWarnings("deprecation") @Override public int getLevel() { return level.ordinal(); }
            @Override public String getMessage() { return message; }
            @Override public Throwable getException() { return exception; }
            @Override public long getTime() { return TIME; }
            @Override public LogLevel getLogLevel() { return level; }
            @Override public String getLoggerName() { return SCR_LOGGER; }
            @Override public long getSequence() { return 1; }
            @Override public String getThreadInfo() { return "t"; }
            @Override public StackTraceElement getLocation() { return null; }
        };
    }
}
