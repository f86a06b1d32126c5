package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.model.Color;
import org.karmi.serial.model.Int4Null2;
import org.karmi.serial.model.Point;

/**
 * Pins the stream format (version 2) of docs/SERIALIZATION.md: a change of these bytes is a change
 * of the format and of its version. {@code 3e}/{@code 3f} is the graph flag before a message's
 * first non-null object (no back-reference / back-references).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GoldenBytesTest {

    private static void golden(String hex, Object value) throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        assertEquals(hex, Trip.hex(trip.write(value)), () -> "bytes of " + value);
        Object back = Trip.of(Mode.RUNTIME).read(Trip.unhex(hex), 1)[0];
        if (value == null || !value.getClass().isArray()) {
            assertEquals(String.valueOf(value), String.valueOf(back));
        }
    }

    @Test
    void nullIsOneByte() throws Exception {
        golden("00", null);
    }

    @Test
    void integerIsHeaderAndFourBytesLittleEndian() throws Exception {
        golden("3e" + "0901000000", 1);
    }

    @Test
    void latin1StringIsOneByteAChar() throws Exception {
        golden("3e" + "04" + "04" + "6869", "hi");
    }

    @Test
    void otherStringIsUtf16() throws Exception {
        golden("3e" + "04" + "03" + "ac20", "\u20ac");
    }

    @Test
    void intArrayIsLengthThenElements() throws Exception {
        golden("3e" + "11" + "02" + "01000000" + "feffffff", new int[] {1, -2});
    }

    @Test
    void listWithASharedStringUsesABackReference() throws Exception {
        String s = "x";
        // flag: shared, ArrayList(23) handle 0, size 2, String(4) handle 1 "x", REF(1) to handle 1
        golden("3f" + "17" + "02" + "04" + "02" + "78" + "01" + "01", new java.util.ArrayList<>(List.of(s, s)));
    }

    @Test
    void classIsDefinedOnFirstUse() throws Exception {
        String name = Int4Null2.class.getName();
        Int4Null2 v = new Int4Null2(1, 2, 3, 4);
        int fp = ("a:I;b:I;c:I;d:I;p:L;q:L;|").hashCode();
        String hex = "3e" + "02" + "00" + "00" + String.format("%02x", name.length() << 1) + Trip.hex(name.getBytes())
                + Trip.hex(new byte[] {(byte) fp, (byte) (fp >> 8), (byte) (fp >> 16), (byte) (fp >> 24)})
                + "01000000" + "02000000" + "03000000" + "04000000" + "00" + "00";
        Trip trip = Trip.of(Mode.GENERATED);
        assertEquals(hex, Trip.hex(trip.write(v)));
        assertEquals("3e" + "40" + "01000000" + "02000000" + "03000000" + "04000000" + "00" + "00", Trip.hex(trip.write(v)),
                "second message: class number 0, header 64");
    }

    @Test
    void enumIsItsOrdinalAndRecordItsComponents() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        trip.write(Color.BLUE, new Point(1, 2, null));
        assertEquals("3e" + "40" + "02" + "41" + "05000000" + "06000000" + "00",
                Trip.hex(trip.write(Color.BLUE, new Point(5, 6, null))));
    }
}
