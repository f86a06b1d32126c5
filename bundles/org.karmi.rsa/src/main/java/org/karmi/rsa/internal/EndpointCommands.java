package org.karmi.rsa.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.apache.aries.rsa.spi.DistributionProvider;
import org.apache.felix.service.command.Descriptor;
import org.karmi.shell.table.Table;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.RemoteConstants;

/**
 * The Gogo command {@code karmi:endpoints}: the endpoints this provider exported and the
 * services imported over it (registered by Aries' Remote Service Admin with
 * {@code service.imported.configs=org.karmi}), one row each: direction, endpoint id,
 * interfaces, the exporting node, the intents, and the calls made through it since the
 * provider started. The Gogo API is an optional import: without a shell the descriptions are
 * not loaded and nothing calls this. Thread-safe: every call reads a snapshot.
 */
@Component(service = Object.class, property = {"osgi.command.scope=karmi", "osgi.command.function=endpoints"})
public final class EndpointCommands {

    /** The imported services of this provider's configuration type. */
    static final String IMPORTED_FILTER = "(&(" + RemoteConstants.SERVICE_IMPORTED + "=*)("
            + RemoteConstants.SERVICE_IMPORTED_CONFIGS + "=" + KarmiEndpoints.CONFIG_TYPE + "))";

    private final KarmiDistributionProvider provider;
    private final BundleContext context;

    @Activate
    public EndpointCommands(@Reference(target = "(" + RemoteConstants.REMOTE_CONFIGS_SUPPORTED + "="
            + KarmiEndpoints.CONFIG_TYPE + ")") DistributionProvider provider, BundleContext context) {
        this.provider = (KarmiDistributionProvider) provider;
        this.context = context;
    }

    @Descriptor("the endpoints exported and imported over KaRMI: direction, endpoint id, interfaces, node, intents, calls")
    public String endpoints() {
        List<ServiceReference<?>> imported = new ArrayList<>();
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(null, IMPORTED_FILTER);
            if (refs != null) {
                imported.addAll(Arrays.asList(refs));
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e); // a constant
        }
        imported.sort(Comparator.comparing(r -> String.valueOf(r.getProperty(RemoteConstants.ENDPOINT_ID))));
        List<KarmiEndpoint> exported = new ArrayList<>(provider.exportedEndpoints());
        exported.sort(Comparator.comparing(e -> e.description().getId()));
        return table(exported, imported);
    }

    /** The table for these exports and imported services' references. */
    String table(List<KarmiEndpoint> exported, List<ServiceReference<?>> imported) {
        if (exported.isEmpty() && imported.isEmpty()) {
            return "no endpoints exported or imported over KaRMI\n";
        }
        Table t = new Table("dir", "endpoint", "interfaces", "node", "intents", ">calls");
        for (KarmiEndpoint e : exported) {
            EndpointDescription d = e.description();
            t.row("export", d.getId(), String.join(",", d.getInterfaces()), d.getProperties().get(KarmiEndpoints.NODE),
                    String.join(",", d.getIntents()), e.calls());
        }
        for (ServiceReference<?> r : imported) {
            String id = String.valueOf(r.getProperty(RemoteConstants.ENDPOINT_ID));
            t.row("import", id, String.join(",", KarmiEndpoints.strings(r.getProperty("objectClass"))),
                    r.getProperty(KarmiEndpoints.NODE),
                    String.join(",", KarmiEndpoints.strings(r.getProperty(RemoteConstants.SERVICE_INTENTS))),
                    provider.importCalls(id));
        }
        return t.toString();
    }
}
