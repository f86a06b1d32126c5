package org.karmi.serial.model;

import java.io.Serializable;
import java.util.Objects;

import org.karmi.serial.spi.Marshalled;

/**
 * Primitive fields only, of every width, private and final among them, and no no-arg
 * constructor: the generated marshaller reads it with the block's bounds checked before the
 * object exists, through VarHandles, a final-field setter and the Instantiator.
 */
@Marshalled
public class Flat implements Serializable {
    private static final long serialVersionUID = 1L;
    private final long id;
    private double weight;
    public byte small;
    private boolean flag;
    public char tag;
    final int count;
    short medium;
    public float ratio;

    public Flat(long id, double weight, byte small, boolean flag, char tag, int count, short medium, float ratio) {
        this.id = id;
        this.weight = weight;
        this.small = small;
        this.flag = flag;
        this.tag = tag;
        this.count = count;
        this.medium = medium;
        this.ratio = ratio;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Flat f && f.id == id && Double.compare(f.weight, weight) == 0 && f.small == small
                && f.flag == flag && f.tag == tag && f.count == count && f.medium == medium
                && Float.compare(f.ratio, ratio) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, weight, small, flag, tag, count, medium, ratio);
    }

    @Override
    public String toString() {
        return "Flat[" + id + ", " + weight + ", " + small + ", " + flag + ", " + (int) tag + ", " + count + ", "
                + medium + ", " + ratio + "]";
    }
}
