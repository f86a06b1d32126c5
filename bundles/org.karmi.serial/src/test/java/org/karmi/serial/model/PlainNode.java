package org.karmi.serial.model;

import java.io.Serializable;

/** Not annotated: always marshalled by the run-time marshaller. */
public class PlainNode implements Serializable {
    private static final long serialVersionUID = 1L;
    private int x;
    private final String label;
    private PlainNode other;
    private transient String scratch = "scratch";

    public PlainNode(int x, String label) {
        this.x = x;
        this.label = label;
    }

    public int x() {
        return x;
    }

    public String label() {
        return label;
    }

    public PlainNode other() {
        return other;
    }

    public void setOther(PlainNode o) {
        other = o;
    }

    public String scratch() {
        return scratch;
    }
}
