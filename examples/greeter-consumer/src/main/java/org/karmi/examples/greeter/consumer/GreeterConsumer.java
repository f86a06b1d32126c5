package org.karmi.examples.greeter.consumer;

import java.lang.System.Logger.Level;
import java.util.Map;

import org.karmi.examples.greeter.Greeter;
import org.karmi.examples.greeter.Greeting;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Uses a {@link Greeter} as any OSGi service: Declarative Services injects it once one is
 * registered, here the one the topology manager imported from another framework. At activation
 * it calls both methods and logs the answers (the node prints them on its console); the Gogo
 * command {@code greeter:greet <name>} calls again. Gogo's thread and SCR's may call at once;
 * the component holds no state besides the injected service.
 */
@Component(immediate = true, service = GreeterConsumer.class, property = {
        "osgi.command.scope=greeter",
        "osgi.command.function=greet" })
public class GreeterConsumer {

    private static final System.Logger LOG = System.getLogger(GreeterConsumer.class.getName());

    private volatile Greeter greeter;
    private volatile String origin;

    /** Static and mandatory: the component activates once a Greeter is there, and deactivates when it goes. */
    @Reference
    void bindGreeter(Greeter g, Map<String, Object> properties) {
        greeter = g;
        origin = properties.get("service.imported") != null
                ? "imported through " + text(properties.get("service.imported.configs"))
                : "local";
    }

    @Activate
    void activate() {
        String self = Long.toString(ProcessHandle.current().pid());
        LOG.log(Level.INFO, "Greeter found ({0}); this is process {1}", origin, self);
        LOG.log(Level.INFO, "greet(\"OSGi\") answered: {0}", greeter.greet("OSGi"));
        Greeting g = greeter.greeting("KaRMI");
        LOG.log(Level.INFO, "greeting(\"KaRMI\") answered: {0} (made in process {1}, this is {2})", g.text,
                Long.toString(g.madeByPid), self);
    }

    @Deactivate
    void deactivate() {
        LOG.log(Level.INFO, "Greeter gone");
    }

    private static String text(Object value) {
        return value instanceof String[] a ? String.join(",", a) : String.valueOf(value);
    }

    /** Gogo: {@code greeter:greet Ada} prints the provider's answer. */
    public String greet(String name) {
        Greeting g = greeter.greeting(name);
        return g.text + " (greeting number " + g.number + ", made in process " + g.madeByPid + ")";
    }
}
