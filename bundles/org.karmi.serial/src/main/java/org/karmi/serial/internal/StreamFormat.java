package org.karmi.serial.internal;

/**
 * The descriptor of the UKA stream format (version {@value #VERSION}): header values, type
 * kinds and the fixed type numbers of built-in classes. {@code docs/SERIALIZATION.md} draws
 * the same; {@code GoldenBytesTest} pins it.
 *
 * <pre>
 * message    := (primitives | object)*            between SerialOutput.begin and finish
 *               with one u8 graph flag right before the first non-null object:
 *                 62 GRAPH_TREE    no back-reference (REF) in the message: the reader keeps no handles
 *                 63 GRAPH_SHARED  the message has back-references: the reader keeps every handle
 *               (the writer writes 62 and patches it to 63 at the first REF; the buffer holds the
 *               whole message until finish; 62 and 63 are no header values)
 * object     := header payload?
 * header     := varint h                         (LEB128, 1 byte below 128)
 *   h = 0   NULL                                  no payload
 *   h = 1   REF      varint handle                back-reference to an object of this message
 *   h = 2   CLASS    classdef payload             first use of a class on this connection
 *   h = 3   REMOTE   (RemoteObjectCodec bytes)    a java.rmi.Remote, by reference
 *   h = 4..63        payload                      built-in type with a fixed number
 *   h = 64 + n       payload                      class number n of the connection's type table
 *
 * classdef   := varint n | u8 kind | string name | i32 fingerprint
 *   0        1..5       +1        +1..         +4
 *   +--------+----------+---------+------------+-------------+
 *   |  h=2   | n (id)   |  kind   | name       | fingerprint |   then the object's payload
 *   +--------+----------+---------+------------+-------------+
 * string     := varint (length &lt;&lt; 1 | coding) bytes
 *   coding 0: one byte a char (every char &lt; 256); coding 1: two bytes a char (UTF-16LE)
 * </pre>
 *
 * <p>Handles number the tracked objects of one message in the order their payloads start
 * (0, 1, 2 ...); boxes and enum constants are not tracked. Identity never crosses messages:
 * both sides forget their handles at {@code begin}. Threading: constants only.
 */
public final class StreamFormat {

    /** Stream format version, reported by {@code Serializer.version()}. */
    public static final int VERSION = 2;

    /**
     * Graph flag: no back-reference in this message; the reader keeps no handles. The flag values
     * are no header values, so neither is mistaken for the {@code NULL} of a null written before it.
     */
    public static final byte GRAPH_TREE = 62;
    /** Graph flag: the message has back-references; the reader keeps a handle per tracked object. */
    public static final byte GRAPH_SHARED = 63;

    /** Header: {@code null}; the byte marshallers may write and test themselves. */
    public static final int NULL = org.karmi.serial.spi.Marshaller.NULL_REFERENCE;
    /** Header: a back-reference, followed by the varint handle. */
    public static final int REF = 1;
    /** Header: a class definition, followed by the object's payload. */
    public static final int CLASS = 2;
    /** Header: a remote object, followed by what {@code RemoteObjectCodec.writeRemote} writes. */
    public static final int REMOTE = 3;
    /** First header value of the fixed built-in types. */
    public static final int FIRST_FIXED = 4;
    /** First header value of the connection's type table: header = {@code FIRST_DYNAMIC + n}. */
    public static final int FIRST_DYNAMIC = 64;

    // ----- fixed type numbers (header values) -----
    public static final int STRING = 4;
    public static final int BOOLEAN = 5;
    public static final int BYTE = 6;
    public static final int CHARACTER = 7;
    public static final int SHORT = 8;
    public static final int INTEGER = 9;
    public static final int LONG = 10;
    public static final int FLOAT = 11;
    public static final int DOUBLE = 12;
    public static final int BOOLEAN_ARRAY = 13;
    public static final int BYTE_ARRAY = 14;
    public static final int CHAR_ARRAY = 15;
    public static final int SHORT_ARRAY = 16;
    public static final int INT_ARRAY = 17;
    public static final int LONG_ARRAY = 18;
    public static final int FLOAT_ARRAY = 19;
    public static final int DOUBLE_ARRAY = 20;
    public static final int STRING_ARRAY = 21;
    public static final int OBJECT_ARRAY = 22;
    public static final int ARRAY_LIST = 23;
    public static final int LINKED_LIST = 24;
    public static final int ARRAY_DEQUE = 25;
    public static final int HASH_MAP = 26;
    public static final int LINKED_HASH_MAP = 27;
    public static final int TREE_MAP = 28;
    public static final int HASH_SET = 29;
    public static final int LINKED_HASH_SET = 30;
    public static final int TREE_SET = 31;
    public static final int IMMUTABLE_LIST = 32;
    public static final int IMMUTABLE_SET = 33;
    public static final int IMMUTABLE_MAP = 34;
    public static final int BIG_INTEGER = 35;
    public static final int BIG_DECIMAL = 36;
    public static final int UUID = 37;
    public static final int DURATION = 38;
    public static final int INSTANT = 39;
    public static final int LOCAL_DATE = 40;
    public static final int LOCAL_TIME = 41;
    public static final int LOCAL_DATE_TIME = 42;
    public static final int OFFSET_DATE_TIME = 43;
    public static final int ZONED_DATE_TIME = 44;
    public static final int ZONE_OFFSET = 45;
    public static final int ZONE_REGION = 46;
    public static final int PERIOD = 47;
    public static final int YEAR = 48;
    public static final int YEAR_MONTH = 49;
    public static final int MONTH_DAY = 50;
    public static final int OFFSET_TIME = 51;
    /** One past the last fixed number in use. */
    public static final int END_FIXED = 52;

    // ----- kinds of a class definition -----
    /** Fields of the class and its serializable superclasses (run-time or generated marshaller). */
    public static final int KIND_FIELDS = 0;
    /** A record: its components in declaration order, rebuilt by the canonical constructor. */
    public static final int KIND_RECORD = 1;
    /** An enum constant: varint ordinal; not tracked. */
    public static final int KIND_ENUM = 2;
    /** An array of a non-built-in component type: varint length, then each element as an object. */
    public static final int KIND_ARRAY = 3;
    /** JDK serialization for this object: i32 length, then a complete JDK object stream. */
    public static final int KIND_JDK = 4;

    /** Class name written for every {@code java.lang.reflect.Proxy} class (always JDK kind). */
    public static final String PROXY_NAME = "java.lang.reflect.Proxy";

    private StreamFormat() {
    }

    /** Human-readable name of a kind, for messages. */
    public static String kindName(int kind) {
        switch (kind) {
            case KIND_FIELDS: return "fields";
            case KIND_RECORD: return "record";
            case KIND_ENUM: return "enum";
            case KIND_ARRAY: return "array";
            case KIND_JDK: return "jdk";
            default: return "unknown kind " + kind;
        }
    }
}
