package org.karmi.serial.model;

import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** The paper's "4 int 2 null" object. */
@Marshalled
public class Int4Null2 implements Serializable {
    private static final long serialVersionUID = 1L;
    public int a;
    public int b;
    public int c;
    public int d;
    public Object p;
    public Object q;

    public Int4Null2() {
    }

    public Int4Null2(int a, int b, int c, int d) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
    }
}
