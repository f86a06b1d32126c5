package org.karmi.itests.serialpayload;

import java.io.Serializable;
import java.util.Objects;

/**
 * Payload of {@code SerialBundleClassIT}: its class file is copied into a second bundle built
 * by the test, so that the copy there is a class the probe cannot see. Depends on
 * {@code java.*} only. Not thread-safe.
 */
public final class SerialParcel implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int number;
    private final String label;
    private SerialParcel self;

    public SerialParcel(int number, String label) {
        this.number = number;
        this.label = label;
        this.self = this;
    }

    /** Whether the cycle through {@code self} came back as the same object. */
    public boolean cycleKept() {
        return self == this;
    }

    @Override
    public boolean equals(Object o) {
        if (o == null || o.getClass() != getClass()) {
            return false;
        }
        SerialParcel p = (SerialParcel) o;
        return number == p.number && Objects.equals(label, p.label);
    }

    @Override
    public int hashCode() {
        return number * 31 + Objects.hashCode(label);
    }
}
