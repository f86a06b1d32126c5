package org.karmi.spi.ref;

import java.io.IOException;

import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One call in progress, on the server's side, as a {@link Skeleton} sees it. The skeleton
 * reads the arguments from {@link #arguments()}, calls {@link #argumentsRead()}, invokes
 * the method, and (for a non-void method) writes the result into {@link #result()}.
 * Whatever the skeleton throws after {@code argumentsRead()} and before {@code result()}
 * is the remote method's own exception and goes back to the caller as such; anything
 * thrown before is a failure to unmarshal the arguments, anything after a failure to
 * marshal the result.
 *
 * <p>Implemented by the reference layer. Not thread-safe: used by the thread running the call.
 */
@ProviderType
public interface ServerCall {

    /** The stream holding the arguments, positioned at the first one. */
    SerialInput arguments();

    /** Marks the end of argument reading: from now on exceptions belong to the method. */
    void argumentsRead();

    /**
     * Starts the normal reply and returns the stream to write the result into. A void method
     * does not call it (returning normally sends the void reply).
     */
    SerialOutput result() throws IOException;
}
