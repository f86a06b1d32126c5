package org.karmi.serial.model;

import java.io.Serializable;

/** A serializable superclass (not annotated) with its own fields, one of them private and final. */
public abstract class GBase extends NotSerializableRoot implements Serializable {
    private static final long serialVersionUID = 1L;
    private final long baseId;
    protected Object shared;

    protected GBase(long baseId) {
        this.baseId = baseId;
    }

    public long baseId() {
        return baseId;
    }
}
