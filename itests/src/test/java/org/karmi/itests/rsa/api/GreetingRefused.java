package org.karmi.itests.rsa.api;

/** The checked exception {@link Greeter#refuse} declares. */
public class GreetingRefused extends Exception {

    private static final long serialVersionUID = 1L;

    public GreetingRefused(String message) {
        super(message);
    }
}
