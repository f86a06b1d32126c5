package org.karmi.bench.runner.apps;

import java.io.Serial;
import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/**
 * An alkyl radical: a hydrogen atom (size 0) or a carbon atom with three branches that are
 * radicals themselves. Radicals of one size are numbered; branches of equal size are kept in
 * non-decreasing number order, so every isomer is generated once. Radicals share their
 * branches: a set of radicals is an object graph with shared nodes.
 */
@Marshalled
public final class Radical implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The hydrogen radical. */
    public static final Radical HYDROGEN = new Radical(0, 0, null, null, null);

    /** Number of carbon atoms. */
    public int size;
    /** Number among the radicals of this size. */
    public int index;
    public Radical b0;
    public Radical b1;
    public Radical b2;

    public Radical() {
    }

    public Radical(int size, int index, Radical b0, Radical b1, Radical b2) {
        this.size = size;
        this.index = index;
        this.b0 = b0;
        this.b1 = b1;
        this.b2 = b2;
    }

    /** A canonical text: {@code H} or {@code C(b0,b1,b2)}. */
    public void appendTo(StringBuilder out) {
        if (size == 0) {
            out.append('H');
            return;
        }
        out.append("C(");
        b0.appendTo(out);
        out.append(',');
        b1.appendTo(out);
        out.append(',');
        b2.appendTo(out);
        out.append(')');
    }
}
