package org.karmi.spi.transport;

/**
 * The frame types every technology uses on its wire (see {@code docs/PROTOCOL.md},
 * "Frames"). A technology frames messages its own way, but carries exactly these types, so
 * that the protocol document describes all technologies at once.
 */
public final class MessageType {
    /** Client to server, first frame of a connection: a {@link Handshake}. */
    public static final byte HELLO = 1;
    /** Server to client, answer to {@link #HELLO}: the server's {@link Handshake}. */
    public static final byte HELLO_ACK = 2;
    /** Either side: the handshake is refused; payload = reason code (u16) + UTF-8 text. */
    public static final byte REFUSE = 3;
    /** Client to server: a call; the payload belongs to the reference layer. */
    public static final byte CALL = 4;
    /** Server to client: the answer to the {@link #CALL} with the same call id. */
    public static final byte REPLY = 5;
    /** Either side: a message that expects no answer (collector traffic). */
    public static final byte ONE_WAY = 6;
    /** Either side: orderly close; no payload. The other side closes without an error. */
    public static final byte CLOSE = 7;

    private MessageType() {
    }

    /** Human-readable name of a type byte, for error messages. */
    public static String name(byte type) {
        switch (type) {
            case HELLO: return "HELLO";
            case HELLO_ACK: return "HELLO_ACK";
            case REFUSE: return "REFUSE";
            case CALL: return "CALL";
            case REPLY: return "REPLY";
            case ONE_WAY: return "ONE_WAY";
            case CLOSE: return "CLOSE";
            default: return "unknown(" + type + ")";
        }
    }
}
