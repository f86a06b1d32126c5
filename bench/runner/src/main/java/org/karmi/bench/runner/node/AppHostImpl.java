package org.karmi.bench.runner.node;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.HashMap;
import java.util.Map;

import org.karmi.bench.runner.apps.HammingStreamImpl;
import org.karmi.bench.runner.apps.ParaffinWorkerImpl;
import org.karmi.bench.runner.apps.SorWorkerImpl;
import org.karmi.bench.runner.remote.AppHost;
import org.karmi.bench.runner.remote.HammingStream;
import org.karmi.bench.runner.remote.ParaffinWorker;
import org.karmi.bench.runner.remote.SorWorker;

/** A node's application workers, exported on first use and reused. Thread-safe (synchronized). */
public final class AppHostImpl implements AppHost {

    /** Exports an object with the node's RMI system. */
    public interface Exporter {
        Remote export(Remote impl) throws Exception;
    }

    private final Exporter exporter;
    private final Map<Object, Remote> stubs = new HashMap<>();
    /** This node's SOR worker itself (the driver calls its own worker directly). */
    public final SorWorkerImpl sorWorker = new SorWorkerImpl();

    public AppHostImpl(Exporter exporter) {
        this.exporter = exporter;
    }

    @Override
    public synchronized HammingStream hamming(int slot) throws RemoteException {
        return (HammingStream) stub("hamming" + slot, new HammingStreamImpl());
    }

    @Override
    public synchronized ParaffinWorker paraffin() throws RemoteException {
        return (ParaffinWorker) stub("paraffin", new ParaffinWorkerImpl());
    }

    @Override
    public synchronized SorWorker sor() throws RemoteException {
        return (SorWorker) stub("sor", sorWorker);
    }

    private Remote stub(Object key, Remote impl) throws RemoteException {
        Remote s = stubs.get(key);
        if (s == null) {
            try {
                s = exporter.export(impl);
            } catch (RemoteException e) {
                throw e;
            } catch (Exception e) {
                throw new RemoteException("cannot export " + key, e);
            }
            stubs.put(key, s);
        }
        return s;
    }
}
