package org.karmi.serial.model;

import java.io.Serializable;
import java.util.Random;

import org.karmi.serial.spi.Marshalled;

/** The paper's "32 int" object. */
@Marshalled
public class Int32 implements Serializable {
    private static final long serialVersionUID = 1L;
    public int a0;
    public int a1;
    public int a2;
    public int a3;
    public int a4;
    public int a5;
    public int a6;
    public int a7;
    public int a8;
    public int a9;
    public int a10;
    public int a11;
    public int a12;
    public int a13;
    public int a14;
    public int a15;
    public int a16;
    public int a17;
    public int a18;
    public int a19;
    public int a20;
    public int a21;
    public int a22;
    public int a23;
    public int a24;
    public int a25;
    public int a26;
    public int a27;
    public int a28;
    public int a29;
    public int a30;
    public int a31;

    public static Int32 random(Random r) {
        Int32 v = new Int32();
        v.a0 = r.nextInt();
        v.a1 = r.nextInt();
        v.a2 = r.nextInt();
        v.a3 = r.nextInt();
        v.a4 = r.nextInt();
        v.a5 = r.nextInt();
        v.a6 = r.nextInt();
        v.a7 = r.nextInt();
        v.a8 = r.nextInt();
        v.a9 = r.nextInt();
        v.a10 = r.nextInt();
        v.a11 = r.nextInt();
        v.a12 = r.nextInt();
        v.a13 = r.nextInt();
        v.a14 = r.nextInt();
        v.a15 = r.nextInt();
        v.a16 = r.nextInt();
        v.a17 = r.nextInt();
        v.a18 = r.nextInt();
        v.a19 = r.nextInt();
        v.a20 = r.nextInt();
        v.a21 = r.nextInt();
        v.a22 = r.nextInt();
        v.a23 = r.nextInt();
        v.a24 = r.nextInt();
        v.a25 = r.nextInt();
        v.a26 = r.nextInt();
        v.a27 = r.nextInt();
        v.a28 = r.nextInt();
        v.a29 = r.nextInt();
        v.a30 = r.nextInt();
        v.a31 = r.nextInt();
        return v;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Int32)) {
            return false;
        }
        Int32 o = (Int32) other;
        return a0 == o.a0 && a1 == o.a1 && a2 == o.a2 && a3 == o.a3 && a4 == o.a4 && a5 == o.a5 && a6 == o.a6 && a7 == o.a7 && a8 == o.a8 && a9 == o.a9 && a10 == o.a10 && a11 == o.a11 && a12 == o.a12 && a13 == o.a13 && a14 == o.a14 && a15 == o.a15 && a16 == o.a16 && a17 == o.a17 && a18 == o.a18 && a19 == o.a19 && a20 == o.a20 && a21 == o.a21 && a22 == o.a22 && a23 == o.a23 && a24 == o.a24 && a25 == o.a25 && a26 == o.a26 && a27 == o.a27 && a28 == o.a28 && a29 == o.a29 && a30 == o.a30 && a31 == o.a31;
    }

    @Override
    public int hashCode() {
        return a0 * 31 + a31;
    }
}
