package org.karmi.bench.runner.node;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.registry.LocateRegistry;
import org.karmi.registry.Registry;
import org.karmi.server.UnicastRemoteObject;
import org.karmi.spi.dgc.CollectorStatistics;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/**
 * Configurations (2) to (4): KaRMI, created outside OSGi through the public API only
 * ({@link Karmi#runtime()}), configured by the {@code karmi.*} system properties the runner
 * put on this JVM's command line. {@link #start} refuses to run a configuration whose
 * parts are missing (the wanted serializer or technology), so nothing is faked.
 */
public final class KarmiRmi implements RmiSystem {

    private final String serializer;
    private final String technology;
    private RemoteRuntime runtime;
    private final List<Remote> exported = new ArrayList<>();

    /**
     * @param serializer the serializer the configuration needs ({@code jdk} or {@code uka})
     * @param technology the technology the configuration needs first ({@code tcp} or {@code parastation})
     */
    public KarmiRmi(String serializer, String technology) {
        this.serializer = serializer;
        this.technology = technology;
    }

    @Override
    public String start(int port) throws Exception {
        List<String> serializers = new ArrayList<>();
        for (Serializer s : ServiceLoader.load(Serializer.class, KarmiRmi.class.getClassLoader())) {
            serializers.add(s.name());
        }
        if (!serializers.contains(serializer)) {
            throw new IllegalStateException("no KaRMI serializer '" + serializer + "' on the class path (found "
                    + serializers + ")");
        }
        runtime = Karmi.runtime();
        List<String> technologies = runtime.localUtids().stream().map(Utid::technology).collect(Collectors.toList());
        if (technologies.isEmpty() || !technologies.get(0).equals(technology)) {
            throw new IllegalStateException("KaRMI node started without '" + technology
                    + "' as its preferred technology (it has " + technologies + ")");
        }
        return "KaRMI node " + Long.toHexString(runtime.nodeId()) + " serializer " + serializer
                + ", technologies " + runtime.localUtids();
    }

    @Override
    public Remote export(Remote impl) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(impl);
        exported.add(impl);
        return stub;
    }

    @Override
    public Remote exportCounted(Remote impl) throws Exception {
        return export(impl);
    }

    @Override
    public void bind(String name, Remote stub) throws Exception {
        // the node's own registry: createRegistry makes a new one per call, refused on a port that has one (java.rmi)
        runtime.registry().rebind(name, stub);
    }

    @Override
    public Remote lookup(int port, String name) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        return registry.lookup(name);
    }

    /**
     * KaRMI's own counters ({@link RemoteRuntime#statistics()}), summed over the technologies
     * this node runs: bytes written and read (framing included) and calls sent, each call one
     * round trip; the calls are also kept per technology, which tells which one carried them.
     */
    @Override
    public WireCounters wire() {
        if (runtime == null) {
            return null;
        }
        long sent = 0;
        long received = 0;
        long calls = 0;
        Map<String, Long> byTechnology = new LinkedHashMap<>();
        for (Map.Entry<String, TechnologyStatistics> e : runtime.statistics().entrySet()) {
            TechnologyStatistics t = e.getValue();
            sent += t.bytesSent();
            received += t.bytesReceived();
            calls += t.callsSent();
            byTechnology.put(e.getKey(), t.callsSent());
        }
        long collectorMessages = 0;
        long collectorBytes = 0;
        for (CollectorStatistics c : runtime.collectorStatistics().values()) {
            collectorMessages += c.messagesSent() + c.messagesReceived();
            collectorBytes += c.bytesSent() + c.bytesReceived();
        }
        return new WireCounters(sent, received, calls, "RemoteRuntime.statistics()", byTechnology, collectorMessages,
                collectorBytes);
    }

    @Override
    public void close() {
        for (Remote r : exported) {
            try {
                UnicastRemoteObject.unexportObject(r, true);
            } catch (NoSuchObjectException e) {
                // already gone
            }
        }
    }
}
