package org.karmi.node.launcher;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.Callable;

import org.karmi.node.logging.NodeLoggerFinder;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.launch.Framework;

/**
 * The node's additions to the bnd launcher of {@code karmi-node.jar} (an embedded activator on
 * the launcher's class path, started with the system bundle's context before the bundles): a
 * shutdown hook that stops the framework on SIGTERM or Ctrl-C, so that every bundle removes its
 * files; the choice between an interactive node (Gogo shell on the console) and a
 * non-interactive one (no console, exit status 69 when a technology does not start); the
 * configuration directory ({@code conf/} beside the jar); the start order ({@link StartLevels});
 * one-line log records on the console, each also handed to the OSGi Log Service
 * ({@link LogServiceSink}, through the node's {@code System.LoggerFinder}), and the other
 * bundles' Log Service warnings and errors on the console too ({@link LogServiceEcho}). Runs on the
 * launcher's thread; the hook runs on its own thread.
 */
public final class NodeLauncher implements BundleActivator {

    /** Read by the bnd launcher: start this activator after the framework, before the bundles. */
    public static final String IMMEDIATE = "BEFORE_BUNDLES_START";

    /** Framework or system property: {@code true} forces the shell on, {@code false} off. */
    public static final String SHELL_PROPERTY = "karmi.node.shell";
    /** Framework or system property: bound on stopping the framework at JVM shutdown (ms). */
    public static final String STOP_TIMEOUT_PROPERTY = "karmi.node.stopTimeoutMillis";
    /** Default bound on stopping the framework at JVM shutdown. */
    public static final long DEFAULT_STOP_TIMEOUT_MILLIS = 20_000;
    /** File Install's directory; the node's configuration files. */
    static final String CONF_DIR_PROPERTY = "felix.fileinstall.dir";
    /** The Gogo shell's own property; {@code --nointeractive} keeps it off the console. */
    static final String GOSH_ARGS = "gosh.args";
    /** Records on one line: time, level, logger, message, exception. */
    static final String LOG_FORMAT = "%1$tT %4$s %3$s: %5$s%6$s%n";
    static final String LOG_FORMAT_PROPERTY = "java.util.logging.SimpleFormatter.format";
    static final String SLF4J_LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";

    private Thread hook;
    private ServiceRegistration<?> main;
    private LogServiceSink logSink;
    private LogServiceEcho logEcho;

    @Override
    public void start(BundleContext context) {
        if (System.getProperty(LOG_FORMAT_PROPERTY) == null) {
            System.setProperty(LOG_FORMAT_PROPERTY, LOG_FORMAT);
        }
        if (System.getProperty(SLF4J_LEVEL_PROPERTY) == null) {
            // the health check bundles log through slf4j-simple, INFO by default: a line each at start
            System.setProperty(SLF4J_LEVEL_PROPERTY, "warn");
        }
        ConsoleEcho echo = new ConsoleEcho();
        logSink = new LogServiceSink(context, echo);
        logSink.open();
        // the other bundles' warnings and errors go to the Log Service only: print them here too
        logEcho = new LogServiceEcho(context, echo);
        logEcho.open();
        if (!NodeLoggerFinder.route(logSink)) {
            System.getLogger("org.karmi.node").log(System.Logger.Level.WARNING,
                    "KaRMI records reach the console only, not the OSGi Log Service: the JDK uses the LoggerFinder "
                            + System.LoggerFinder.getLoggerFinder().getClass().getName());
        }
        Framework framework = (Framework) context.getBundle(0);
        hook = new Thread(new FrameworkStopper(framework,
                number(context.getProperty(STOP_TIMEOUT_PROPERTY), DEFAULT_STOP_TIMEOUT_MILLIS)), "karmi-node-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);

        if (context.getProperty(CONF_DIR_PROPERTY) == null) {
            String conf = confDirectory(System.getProperty("java.class.path"));
            // File Install complains on every start about a missing directory; an empty one says where files go
            new java.io.File(conf).mkdirs();
            System.setProperty(CONF_DIR_PROPERTY, conf);
        }
        StartLevels.assign(context);
        boolean interactive = Console.interactive(context.getProperty(SHELL_PROPERTY));
        if (!interactive && context.getProperty(GOSH_ARGS) == null) {
            System.setProperty(GOSH_ARGS, "--nointeractive");
        }
        // the bnd launcher runs a main.thread Callable on its main thread once every bundle is
        // started, stops the framework when it returns and exits with its result
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("main.thread", Boolean.TRUE);
        main = context.registerService(Callable.class, new NodeMain(framework, context, interactive), properties);
    }

    @Override
    public void stop(BundleContext context) {
        if (logSink != null) {
            NodeLoggerFinder.unroute(logSink);
            logSink.close();
        }
        if (logEcho != null) {
            logEcho.close();
        }
        if (main != null) {
            try {
                main.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregistered it while stopping
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is what is stopping the framework
        }
    }

    /**
     * {@code conf} beside the node jar when the class path is that jar ({@code java -jar}),
     * else {@code conf} in the working directory.
     */
    static String confDirectory(String classPath) {
        String first = classPath == null ? "" : classPath.split(java.io.File.pathSeparator, 2)[0];
        if (first.endsWith(".jar")) {
            java.io.File parent = new java.io.File(first).getAbsoluteFile().getParentFile();
            if (parent != null) {
                return new java.io.File(parent, "conf").getPath();
            }
        }
        return "conf";
    }

    static long number(String value, long dflt) {
        if (value == null || value.isBlank()) {
            return dflt;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: '" + value + "'", e);
        }
    }
}
