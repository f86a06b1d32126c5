package org.karmi.bench.runner.node;

import org.karmi.bench.runner.remote.Pong;

/** The client's callback for the pingpong kernels. Stateless, thread-safe. */
public final class PongImpl implements Pong {

    @Override
    public void pong(Object obj) {
        // nothing
    }

    @Override
    public Object pongReturn(Object obj) {
        return obj;
    }
}
