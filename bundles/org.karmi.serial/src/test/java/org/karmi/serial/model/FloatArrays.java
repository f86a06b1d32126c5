package org.karmi.serial.model;

import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** Holds float and double arrays (the paper's float[n] argument, inside an object). */
@Marshalled
public class FloatArrays implements Serializable {
    private static final long serialVersionUID = 1L;
    public float[] floats;
    public double[] doubles;
}
