package org.karmi.bench.runner.args;

import java.io.Serial;
import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** An object with 32 {@code int} values. */
@Marshalled
public final class Int32 implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public int i0;
    public int i1;
    public int i2;
    public int i3;
    public int i4;
    public int i5;
    public int i6;
    public int i7;
    public int i8;
    public int i9;
    public int i10;
    public int i11;
    public int i12;
    public int i13;
    public int i14;
    public int i15;
    public int i16;
    public int i17;
    public int i18;
    public int i19;
    public int i20;
    public int i21;
    public int i22;
    public int i23;
    public int i24;
    public int i25;
    public int i26;
    public int i27;
    public int i28;
    public int i29;
    public int i30;
    public int i31;

    public Int32() {
    }

    public Int32(int seed) {
        i0 = seed + 0;
        i1 = seed + 1;
        i2 = seed + 2;
        i3 = seed + 3;
        i4 = seed + 4;
        i5 = seed + 5;
        i6 = seed + 6;
        i7 = seed + 7;
        i8 = seed + 8;
        i9 = seed + 9;
        i10 = seed + 10;
        i11 = seed + 11;
        i12 = seed + 12;
        i13 = seed + 13;
        i14 = seed + 14;
        i15 = seed + 15;
        i16 = seed + 16;
        i17 = seed + 17;
        i18 = seed + 18;
        i19 = seed + 19;
        i20 = seed + 20;
        i21 = seed + 21;
        i22 = seed + 22;
        i23 = seed + 23;
        i24 = seed + 24;
        i25 = seed + 25;
        i26 = seed + 26;
        i27 = seed + 27;
        i28 = seed + 28;
        i29 = seed + 29;
        i30 = seed + 30;
        i31 = seed + 31;
    }
}
