package org.karmi.serial.model;

import org.karmi.serial.spi.Marshalled;

/** A subclass with one field of every primitive type. */
@Marshalled
public class GNodeSub extends GNode {
    private static final long serialVersionUID = 1L;
    public double weight;
    public char tag;
    public boolean flag;
    public byte small;
    public short medium;
    public float ratio;
    private final int secret;

    public GNodeSub(long id, int secret) {
        super(id);
        this.secret = secret;
    }

    public int secret() {
        return secret;
    }
}
