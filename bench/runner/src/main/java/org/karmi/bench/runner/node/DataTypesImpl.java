package org.karmi.bench.runner.node;

import org.karmi.bench.runner.remote.DataTypes;

/** The CORBA paper's typed getters. Thread-safe. */
public final class DataTypesImpl implements DataTypes {

    private volatile String text = "x";

    @Override
    public boolean getBoolean() {
        return true;
    }

    @Override
    public int getInt() {
        return 123_456;
    }

    @Override
    public long getLong() {
        return 1_234_567_890_123L;
    }

    @Override
    public float getFloat() {
        return 3.25f;
    }

    @Override
    public double getDouble() {
        return 2.718281828459045;
    }

    @Override
    public String text() {
        return text;
    }

    @Override
    public void textLength(int chars) {
        StringBuilder s = new StringBuilder(chars);
        for (int i = 0; i < chars; i++) {
            s.append((char) ('a' + i % 26));
        }
        text = s.toString();
    }
}
