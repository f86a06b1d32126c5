package org.karmi.bench.runner.node;

import java.rmi.RemoteException;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.bench.runner.remote.Kernels;
import org.karmi.bench.runner.remote.Pong;

/**
 * The server side of the kernels, the same object for every RMI system. A session knows the
 * client's {@link Pong} for the pingpong kernels. Thread-safe.
 */
public final class KernelsImpl implements Kernels {

    /** Exports sessions; the node's RMI system. */
    public interface Exporter {
        Kernels export(KernelsImpl session) throws RemoteException;
    }

    private final Exporter exporter;
    private final Pong callback;
    private final AtomicInteger counter = new AtomicInteger();

    public KernelsImpl(Exporter exporter, Pong callback) {
        this.exporter = exporter;
        this.callback = callback;
    }

    @Override
    public void ping() {
        // nothing: the call is the work
    }

    @Override
    public void ping(int a, int b) {
        // nothing
    }

    @Override
    public void ping(int a, int b, float c, float d) {
        // nothing
    }

    @Override
    public void ping(Object obj) {
        // nothing
    }

    @Override
    public Object pingReturn(Object obj) {
        return obj;
    }

    @Override
    public void pingpong(Object obj) throws RemoteException {
        session().pong(obj);
    }

    @Override
    public Object pingpongReturn(Object obj) throws RemoteException {
        return session().pongReturn(obj);
    }

    private Pong session() throws RemoteException {
        if (callback == null) {
            throw new RemoteException("pingpong needs a session: call session(pong) first");
        }
        return callback;
    }

    @Override
    public Object star(Object obj) {
        return obj;
    }

    @Override
    public int next() {
        return counter.incrementAndGet();
    }

    @Override
    public void sleep(long millis) throws RemoteException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted");
        }
    }

    @Override
    public Kernels session(Pong pong) throws RemoteException {
        return exporter.export(new KernelsImpl(exporter, pong));
    }
}
