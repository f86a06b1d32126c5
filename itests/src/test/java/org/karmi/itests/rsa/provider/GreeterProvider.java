package org.karmi.itests.rsa.provider;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Hashtable;

import org.karmi.itests.rsa.api.Greeter;
import org.karmi.itests.rsa.api.Greeting;
import org.karmi.itests.rsa.api.GreetingRefused;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.EndpointEvent;
import org.osgi.service.remoteserviceadmin.EndpointEventListener;

/**
 * The provider bundle RemoteServicesIT deploys into a second node (a separate JVM): registers a
 * {@link Greeter} with {@code service.exported.interfaces=*} and {@code service.exported.configs=org.karmi},
 * a second one asking for the unsupported intent {@code osgi.confidential}, and an endpoint
 * listener that writes each endpoint this framework exports (Java-serialized properties) into the
 * directory named by {@code karmi.it.endpoints}, where the test picks it up as a discovery would
 * (and deletes it when the endpoint goes).
 */
public final class GreeterProvider implements BundleActivator, EndpointEventListener {

    private Path directory;

    @Override
    public void start(BundleContext context) {
        directory = Path.of(System.getProperty("karmi.it.endpoints"));
        Hashtable<String, Object> listener = new Hashtable<>();
        listener.put(EndpointEventListener.ENDPOINT_LISTENER_SCOPE,
                "(endpoint.framework.uuid=" + context.getProperty("org.osgi.framework.uuid") + ")");
        context.registerService(EndpointEventListener.class, this, listener);

        Hashtable<String, Object> exported = new Hashtable<>();
        exported.put("service.exported.interfaces", "*");
        exported.put("service.exported.configs", "org.karmi");
        exported.put("greeter", "plain");
        context.registerService(Greeter.class, new GreeterImpl(), exported);

        Hashtable<String, Object> confidential = new Hashtable<>(exported);
        confidential.put("service.exported.intents", "osgi.confidential");
        confidential.put("greeter", "confidential");
        context.registerService(Greeter.class, new GreeterImpl(), confidential);
    }

    @Override
    public void stop(BundleContext context) {
        // the framework unregisters the services; the topology manager then removes the endpoints
    }

    @Override
    public void endpointChanged(EndpointEvent event, String filter) {
        EndpointDescription d = event.getEndpoint();
        Path file = directory.resolve(d.getId().replaceAll("[^A-Za-z0-9]", "_") + ".endpoint");
        try {
            if (event.getType() == EndpointEvent.REMOVED) {
                Files.deleteIfExists(file);
                return;
            }
            Path tmp = directory.resolve(file.getFileName() + ".tmp");
            try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(tmp))) {
                out.writeObject(new HashMap<String, Object>(d.getProperties()));
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The service. */
    static final class GreeterImpl implements Greeter {
        @Override
        public String hello(String name) {
            return "Hello, " + name;
        }

        @Override
        public Greeting greet(Greeting greeting) {
            Greeting out = new Greeting();
            out.text = greeting.text.toUpperCase();
            out.count = greeting.count + 1;
            out.tags = greeting.tags;
            return out;
        }

        @Override
        public String refuse(String why) throws GreetingRefused {
            throw new GreetingRefused(why);
        }
    }
}
