package org.karmi.bench.runner.apps;

import java.io.Serial;
import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/**
 * A paraffin molecule C(n)H(2n+2) in canonical form: bond-centred (two radicals of size
 * n/2 joined by a bond) or carbon-centred (a carbon with four radicals each smaller than n/2).
 */
@Marshalled
public final class Paraffin implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The radicals: two (bond-centred) or four (carbon-centred). */
    public Radical[] parts;

    public Paraffin() {
    }

    public Paraffin(Radical... parts) {
        this.parts = parts;
    }

    /** Number of carbon atoms. */
    public int size() {
        int n = parts.length == 4 ? 1 : 0;
        for (Radical r : parts) {
            n += r.size;
        }
        return n;
    }

    /** A canonical text: {@code BCP[r0,r1]} or {@code CCP[r0,r1,r2,r3]}. */
    public String canonical() {
        StringBuilder out = new StringBuilder(parts.length == 2 ? "BCP[" : "CCP[");
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            parts[i].appendTo(out);
        }
        return out.append(']').toString();
    }
}
