package org.karmi.serial.model;

import java.io.Serializable;
import java.util.List;

import org.karmi.serial.spi.Marshalled;

/**
 * A graph node with every kind of field: private final, transient, references of declared and
 * of general type; no no-arg constructor. Identity equality (graphs are compared structurally).
 */
@Marshalled
public class GNode extends GBase implements Serializable {
    private static final long serialVersionUID = 1L;
    private final long id;
    public String name;
    public int value;
    public GNode next;
    public Object payload;
    public List<Object> children;
    public transient int cache = 42;

    public GNode(long id) {
        super(id * 2);
        this.id = id;
    }

    public long id() {
        return id;
    }
}
