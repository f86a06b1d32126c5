package org.karmi.serial.model;

/** The first non-serializable superclass: its no-arg constructor runs on deserialization, as under the JDK. */
public class NotSerializableRoot {
    public transient int rootMark;
    public int notSerialized;

    public NotSerializableRoot() {
        rootMark = 7;
    }
}
