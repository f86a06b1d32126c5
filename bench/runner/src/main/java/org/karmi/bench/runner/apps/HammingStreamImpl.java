package org.karmi.bench.runner.apps;

import java.util.ArrayList;
import java.util.List;

import org.karmi.bench.runner.remote.HammingStream;

/** A multiplier stream of Hamming's problem. Thread-safe (synchronized). */
public final class HammingStreamImpl implements HammingStream {

    private final List<Long> sequence = new ArrayList<>();
    private long prime;
    private int index;

    @Override
    public synchronized void reset(long p) {
        prime = p;
        index = 0;
        sequence.clear();
        sequence.add(1L);
    }

    @Override
    public synchronized long peek() {
        return sequence.get(index) * prime;
    }

    @Override
    public synchronized void append(long value) {
        sequence.add(value);
        if (sequence.get(index) * prime == value) {
            index++;
        }
    }
}
