package org.karmi.itests.rsa.api;

import java.io.Serializable;

/** A DTO with public fields, as OSGi DTOs are (and {@link Serializable}, which the uka serializer requires). */
public class Greeting implements Serializable {

    private static final long serialVersionUID = 1L;

    public String text;
    public int count;
    public String[] tags;
}
