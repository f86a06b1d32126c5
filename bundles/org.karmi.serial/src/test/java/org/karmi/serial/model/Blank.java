package org.karmi.serial.model;

import java.io.Serializable;

/** A class without fields: once its class is defined, one byte an instance, the densest element a collection can carry. */
public class Blank implements Serializable {
    private static final long serialVersionUID = 1L;
}
