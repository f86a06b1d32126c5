package org.karmi.serial.hooks;

import java.io.Serializable;

/** writeReplace sends a serial form; its readResolve rebuilds the object. */
public class Replaced implements Serializable {
    private static final long serialVersionUID = 1L;
    public final String text;
    public transient boolean viaSerialForm;

    public Replaced(String text) {
        this.text = text;
    }

    private Object writeReplace() {
        return new Form(text);
    }

    /** The serial form. */
    static final class Form implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String t;

        Form(String t) {
            this.t = t;
        }

        private Object readResolve() {
            Replaced r = new Replaced(t);
            r.viaSerialForm = true;
            return r;
        }
    }
}
