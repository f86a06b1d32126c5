package org.karmi.serial.model;

import java.io.Serializable;

/** A record. */
public record Point(int x, int y, String label) implements Serializable {
}
