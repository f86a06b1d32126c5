package org.karmi.serial;

import java.io.IOException;

import org.karmi.serial.Trip.Mode;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the input stream with Jazzer: any byte string read as a message
 * fails, if at all, only with the declared exceptions ({@link IOException} and its
 * {@code StreamCorruptedException}/{@code InvalidClassException}, {@link ClassNotFoundException}),
 * never with an {@code OutOfMemoryError}, another {@code RuntimeException}, a hang or a stack
 * overflow. Without {@code JAZZER_FUZZ=1} (plain {@code mvn test}) it replays the kept corpus in
 * {@code src/test/resources/org/karmi/serial/JazzerFuzzTestInputs/}; with it, it fuzzes for at
 * most {@code maxDuration} and adds crashing inputs there.
 */
class JazzerFuzzTest {

    private static final UkaSerializer SERIALIZER = new UkaSerializer(Trip.config(Mode.RUNTIME).build());

    @FuzzTest(maxDuration = "30s")
    void readingAnyBytesFailsOnlyWithDeclaredExceptions(byte[] input) {
        Trip trip = new Trip(SERIALIZER);
        try {
            trip.read(input, 1);
        } catch (IOException | ClassNotFoundException expected) {
            // the declared outcome of a malformed message
        } catch (AssertionError leftOver) {
            // a valid message followed by bytes of no message: Trip's own check
        }
    }
}
