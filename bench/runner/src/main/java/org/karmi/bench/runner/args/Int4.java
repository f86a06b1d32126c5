package org.karmi.bench.runner.args;

import java.io.Serial;
import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** An object with 4 {@code int} values. */
@Marshalled
public final class Int4 implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public int i0;
    public int i1;
    public int i2;
    public int i3;

    public Int4() {
    }

    public Int4(int seed) {
        i0 = seed;
        i1 = seed + 1;
        i2 = seed + 2;
        i3 = seed + 3;
    }
}
