package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.bench.runner.apps.Paraffin;
import org.karmi.bench.runner.apps.Radical;

/** A worker of Paraffin generation: object graphs as arguments and as results. */
public interface ParaffinWorker extends Remote {

    /**
     * All radicals with a carbon whose three branches are taken from {@code a}, {@code b} and
     * {@code c} (branch sizes in non-decreasing order, no duplicate when sizes are equal).
     */
    Radical[] radicals(Radical[] a, Radical[] b, Radical[] c) throws RemoteException;

    /** All bond-centred paraffins made of two radicals from {@code half}. */
    Paraffin[] bondCentred(Radical[] half) throws RemoteException;

    /** All carbon-centred paraffins with four branches from {@code a}..{@code d}. */
    Paraffin[] carbonCentred(Radical[] a, Radical[] b, Radical[] c, Radical[] d) throws RemoteException;
}
