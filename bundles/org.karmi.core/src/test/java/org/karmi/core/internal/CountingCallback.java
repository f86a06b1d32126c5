package org.karmi.core.internal;

import java.io.Serializable;

/** A serializable {@link Callback} that counts its calls: by value unless exported. */
public final class CountingCallback implements Callback, Serializable {
    private static final long serialVersionUID = 1L;

    int calls;

    @Override
    public int call(int n) {
        calls++;
        return n * 3;
    }
}
