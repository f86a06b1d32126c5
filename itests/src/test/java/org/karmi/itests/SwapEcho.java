package org.karmi.itests;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The remote interface the technology swap test calls across JVMs. */
public interface SwapEcho extends Remote {
    String echo(String s) throws RemoteException;
}
