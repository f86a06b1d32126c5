package org.karmi.shell.internal;

import java.net.MalformedURLException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;

import org.apache.felix.service.command.Descriptor;
import org.karmi.RemoteRuntime;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Technology;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The Gogo commands of scope {@code karmi} ({@code karmi:node}, {@code karmi:stats}, {@code karmi:exports},
 * {@code karmi:connections},
 * {@code karmi:registry}, {@code karmi:ping}, {@code karmi:health}): a DS adapter that hands the runtime and the
 * services it sees to {@link NodeCommands}. Commands may run on several shell threads at once;
 * the service lists are volatile snapshots DS replaces.
 */
@Component(service = Object.class, property = {
        "osgi.command.scope=karmi",
        "osgi.command.function=node",
        "osgi.command.function=stats",
        "osgi.command.function=exports",
        "osgi.command.function=connections",
        "osgi.command.function=registry",
        "osgi.command.function=ping",
        "osgi.command.function=health"})
public final class KarmiCommands {

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    private volatile List<Technology> technologies = List.of();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, service = Serializer.class)
    private volatile List<ServiceReference<Serializer>> serializers = List.of();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            service = DistributedCollector.class)
    private volatile List<ServiceReference<DistributedCollector>> collectors = List.of();

    private final BundleContext context;
    private final RemoteRuntime runtime;
    private final NodeCommands commands;

    @Activate
    public KarmiCommands(@Reference RemoteRuntime runtime, BundleContext context) {
        this.context = context;
        this.runtime = runtime;
        this.commands = new NodeCommands(runtime, this::technologiesByName, this::serializerInfos, this::collectorNames);
    }

    @Descriptor("the node: id, serializers, collectors, and each technology's state and address")
    public String node() {
        return commands.node();
    }

    @Descriptor("traffic counters of each running technology")
    public String stats() {
        return commands.stats();
    }

    @Descriptor("every open connection: technology, direction, peer node and address, serializer, state, idle time")
    public String connections() {
        return commands.connections();
    }

    @Descriptor("this node's exported objects: class, interfaces, port, calls running, what the collectors decided")
    public String exports() {
        return commands.exports();
    }

    @Descriptor("the names bound in this node's registry, with their remote interfaces")
    public String registry() throws RemoteException {
        return commands.registry();
    }

    @Descriptor("the names bound in the registry at a URL (rmi://host:port/)")
    public String registry(@Descriptor("registry URL, or the word list") String url)
            throws RemoteException, MalformedURLException {
        return url.equals("list") ? commands.registry() : commands.registry(url);
    }

    @Descriptor("registry list <url> | registry lookup <name or URL>")
    public String registry(@Descriptor("list or lookup") String verb, @Descriptor("URL or name") String argument)
            throws RemoteException, MalformedURLException {
        switch (verb) {
            case "list":
                return commands.registry(argument);
            case "lookup":
                return commands.lookup(argument);
            default:
                throw new IllegalArgumentException("karmi:registry knows list and lookup, not " + verb);
        }
    }

    @Descriptor("checks that the node behind a URL answers (3 timed registry round trips)")
    public String ping(@Descriptor("rmi://host:port/name or rmi://host:port/") String url) throws MalformedURLException {
        return commands.ping(url, 3);
    }

    @Descriptor("checks that the node behind a URL answers, with count timed registry round trips")
    public String ping(@Descriptor("rmi://host:port/name or rmi://host:port/") String url,
            @Descriptor("round trips, 1 to 1000") int count) throws MalformedURLException {
        return commands.ping(url, count);
    }

    @Descriptor("the node's health: runtime, registry, each technology bundle's technology running and listening")
    public String health() {
        return TechnologyProviders.with(context, p -> NodeHealth.table(NodeHealth.check(runtime, p, DispatchThreads.of(context))));
    }

    private List<Technology> technologiesByName() {
        List<Technology> out = new ArrayList<>(technologies);
        out.sort(java.util.Comparator.comparing(Technology::name));
        return out;
    }

    private List<NodeCommands.SerializerInfo> serializerInfos() {
        List<String> offered = runtime.serializers(); // name/version, as the node offers them
        List<NodeCommands.SerializerInfo> out = new ArrayList<>();
        for (ServiceReference<Serializer> r : serializers) {
            Serializer s = context.getService(r);
            if (s == null) {
                continue;
            }
            try {
                Object ranking = r.getProperty(Constants.SERVICE_RANKING);
                out.add(new NodeCommands.SerializerInfo(s.name(), s.version(),
                        ranking instanceof Integer ? (Integer) ranking : 0,
                        offered.contains(s.name() + "/" + s.version())));
            } finally {
                context.ungetService(r);
            }
        }
        out.sort(java.util.Comparator.comparingInt(NodeCommands.SerializerInfo::ranking).reversed());
        return out;
    }

    private List<String> collectorNames() {
        List<String> names = new ArrayList<>();
        for (ServiceReference<DistributedCollector> r : collectors) {
            names.add(String.valueOf(r.getProperty(DistributedCollector.PROPERTY_NAME)));
        }
        names.sort(null);
        return names;
    }
}
