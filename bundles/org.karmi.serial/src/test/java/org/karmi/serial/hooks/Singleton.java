package org.karmi.serial.hooks;

import java.io.Serializable;

/** readResolve keeps the singleton unique. */
public final class Singleton implements Serializable {
    private static final long serialVersionUID = 1L;
    public static final Singleton INSTANCE = new Singleton();

    private Singleton() {
    }

    private Object readResolve() {
        return INSTANCE;
    }
}
