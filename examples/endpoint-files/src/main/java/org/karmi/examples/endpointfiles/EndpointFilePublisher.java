package org.karmi.examples.endpointfiles;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Hashtable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.EndpointEvent;
import org.osgi.service.remoteserviceadmin.EndpointEventListener;
import org.osgi.service.remoteserviceadmin.ExportReference;
import org.osgi.service.remoteserviceadmin.RemoteConstants;
import org.osgi.service.remoteserviceadmin.RemoteServiceAdmin;

/**
 * Publishes the endpoints this framework exports as files, a stand-in for a network discovery
 * when both nodes run on one host: each endpoint becomes
 * {@code org.apache.aries.rsa.discovery.config-<endpoint id>.config} in the directory named by the
 * framework or system property {@value #DIRECTORY_PROPERTY}. Point it at the File Install
 * directory of another node running Aries' config discovery, and that node's topology manager
 * imports the endpoint. Every endpoint event of this framework makes it compare the files with
 * what the Remote Service Admins export now (the events only trigger: a late event for an
 * endpoint already gone writes nothing): a new or changed endpoint is written (atomically), a
 * file of an endpoint no longer exported is deleted, and so are all its files when this
 * component deactivates (the framework stopping), so that the importing node drops the service.
 * Not for production: across hosts use a network discovery (Aries' ZooKeeper discovery).
 * Listener calls may come on any thread; the comparison runs under this object's lock.
 */
@Component(immediate = true, service = {})
public class EndpointFilePublisher implements EndpointEventListener {

    /** Framework or system property naming the directory the endpoint files go to. */
    public static final String DIRECTORY_PROPERTY = "karmi.examples.endpoints";

    static final String CONFIG_DISCOVERY_PID = "org.apache.aries.rsa.discovery.config";

    private static final System.Logger LOG = System.getLogger(EndpointFilePublisher.class.getName());

    @Reference(policy = ReferencePolicy.DYNAMIC)
    private volatile List<RemoteServiceAdmin> admins;

    /** The files written and not deleted since, with their text. */
    private final Map<Path, String> written = new HashMap<>();
    private Path directory;
    private String frameworkUuid;
    private ServiceRegistration<EndpointEventListener> registration;

    @Activate
    void activate(BundleContext context) {
        String dir = context.getProperty(DIRECTORY_PROPERTY);
        if (dir == null || dir.isBlank()) {
            LOG.log(Level.WARNING, "{0} not set: the endpoints this node exports are not written anywhere",
                    DIRECTORY_PROPERTY);
            return;
        }
        directory = Path.of(dir).toAbsolutePath();
        frameworkUuid = context.getProperty("org.osgi.framework.uuid");
        // only this framework's own endpoints, not the ones it imports
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(ENDPOINT_LISTENER_SCOPE, "(" + RemoteConstants.ENDPOINT_FRAMEWORK_UUID + "=" + frameworkUuid + ")");
        registration = context.registerService(EndpointEventListener.class, this, props);
        LOG.log(Level.INFO, "writing the endpoints this node exports to {0}", directory);
    }

    @Deactivate
    synchronized void deactivate() {
        if (registration != null) {
            registration.unregister();
        }
        for (Path f : List.copyOf(written.keySet())) {
            delete(f);
        }
        directory = null; // an event still on its way writes nothing
    }

    @Override
    public void endpointChanged(EndpointEvent event, String filter) {
        reconcile();
    }

    /** Makes the directory hold exactly the endpoints this framework exports now. */
    private synchronized void reconcile() {
        if (directory == null) {
            return;
        }
        Map<Path, EndpointDescription> current = new HashMap<>();
        for (RemoteServiceAdmin admin : admins) {
            for (ExportReference r : admin.getExportedServices()) {
                EndpointDescription d = r.getExportedEndpoint();
                if (d != null && frameworkUuid.equals(d.getFrameworkUUID())) {
                    current.put(directory.resolve(fileName(d.getId())), d);
                }
            }
        }
        for (Path f : List.copyOf(written.keySet())) {
            if (!current.containsKey(f)) {
                delete(f);
            }
        }
        for (Map.Entry<Path, EndpointDescription> e : current.entrySet()) {
            write(e.getKey(), e.getValue());
        }
    }

    private void write(Path file, EndpointDescription d) {
        String text = ConfigFileFormat.write("endpoint " + d.getId() + " of " + d.getInterfaces()
                + ", written by org.karmi.examples endpoint-files", d.getProperties());
        if (text.equals(written.get(file))) {
            return;
        }
        // the temporary name ends neither in .config nor in .jar, so File Install leaves it alone
        Path tmp = directory.resolve("." + file.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            written.put(file, text);
            LOG.log(Level.INFO, "endpoint {0} ({1}) written to {2}", d.getId(), String.join(",", d.getInterfaces()), file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "endpoint " + d.getId() + " not written to " + file, e);
        }
    }

    /** File Install's name for a factory configuration of the config discovery: {@code <factory pid>-<name>.config}. */
    static String fileName(String endpointId) {
        return CONFIG_DISCOVERY_PID + "-" + endpointId.replaceAll("[^A-Za-z0-9._]", "_") + ".config";
    }

    private void delete(Path file) {
        try {
            if (Files.deleteIfExists(file)) {
                LOG.log(Level.INFO, "endpoint file {0} removed", file);
            }
            written.remove(file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "endpoint file " + file + " not removed", e);
        }
    }
}
