package org.karmi.core.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A by-value argument. */
public class Box implements Serializable {
    private static final long serialVersionUID = 1L;
    public int value;
    public List<String> items = new ArrayList<>();

    public Box(int value) {
        this.value = value;
    }
}
