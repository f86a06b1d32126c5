package org.karmi.node.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The node's LoggerFinder: the JDK finds it through META-INF/services on the class path, its
 * loggers print what java.util.logging takes (INFO and above by default) and hand what the sink
 * takes to the sink, with the caller's class loader, formatted once.
 */
class NodeLoggerFinderTest {

    private static final String NAME = "org.karmi.node.test";

    /** Held strongly: java.util.logging keeps its loggers only weakly. */
    private final Logger julLogger = Logger.getLogger(NAME);
    private final List<LogRecord> console = new CopyOnWriteArrayList<>();
    private final List<String> sunk = new CopyOnWriteArrayList<>();
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
    private Level sinkThreshold = Level.DEBUG;
    private final LogSink sink = new LogSink() {
        @Override
        public boolean isEnabled(ClassLoader origin, String name, Level level) {
            return level.getSeverity() >= sinkThreshold.getSeverity();
        }

        @Override
        public void log(ClassLoader origin, String name, Level level, String message, Throwable thrown) {
            sunk.add(level + " " + name + " " + message + (thrown == null ? "" : " " + thrown.getMessage())
                    + (origin == NodeLoggerFinderTest.class.getClassLoader() ? " (caller's loader)" : " (other loader)"));
        }
    };

    @BeforeEach
    void capture() {
        julLogger.addHandler(capture);
        julLogger.setUseParentHandlers(false); // the test's console stays quiet; the level is still the root's INFO
    }

    @AfterEach
    void release() {
        NodeLoggerFinder.unroute(sink);
        julLogger.removeHandler(capture);
        julLogger.setUseParentHandlers(true);
    }

    @Test
    void theJdkLoadsTheFinderFromTheServicesFileOnTheClassPath() {
        assertInstanceOf(NodeLoggerFinder.class, System.LoggerFinder.getLoggerFinder());
        assertInstanceOf(NodeLogger.class, System.getLogger(NAME));
        assertTrue(NodeLoggerFinder.route(sink), "route reports that records will reach the sink");
    }

    @Test
    void withoutASinkRecordsReachTheConsoleOnly() {
        System.Logger log = System.getLogger(NAME);
        log.log(Level.INFO, "node {0} started", "n1");
        log.log(Level.DEBUG, "not on the console by default");
        assertEquals(1, console.size());
        assertEquals("node n1 started", console.get(0).getMessage());
        assertSame(java.util.logging.Level.INFO, console.get(0).getLevel());
        assertFalse(log.isLoggable(Level.DEBUG));
    }

    @Test
    void routedRecordsReachTheConsoleAndTheSinkWithTheCallersLoader() {
        System.Logger log = System.getLogger(NAME);
        NodeLoggerFinder.route(sink);
        log.log(Level.INFO, "tcp listening on {0}", "127.0.0.1:1");
        log.log(Level.WARNING, "peer gone", new IllegalStateException("reset"));
        log.log(Level.DEBUG, "only the sink keeps debug here");
        log.log(Level.TRACE, "nobody keeps trace");

        assertEquals(List.of("INFO " + NAME + " tcp listening on 127.0.0.1:1 (caller's loader)",
                "WARNING " + NAME + " peer gone reset (caller's loader)",
                "DEBUG " + NAME + " only the sink keeps debug here (caller's loader)"), sunk);
        assertEquals(2, console.size(), "INFO and WARNING on the console");
        assertEquals("reset", console.get(1).getThrown().getMessage());
        assertTrue(log.isLoggable(Level.DEBUG), "the sink takes DEBUG");
        assertFalse(log.isLoggable(Level.TRACE));
    }

    @Test
    void aLoggerMadeBeforeTheRouteFollowsIt() {
        System.Logger early = System.getLogger(NAME);
        early.log(Level.INFO, "before");
        NodeLoggerFinder.route(sink);
        early.log(Level.INFO, "after");
        NodeLoggerFinder.unroute(sink);
        early.log(Level.INFO, "gone");
        assertEquals(List.of("INFO " + NAME + " after (caller's loader)"), sunk);
        assertEquals(3, console.size(), "the console has every record");
    }

    @Test
    void aFailingSinkNeverReachesTheCaller() {
        LogSink broken = new LogSink() {
            @Override
            public boolean isEnabled(ClassLoader origin, String name, Level level) {
                return true;
            }

            @Override
            public void log(ClassLoader origin, String name, Level level, String message, Throwable thrown) {
                throw new IllegalStateException("Log Service gone");
            }
        };
        NodeLoggerFinder.route(broken);
        try {
            System.getLogger(NAME).log(Level.ERROR, "still printed");
        } finally {
            NodeLoggerFinder.unroute(broken);
        }
        assertEquals("still printed", console.get(0).getMessage());
        assertSame(java.util.logging.Level.SEVERE, console.get(0).getLevel());
    }
}
