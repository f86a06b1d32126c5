package org.karmi.itests.rsa.api;

/** The plain service interface (not {@code java.rmi.Remote}) RemoteServicesIT exports from one node and imports in another. */
public interface Greeter {

    /** {@code "Hello, " + name}. */
    String hello(String name);

    /** The greeting with its text upper-cased and its count plus one. */
    Greeting greet(Greeting greeting);

    /** Always throws {@link GreetingRefused} with {@code why} as its message. */
    String refuse(String why) throws GreetingRefused;
}
