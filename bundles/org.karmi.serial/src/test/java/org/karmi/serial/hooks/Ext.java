package org.karmi.serial.hooks;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/** Externalizable: the public no-arg constructor runs, then readExternal. */
public class Ext implements Externalizable {
    private static final long serialVersionUID = 1L;
    public String name;
    public long number;
    public boolean constructed;

    public Ext() {
        constructed = true;
    }

    public Ext(String name, long number) {
        this.name = name;
        this.number = number;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeUTF(name);
        out.writeLong(number);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        name = in.readUTF();
        number = in.readLong();
    }
}
