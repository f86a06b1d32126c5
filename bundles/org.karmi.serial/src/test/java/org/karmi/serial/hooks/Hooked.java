package org.karmi.serial.hooks;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** writeObject/readObject: sends a checksum and rebuilds a transient field. */
public class Hooked implements Serializable {
    private static final long serialVersionUID = 1L;
    public int value;
    public transient int doubled;
    public transient int checksumSeen;

    public Hooked(int value) {
        this.value = value;
        this.doubled = value * 2;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(value ^ 0x5A5A);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        checksumSeen = in.readInt() ^ 0x5A5A;
        doubled = value * 2;
    }
}
