package org.karmi.bench.jmh.ping;

/** Answers {@link Ping#ping()} and counts the calls. Thread-safe enough for one caller (the count is a hint). */
public final class PingServer implements Ping {

    private volatile long calls;

    @Override
    public void ping() {
        calls++;
    }

    public long calls() {
        return calls;
    }
}
