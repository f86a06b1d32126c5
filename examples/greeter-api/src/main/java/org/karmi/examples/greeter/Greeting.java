package org.karmi.examples.greeter;

import java.io.Serializable;

/**
 * A greeting as data: a DTO with public fields, as OSGi DTOs are. It is {@link Serializable},
 * which KaRMI's uka serializer requires of values; as a type the interface declares, it needs no
 * allow-list entry.
 */
public class Greeting implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Whom it greets. */
    public String to;
    /** What it says. */
    public String text;
    /** The process id of the JVM that made it. */
    public long madeByPid;
    /** How many greetings that provider had made, this one included. */
    public int number;

    @Override
    public String toString() {
        return "Greeting{to=" + to + ", text=" + text + ", madeByPid=" + madeByPid + ", number=" + number + "}";
    }
}
