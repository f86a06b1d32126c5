package org.karmi.core.internal;

import java.io.StreamCorruptedException;
import java.nio.charset.StandardCharsets;

import org.karmi.spi.transport.TruncatedMessageException;
import org.karmi.spi.transport.WireBuffer;

/**
 * Layout of the reference layer's payloads inside CALL, REPLY and ONE_WAY frames (see
 * {@code docs/PROTOCOL.md}, section 5). All integers little-endian.
 *
 * <pre>
 * CALL
 *  0               8                16               24
 *  +---------------+----------------+----------------+-------------------------------+
 *  | object node   | object number  | method hash    | arguments (serializer stream) |
 *  | id (i64)      | (i64)          | (i64)          |                               |
 *  +---------------+----------------+----------------+-------------------------------+
 *
 * REPLY
 *  0        1
 *  +--------+----------------------------------------------------------------------+
 *  | status | RETURN (0):    result (serializer stream; empty for void)            |
 *  | (u8)   | EXCEPTION (1): the Throwable the method threw (serializer writeObject)|
 *  |        | FAILURE (2):   code (u8), n (u16), message (n bytes UTF-8)           |
 *  +--------+----------------------------------------------------------------------+
 *
 * CALL to a collector (object number -1, method hash 0; the REPLY's RETURN carries the answer)
 *  0               8                16               24       25
 *  +---------------+----------------+----------------+--------+-------------+----------------+
 *  | object node   | -1 (i64)       | 0 (i64)        | n (u8) | name (n     | request (the   |
 *  | id (i64) or 0 |                |                |        | ASCII)      | collector's)   |
 *  +---------------+----------------+----------------+--------+-------------+----------------+
 *
 * ONE_WAY
 *  0        1        2
 *  +--------+--------+------------------+-------------------------------------------+
 *  | kind   | n (u8) | name (n ASCII)   | body (the collector's own bytes)          |
 *  | (u8)=1 |        | collector name   |                                           |
 *  +--------+--------+------------------+-------------------------------------------+
 * </pre>
 *
 * <p>Stateless; thread-safe.
 */
final class CallPayload {

    static final int OBJECT_NODE_OFFSET = 0;
    static final int OBJECT_NUMBER_OFFSET = OBJECT_NODE_OFFSET + 8;
    static final int METHOD_HASH_OFFSET = OBJECT_NUMBER_OFFSET + 8;
    /** Bytes of the call header before the arguments. */
    static final int CALL_HEADER_LENGTH = METHOD_HASH_OFFSET + 8;

    /** Reply status: the method returned; the result follows. */
    static final byte STATUS_RETURN = 0;
    /** Reply status: the method threw; the Throwable follows. */
    static final byte STATUS_EXCEPTION = 1;
    /** Reply status: the call failed in the reference layer; code and message follow. */
    static final byte STATUS_FAILURE = 2;

    /** Failure code: no object with that id is exported. */
    static final int FAILURE_NO_SUCH_OBJECT = 1;
    /** Failure code: the object has no method with that hash. */
    static final int FAILURE_NO_SUCH_METHOD = 2;
    /** Failure code: the arguments could not be read. */
    static final int FAILURE_UNMARSHAL_ARGUMENTS = 3;
    /** Failure code: the result or exception could not be written. */
    static final int FAILURE_MARSHAL_RESULT = 4;

    /** ONE_WAY kind: a distributed collector's message. */
    static final byte ONE_WAY_COLLECTOR = 1;

    /** Longest failure message written, in bytes. */
    static final int MAX_MESSAGE_BYTES = 4096;

    private CallPayload() {
    }

    static void writeCallHeader(WireBuffer out, long objectNode, long objectNumber, long methodHash) {
        out.ensure(CALL_HEADER_LENGTH);
        int p = out.position;
        WireBuffer.putLong(out.array, p + OBJECT_NODE_OFFSET, objectNode);
        WireBuffer.putLong(out.array, p + OBJECT_NUMBER_OFFSET, objectNumber);
        WireBuffer.putLong(out.array, p + METHOD_HASH_OFFSET, methodHash);
        out.position = p + CALL_HEADER_LENGTH;
    }

    /** Writes a FAILURE reply at the buffer's position. */
    static void writeFailure(WireBuffer out, int code, String message) {
        byte[] text = String.valueOf(message).getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, MAX_MESSAGE_BYTES);
        out.writeByte(STATUS_FAILURE);
        out.writeByte(code);
        out.writeShort(n);
        out.writeBytes(text, 0, n);
    }

    /** Reads the failure code after the status byte. */
    static int readFailureCode(WireBuffer in) throws TruncatedMessageException {
        return in.readByte() & 0xff;
    }

    /** Reads the failure message after the code. */
    static String readFailureMessage(WireBuffer in) throws TruncatedMessageException {
        int n = in.readShort() & 0xffff;
        in.require(n);
        String s = new String(in.array, in.position, n, StandardCharsets.UTF_8);
        in.position += n;
        return s;
    }

    /** Writes a ONE_WAY collector message header and body. */
    static void writeCollectorMessage(WireBuffer out, String collector, byte[] body) {
        out.writeByte(ONE_WAY_COLLECTOR);
        writeCollectorName(out, collector);
        out.writeBytes(body, 0, body.length);
    }

    /** Writes a collector name: n (u8), n ASCII bytes. */
    static void writeCollectorName(WireBuffer out, String collector) {
        byte[] name = collector.getBytes(StandardCharsets.US_ASCII);
        out.writeByte(name.length);
        out.writeBytes(name, 0, name.length);
    }

    /** Reads the collector name of a ONE_WAY message (after its kind byte). */
    static String readCollectorName(WireBuffer in) throws StreamCorruptedException {
        int n = in.readByte() & 0xff;
        if (n == 0 || n > 32) {
            throw new StreamCorruptedException("bad collector name length " + n);
        }
        in.require(n);
        String s = new String(in.array, in.position, n, StandardCharsets.US_ASCII);
        in.position += n;
        return s;
    }
}
