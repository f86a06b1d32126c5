package org.karmi.bench.runner.args;

import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/**
 * The papers' {@code 32 int} object: one object with 32 {@code int} fields, no
 * references. Plain {@link Serializable} with a public no-arg constructor (Kryo and Fory
 * instantiate through it; the UKA- and JDK serialization do not need it). Not thread-safe.
 */
@Marshalled
public final class Int32 implements Serializable {

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

    /** An object whose fields are all zero. */
    public Int32() {
        // fields set by the caller or by a deserializer
    }

    /** The benchmark's instance: field {@code k} holds {@link Values#intAt(int) Values.intAt(k)}. */
    public static Int32 sample() {
        Int32 o = new Int32();
        o.i0 = Values.intAt(0);
        o.i1 = Values.intAt(1);
        o.i2 = Values.intAt(2);
        o.i3 = Values.intAt(3);
        o.i4 = Values.intAt(4);
        o.i5 = Values.intAt(5);
        o.i6 = Values.intAt(6);
        o.i7 = Values.intAt(7);
        o.i8 = Values.intAt(8);
        o.i9 = Values.intAt(9);
        o.i10 = Values.intAt(10);
        o.i11 = Values.intAt(11);
        o.i12 = Values.intAt(12);
        o.i13 = Values.intAt(13);
        o.i14 = Values.intAt(14);
        o.i15 = Values.intAt(15);
        o.i16 = Values.intAt(16);
        o.i17 = Values.intAt(17);
        o.i18 = Values.intAt(18);
        o.i19 = Values.intAt(19);
        o.i20 = Values.intAt(20);
        o.i21 = Values.intAt(21);
        o.i22 = Values.intAt(22);
        o.i23 = Values.intAt(23);
        o.i24 = Values.intAt(24);
        o.i25 = Values.intAt(25);
        o.i26 = Values.intAt(26);
        o.i27 = Values.intAt(27);
        o.i28 = Values.intAt(28);
        o.i29 = Values.intAt(29);
        o.i30 = Values.intAt(30);
        o.i31 = Values.intAt(31);
        return o;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Int32)) {
            return false;
        }
        Int32 o = (Int32) other;
        return i0 == o.i0
                && i1 == o.i1
                && i2 == o.i2
                && i3 == o.i3
                && i4 == o.i4
                && i5 == o.i5
                && i6 == o.i6
                && i7 == o.i7
                && i8 == o.i8
                && i9 == o.i9
                && i10 == o.i10
                && i11 == o.i11
                && i12 == o.i12
                && i13 == o.i13
                && i14 == o.i14
                && i15 == o.i15
                && i16 == o.i16
                && i17 == o.i17
                && i18 == o.i18
                && i19 == o.i19
                && i20 == o.i20
                && i21 == o.i21
                && i22 == o.i22
                && i23 == o.i23
                && i24 == o.i24
                && i25 == o.i25
                && i26 == o.i26
                && i27 == o.i27
                && i28 == o.i28
                && i29 == o.i29
                && i30 == o.i30
                && i31 == o.i31;
    }

    @Override
    public int hashCode() {
        int h = 1;
        h = 31 * h + i0;
        h = 31 * h + i1;
        h = 31 * h + i2;
        h = 31 * h + i3;
        h = 31 * h + i4;
        h = 31 * h + i5;
        h = 31 * h + i6;
        h = 31 * h + i7;
        h = 31 * h + i8;
        h = 31 * h + i9;
        h = 31 * h + i10;
        h = 31 * h + i11;
        h = 31 * h + i12;
        h = 31 * h + i13;
        h = 31 * h + i14;
        h = 31 * h + i15;
        h = 31 * h + i16;
        h = 31 * h + i17;
        h = 31 * h + i18;
        h = 31 * h + i19;
        h = 31 * h + i20;
        h = 31 * h + i21;
        h = 31 * h + i22;
        h = 31 * h + i23;
        h = 31 * h + i24;
        h = 31 * h + i25;
        h = 31 * h + i26;
        h = 31 * h + i27;
        h = 31 * h + i28;
        h = 31 * h + i29;
        h = 31 * h + i30;
        h = 31 * h + i31;
        return h;
    }
}
