package org.karmi.bench.runner.apps;

import org.karmi.bench.runner.remote.ParaffinWorker;

/** A Paraffin worker: runs {@link ParaffinAlgorithms} on what it is sent. Stateless, thread-safe. */
public final class ParaffinWorkerImpl implements ParaffinWorker {

    @Override
    public Radical[] radicals(Radical[] a, Radical[] b, Radical[] c) {
        return ParaffinAlgorithms.radicals(a, b, c);
    }

    @Override
    public Paraffin[] bondCentred(Radical[] half) {
        return ParaffinAlgorithms.bondCentred(half);
    }

    @Override
    public Paraffin[] carbonCentred(Radical[] a, Radical[] b, Radical[] c, Radical[] d) {
        return ParaffinAlgorithms.carbonCentred(a, b, c, d);
    }
}
