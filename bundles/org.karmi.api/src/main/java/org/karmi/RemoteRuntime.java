package org.karmi;

import java.io.ObjectInputFilter;
import java.net.MalformedURLException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerNotActiveException;
import java.util.List;
import java.util.Map;

import org.karmi.registry.Registry;
import org.karmi.spi.ref.StubReference;
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
     * Exports {@code object} as {@link #export(Remote)} does, with what a {@code java.rmi}
     * export may ask for ({@link org.karmi.server.UnicastRemoteObject#exportObject(Remote, int,
     * RMIClientSocketFactory, RMIServerSocketFactory, ObjectInputFilter)}). The request is kept
     * with the exported object and handed to the technology that receives its calls.
     * Unlike {@link #export(Remote)}, an object that is already exported is refused, as
     * {@code java.rmi} refuses it.
     *
     * <p>As in {@code java.rmi}, the TCP technology listens on {@code port} through {@code ssf}
     * (one listener per port and equal server socket factory, shared by the exports that ask
     * for it), and the reference carries {@code csf}, through which every holder connects
     * ({@code docs/PROTOCOL.md} §4.1). A technology that does not use socket factories
     * (ParaStation) is left out of the addresses of an export that gives factories.
     *
     * @param port   the port to receive calls on; {@code 0} lets the technology choose
     * @param csf    makes the client sockets of calls to this object; {@code null} for the
     *               technology's own
     * @param ssf    makes the server socket calls arrive on; {@code null} for the technology's own
     * @param filter decides, before the node's call filter, which classes the arguments of
     *               calls to this object may carry ({@code ALLOWED} allows, {@code REJECTED}
     *               refuses, {@code UNDECIDED} leaves it to the call filter); {@code null} for none
     * @throws java.rmi.server.ExportException if the object cannot be exported or is exported already
     * @since 1.2
     */
    Remote export(Remote object, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
            ObjectInputFilter filter) throws RemoteException;

    /**
     * Exports {@code object} so that it receives calls of the methods of {@code interfaces},
     * which, unlike the remote interfaces {@link #export(Remote)} finds, need not extend
     * {@link Remote}: a distribution provider of OSGi Remote Services exports ordinary service
     * interfaces this way (typically through a {@link java.lang.reflect.Proxy} that implements
     * them and {@code Remote} and forwards to the service). The types those interfaces declare
     * are allowed in the arguments, as for remote interfaces; argument classes resolve through
     * {@code object}'s class loader. The object stays exported until {@link #unexport}: no
     * distributed collector governs it, since its reference leaves the node outside any call.
     * An object that is already exported is refused.
     *
     * @param object     implements every one of {@code interfaces}
     * @param interfaces the interfaces whose methods calls may reach (at least one)
     * @return the reference to hand to importers: object id, interface names, and the UTIDs
     *         of every technology the node listens on
     * @throws java.rmi.server.ExportException if the object cannot be exported or is exported already
     * @throws IllegalArgumentException if {@code interfaces} is empty, holds a class that is
     *                                  not an interface, or one {@code object} does not implement
     * @since 1.5
     */
    default StubReference exportAs(Remote object, List<Class<?>> interfaces) throws RemoteException {
        throw new java.rmi.server.ExportException(getClass().getName() + " does not export plain interfaces");
    }

    /**
     * A stub of the remote object {@code reference} names, implementing {@code interfaces}
     * (which need not extend {@link Remote}; they replace the names the reference carries) and
     * {@code Remote}: the importing side of {@link #exportAs}. Its calls go through the
     * reference layer as those of any stub, over the best technology the two nodes share;
     * result classes resolve through the first interface's class loader, and the types the
     * interfaces declare are allowed in results. A call that fails in transport throws
     * {@link RemoteException}, which reaches the caller as
     * {@link java.lang.reflect.UndeclaredThrowableException} from a method that does not
     * declare it. No distributed collector hears of the stub. Cheap: no network traffic until
     * the first call.
     *
     * @throws IllegalArgumentException if {@code interfaces} is empty or holds a class that
     *                                  is not an interface
     * @since 1.5
     */
    default Remote stubFor(StubReference reference, List<Class<?>> interfaces) throws RemoteException {
        throw new RemoteException(getClass().getName() + " does not import plain interfaces");
    }

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

    /**
     * This node's own registry: always exported, reached at the node's address under the
     * registry's well-known object number unless a registry made by {@link #createRegistry}
     * answers there.
     */
    Registry registry() throws RemoteException;

    /**
     * Creates and exports a new, empty registry for {@code port}, as
     * {@link java.rmi.registry.LocateRegistry#createRegistry(int, RMIClientSocketFactory,
     * RMIServerSocketFactory)} does, and returns the registry object itself (not a stub), so
     * that {@link #unexport unexport(registry, true)} removes it. While exported it answers
     * calls to the well-known registry object that arrive on {@code port}. Until the TCP
     * technology listens per port, calls arrive where the node listens, and the first
     * registry created that is still exported answers them.
     *
     * @throws java.rmi.server.ExportException if this node has a registry on {@code port} already
     * @since 1.2
     */
    Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf) throws RemoteException;

    /**
     * A reference to the registry of the node at {@code host:port}. Cheap: no network
     * traffic until the first call.
     */
    Registry registry(String host, int port) throws RemoteException;

    /**
     * A reference to the registry at {@code host:port} whose connections {@code csf} makes
     * ({@code null}: the technology's own), as {@code java.rmi}'s
     * {@code LocateRegistry.getRegistry(host, port, csf)}.
     *
     * @since 1.2
     */
    Registry registry(String host, int port, RMIClientSocketFactory csf) throws RemoteException;

    /**
     * The host of the client whose remote call the current thread is running, as text (an IP
     * address), as {@link java.rmi.server.RemoteServer#getClientHost()} returns it; a call
     * through the local short-cut comes from the loopback address.
     *
     * @throws ServerNotActiveException if the current thread is not running a remote call
     * @since 1.2
     */
    String clientHost() throws ServerNotActiveException;

    /**
     * Looks up a name given as a URL {@code karmi://host:port/name} (or {@code rmi://},
     * or {@code //host:port/name}, in every form {@link RegistryUrl} accepts); host and port
     * default to this host and {@link Registry#REGISTRY_PORT}. A URL without a name
     * ({@code rmi://host:port/}) returns the registry itself, as {@link java.rmi.Naming#lookup}
     * does.
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

    /**
     * What each distributed collector of this node cost and collected, by collector name:
     * messages and bytes it sent and received, objects it found unreferenced. Empty when the
     * node runs no collector.
     *
     * @since 1.3
     */
    default Map<String, org.karmi.spi.dgc.CollectorStatistics> collectorStatistics() {
        return Map.of();
    }

    /**
     * This node's exported objects, registries included, in export order: a snapshot for people
     * and health checks (the shell's {@code karmi:exports}).
     *
     * @since 1.3
     */
    default List<ExportInfo> exports() {
        return List.of();
    }

    /**
     * The serializers this node marshals with, as {@code name/version}: the first is preferred
     * for the connections it opens and for local calls, the others are offered to peers that
     * lack it (docs/PROTOCOL.md §3.2). Open connections keep the one their handshake agreed.
     *
     * @since 1.4
     */
    default List<String> serializers() {
        return List.of();
    }
}
