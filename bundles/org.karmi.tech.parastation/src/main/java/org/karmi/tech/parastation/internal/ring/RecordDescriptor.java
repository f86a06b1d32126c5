package org.karmi.tech.parastation.internal.ring;

/**
 * Layout of one record in a ring's data area (Agrona's {@code RecordDescriptor}).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-------------------------------------------------------------+
 *  |R|                    Length (i32)                             |
 *  +-+-------------------------------------------------------------+
 *  |                    Type (i32)                                 |
 *  +---------------------------------------------------------------+
 *  |                    Encoded message                           ...
 * ...                                                              |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Length counts the header and the message, not the alignment padding; a record starts
 * at a multiple of {@value #ALIGNMENT}. The length is written last with release semantics:
 * zero or negative means "not yet published" (negative: claimed, the absolute value is the
 * length). Type {@value #PADDING_MSG_TYPE_ID} marks a padding record that fills the ring up
 * to its end when a record does not fit there; readers skip it. Stateless; thread-safe.
 */
public final class RecordDescriptor {

    /** Offset of the length word in a record. */
    public static final int LENGTH_OFFSET = 0;
    /** Offset of the type word in a record. */
    public static final int TYPE_OFFSET = LENGTH_OFFSET + Integer.BYTES;
    /** Length of the record header. */
    public static final int HEADER_LENGTH = TYPE_OFFSET + Integer.BYTES;
    /** Every record starts at a multiple of this. */
    public static final int ALIGNMENT = HEADER_LENGTH;
    /** Type of a padding record. */
    public static final int PADDING_MSG_TYPE_ID = -1;

    private RecordDescriptor() {
    }

    /** Offset of the length word of the record at {@code recordIndex}. */
    public static int lengthOffset(int recordIndex) {
        return recordIndex + LENGTH_OFFSET;
    }

    /** Offset of the type word of the record at {@code recordIndex}. */
    public static int typeOffset(int recordIndex) {
        return recordIndex + TYPE_OFFSET;
    }

    /** Offset of the message of the record at {@code recordIndex}. */
    public static int encodedMsgOffset(int recordIndex) {
        return recordIndex + HEADER_LENGTH;
    }

    /** {@code value} rounded up to a multiple of {@code alignment} (a power of two). */
    public static int align(int value, int alignment) {
        return (value + (alignment - 1)) & -alignment;
    }

    /**
     * Checks a message type.
     *
     * @throws IllegalArgumentException if it is not positive
     */
    public static void checkTypeId(int msgTypeId) {
        if (msgTypeId < 1) {
            throw new IllegalArgumentException("message type id must be greater than zero: " + msgTypeId);
        }
    }
}
