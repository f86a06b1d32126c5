package org.karmi.node.logging;

import java.text.MessageFormat;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * One logger of {@link NodeLoggerFinder}: a record goes to the {@code java.util.logging} logger
 * of the same name (the console, as without this finder) when that logger takes its level, and
 * to the current {@link LogSink} when the sink takes it. The message is localized and formatted
 * ({@link MessageFormat}, as the JDK's loggers do) once, only when someone keeps it.
 * Thread-safe; a failing sink never reaches the caller (the console has the record).
 */
final class NodeLogger implements System.Logger {

    private final String name;
    private final ClassLoader origin;
    /** Looked up at the first use, not when the JDK asks the finder (java.util.logging may still be starting). */
    private volatile java.util.logging.Logger console;

    NodeLogger(String name, ClassLoader origin) {
        this.name = name;
        this.origin = origin;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isLoggable(Level level) {
        return level != Level.OFF && (console().isLoggable(jul(level)) || sinkTakes(NodeLoggerFinder.sink(), level));
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        publish(level, bundle, msg, null, thrown);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        publish(level, bundle, format, params, null);
    }

    private void publish(Level level, ResourceBundle bundle, String text, Object[] params, Throwable thrown) {
        if (level == Level.OFF) {
            return;
        }
        java.util.logging.Level julLevel = jul(level);
        java.util.logging.Logger out = console();
        LogSink sink = NodeLoggerFinder.sink();
        boolean toConsole = out.isLoggable(julLevel);
        boolean toSink = sinkTakes(sink, level);
        if (!toConsole && !toSink) {
            return;
        }
        String message = message(bundle, text, params);
        if (toConsole) {
            out.log(julLevel, message, thrown);
        }
        if (toSink) {
            try {
                sink.log(origin, name, level, message, thrown);
            } catch (RuntimeException | LinkageError sinkFailed) {
                // the Log Service went away or broke mid-call: the console has the record
            }
        }
    }

    private boolean sinkTakes(LogSink sink, Level level) {
        if (sink == null) {
            return false;
        }
        try {
            return sink.isEnabled(origin, name, level);
        } catch (RuntimeException | LinkageError sinkFailed) {
            return false;
        }
    }

    private java.util.logging.Logger console() {
        java.util.logging.Logger c = console;
        if (c == null) {
            c = java.util.logging.Logger.getLogger(name);
            console = c;
        }
        return c;
    }

    static String message(ResourceBundle bundle, String text, Object[] params) {
        String s = text;
        if (bundle != null && text != null) {
            try {
                s = bundle.getString(text);
            } catch (MissingResourceException | ClassCastException notThere) {
                s = text;
            }
        }
        if (s != null && params != null && params.length > 0) {
            try {
                s = MessageFormat.format(s, params);
            } catch (IllegalArgumentException badPattern) {
                // keep the pattern, as the JDK's loggers do
            }
        }
        return s;
    }

    /** The JDK's own mapping (sun.util.logging.PlatformLogger): DEBUG is FINE, TRACE is FINER, ERROR is SEVERE. */
    static java.util.logging.Level jul(Level level) {
        switch (level) {
            case ALL: return java.util.logging.Level.ALL;
            case TRACE: return java.util.logging.Level.FINER;
            case DEBUG: return java.util.logging.Level.FINE;
            case INFO: return java.util.logging.Level.INFO;
            case WARNING: return java.util.logging.Level.WARNING;
            case ERROR: return java.util.logging.Level.SEVERE;
            default: return java.util.logging.Level.OFF;
        }
    }
}
