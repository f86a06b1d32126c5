package org.karmi;

import java.net.MalformedURLException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

import org.karmi.registry.Registry;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A KaRMI node: exports objects, finds remote ones, and runs the node's registry. In OSGi it
 * is a service registered by the reference layer bundle ({@code org.karmi.core}); outside
 * OSGi, {@link Karmi#runtime()} returns the process's default node. The static drop-in facade
 * ({@link Naming}, {@link org.karmi.registry.LocateRegistry},
 * {@link org.karmi.server.UnicastRemoteObject}) delegates to it.
 *
 * <p>Thread-safe.
 */
@ProviderType
public interface RemoteRuntime {

    /** This node's id (random 64 bits). */
    long nodeId();

    /** The UTIDs of every technology this node has started, in preference order. */
    List<Utid> localUtids();

    /**
     * Exports {@code object} so that it can receive remote calls, and returns its stub
     * (which implements every remote interface of the object's class). Exporting an object
     * that is already exported returns its existing stub.
     *
     * @throws java.rmi.server.ExportException if the object cannot be exported
     */
    Remote export(Remote object) throws RemoteException;

    /**
     * Unexports {@code object}: later calls to it fail with {@link NoSuchObjectException}.
     *
     * @param force if {@code false} and calls are in progress, the object stays exported and
     *              this returns {@code false}; if {@code true}, it is unexported at once
     * @return whether the object was unexported
     * @throws NoSuchObjectException if it was not exported
     */
    boolean unexport(Remote object, boolean force) throws NoSuchObjectException;

    /**
     * The stub of an exported object; a stub is returned as it is.
     *
     * @throws NoSuchObjectException if {@code object} is neither exported nor a stub
     */
    Remote toStub(Remote object) throws NoSuchObjectException;

    /** This node's own registry. */
    Registry registry() throws RemoteException;

    /**
     * A reference to the registry of the node at {@code host:port}. Cheap: no network
     * traffic until the first call.
     */
    Registry registry(String host, int port) throws RemoteException;

    /**
     * Looks up a name given as a URL {@code karmi://host:port/name} (or {@code rmi://},
     * or {@code //host:port/name}); host and port default to this host and
     * {@link Registry#REGISTRY_PORT}.
     */
    Remote lookup(String url) throws RemoteException, NotBoundException, MalformedURLException;

    /**
     * The traffic counters of every technology this node runs, by technology name, in
     * preference order: which technology carried a node's calls, and how many bytes. The map
     * is a snapshot of the running technologies; the counters behind it keep counting.
     *
     * @since 1.1
     */
    Map<String, TechnologyStatistics> statistics();
}
