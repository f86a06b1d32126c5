package org.karmi.node.logging;

import java.lang.System.Logger.Level;

/**
 * Where {@link NodeLoggerFinder}'s loggers send each record besides the console: in the node,
 * the OSGi Log Service. Only JDK types, because the finder lives on the system class path and
 * the sink beside the framework. Called on the logging thread; implementations are thread-safe
 * and must not block.
 */
public interface LogSink {

    /**
     * Whether a record of {@code level} from logger {@code name} would be kept.
     *
     * @param origin the class loader of the class that asked for the logger ({@code null}: the
     *        boot loader)
     */
    boolean isEnabled(ClassLoader origin, String name, Level level);

    /** Keeps one record; {@code message} is final (localized and formatted), {@code thrown} may be null. */
    void log(ClassLoader origin, String name, Level level, String message, Throwable thrown);
}
