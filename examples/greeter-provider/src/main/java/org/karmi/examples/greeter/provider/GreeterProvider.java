package org.karmi.examples.greeter.provider;

import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.examples.greeter.Greeter;
import org.karmi.examples.greeter.Greeting;
import org.osgi.service.component.annotations.Component;

/**
 * The example Greeter, registered for OSGi Remote Services: {@code service.exported.interfaces=*}
 * asks the topology manager to export it, {@code service.exported.configs=org.karmi} asks for
 * KaRMI's distribution provider. Nothing else here knows about remoting. Calls may arrive on
 * several threads at once; the counter is the only state.
 */
@Component(property = {
        "service.exported.interfaces=*",
        "service.exported.configs=org.karmi" })
public class GreeterProvider implements Greeter {

    private final AtomicInteger made = new AtomicInteger();

    @Override
    public String greet(String name) {
        made.incrementAndGet();
        return "Hello, " + name + "!";
    }

    @Override
    public Greeting greeting(String name) {
        Greeting g = new Greeting();
        g.to = name;
        g.text = "Hello, " + name + "!";
        g.madeByPid = ProcessHandle.current().pid();
        g.number = made.incrementAndGet();
        return g;
    }
}
