package org.karmi.core.internal;

import java.io.IOException;

import org.karmi.spi.ref.ServerCall;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.transport.WireBuffer;

/**
 * The {@link ServerCall} of one connection end, reused for every call on it: tracks whether
 * the skeleton has finished reading arguments and whether it began the result, which tells
 * the dispatcher what an exception means. Used by one call at a time; not thread-safe.
 */
final class IncomingCall implements ServerCall {

    private final SerialInput in;
    private final SerialOutput out;
    private WireBuffer reply;
    boolean argumentsRead;
    boolean resultStarted;

    IncomingCall(SerialInput in, SerialOutput out) {
        this.in = in;
        this.out = out;
    }

    void reset(WireBuffer replyBuffer) {
        this.reply = replyBuffer;
        this.argumentsRead = false;
        this.resultStarted = false;
    }

    @Override
    public SerialInput arguments() {
        return in;
    }

    @Override
    public void argumentsRead() {
        argumentsRead = true;
    }

    @Override
    public SerialOutput result() throws IOException {
        if (!argumentsRead) {
            argumentsRead = true;
        }
        if (resultStarted) {
            throw new IllegalStateException("result already started");
        }
        resultStarted = true;
        reply.writeByte(CallPayload.STATUS_RETURN);
        out.begin(reply);
        return out;
    }
}
