package org.karmi.tech.parastation.internal;

import java.io.IOException;

/**
 * Checked while a thread waits on a channel (never per message): throws once the channel was
 * closed, its peer closed it, or its peer died. Implementations are thread-safe.
 */
@FunctionalInterface
interface ChannelGuard {

    /** A guard that never fails (tests, tools). */
    ChannelGuard NONE = () -> { };

    /** @throws IOException saying why the channel is unusable */
    void checkOpen() throws IOException;
}
