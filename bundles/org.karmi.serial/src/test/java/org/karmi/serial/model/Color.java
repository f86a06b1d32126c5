package org.karmi.serial.model;

/** An enum with a constant that has a body (its own class). */
public enum Color {
    RED, GREEN {
        @Override
        public String toString() {
            return "green";
        }
    }, BLUE
}
