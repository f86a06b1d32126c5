package org.karmi.tech.parastation.internal;

import java.lang.System.Logger.Level;

import org.karmi.spi.transport.LogLimiter;

/**
 * The log lines of one node for events other processes can cause over and over: a peer that
 * died, a channel closed for bad input or a failure, a connect request refused or dropped. Each
 * kind goes through its own {@link LogLimiter}: one line, without a stack trace, at most once
 * per interval, with the number of events it stands for; every event is also logged in full
 * (with its stack trace, if any) at DEBUG. So a flood of dead or hostile peers costs a bounded
 * number of lines. Callers count the events in {@link ParaStationStatistics}. Thread-safe.
 */
final class FailureLog {

    private static final System.Logger LOG = System.getLogger(FailureLog.class.getName());

    private final LogLimiter peers;
    private final LogLimiter channels;
    private final LogLimiter requests;
    private final LogLimiter internal;

    /** @param intervalMs shortest time between two lines of one kind */
    FailureLog(long intervalMs) {
        this.peers = new LogLimiter(LOG, Level.INFO, intervalMs);
        this.channels = new LogLimiter(LOG, Level.WARNING, intervalMs);
        this.requests = new LogLimiter(LOG, Level.INFO, intervalMs);
        this.internal = new LogLimiter(LOG, Level.ERROR, intervalMs);
    }

    /** A peer node died (its process is gone or its heartbeat stopped) and its channels were closed. */
    void peerDied(String line) {
        log(peers, line, null);
    }

    /** A channel was closed because its ring or its frames were malformed, a frame stalled, or its handler failed. */
    void channelFailed(String line, Throwable cause) {
        log(channels, line, cause);
    }

    /** A connect request or an accept-ring record was refused, ignored or dropped. */
    void requestRefused(String line, Throwable cause) {
        log(requests, line, cause);
    }

    /** The node's own machinery (the conductor) failed on something it survives. */
    void internalFailure(String line, Throwable cause) {
        log(internal, line, cause);
    }

    private static void log(LogLimiter limiter, String line, Throwable cause) {
        boolean written = limiter.log(line);
        if ((cause != null || !written) && LOG.isLoggable(Level.DEBUG)) {
            if (cause != null) {
                LOG.log(Level.DEBUG, line, cause);
            } else {
                LOG.log(Level.DEBUG, line);
            }
        }
    }
}
