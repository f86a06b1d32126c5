package org.karmi.tech.parastation.internal;

/**
 * Layout of a domain's directory and of its domain file {@value #DOMAIN_FILE}, which holds the
 * domain id (part of every UTID of the domain) and the counter that hands out node ports.
 *
 * <pre>
 *  domain directory (default /dev/shm/karmi):
 *    domain.psd                 this file
 *    node-&lt;port&gt;.psn            one per started node ({@link NodeDescriptor})
 *    chan-&lt;clientPort&gt;-&lt;seq&gt;.psc one per connection being set up ({@link ChannelDescriptor});
 *                               unlinked by the client once the handshake is over
 *
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                     Version (i32)                             |  0
 *  +---------------------------------------------------------------+
 *  |                     Magic 'KPDM' (i32)                        |  4
 *  +---------------------------------------------------------------+
 *  |                     Domain Id (i64)                           |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 64)                         ...
 *  +---------------------------------------------------------------+
 *  |                     Next Port (i32, fetch-and-add)            |  64
 *  +---------------------------------------------------------------+
 *  |      Spinning Waiters (i32, compare-and-set; {@link SpinPermits}) |  68
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 128)                        ...
 *  +---------------------------------------------------------------+  128
 * </pre>
 *
 * <p>The file is written completely under a temporary name and then hard-linked to its final
 * name, so a reader never sees it half-initialised. Stateless; thread-safe.
 */
final class DomainDescriptor {

    static final String DOMAIN_FILE = "domain.psd";
    static final String NODE_PREFIX = "node-";
    static final String NODE_SUFFIX = ".psn";
    static final String CHANNEL_PREFIX = "chan-";
    static final String CHANNEL_SUFFIX = ".psc";
    static final String DOORBELL_SUFFIX = ".bell";

    static final int VERSION = 1;
    static final int MAGIC = 0x4D44504B; // "KPDM" little-endian

    static final int VERSION_OFFSET = 0;
    static final int MAGIC_OFFSET = VERSION_OFFSET + Integer.BYTES;
    static final int DOMAIN_ID_OFFSET = MAGIC_OFFSET + Integer.BYTES;
    static final int NEXT_PORT_OFFSET = 64;
    /**
     * Threads of all the domain's nodes busy-waiting right now (spinning or yielding with a
     * permit of {@link SpinPermits}); 0 in a new file. Added within version 1: the word was
     * reserved and zero, and a node that does not know it simply does not count.
     */
    static final int SPINNING_WAITERS_OFFSET = NEXT_PORT_OFFSET + Integer.BYTES;
    static final int LENGTH = NEXT_PORT_OFFSET + 64;

    private DomainDescriptor() {
    }

    static String nodeFileName(int port) {
        return NODE_PREFIX + port + NODE_SUFFIX;
    }

    /** Doorbell socket of a node: in the domain if the path is short enough, else beside it. */
    static String doorbellFileName(long domainId, int port) {
        return "karmi-" + Long.toHexString(domainId) + "-" + port + DOORBELL_SUFFIX;
    }

    static String channelFileName(int clientPort, int seq) {
        return CHANNEL_PREFIX + clientPort + "-" + seq + CHANNEL_SUFFIX;
    }

    /** The port in a node file's name, or -1 if the name is not one. */
    static int portOfNodeFile(String name) {
        if (!name.startsWith(NODE_PREFIX) || !name.endsWith(NODE_SUFFIX)) {
            return -1;
        }
        return parse(name.substring(NODE_PREFIX.length(), name.length() - NODE_SUFFIX.length()));
    }

    /** The client port in a channel file's name, or -1 if the name is not one. */
    static int clientPortOfChannelFile(String name) {
        if (!name.startsWith(CHANNEL_PREFIX) || !name.endsWith(CHANNEL_SUFFIX)) {
            return -1;
        }
        String middle = name.substring(CHANNEL_PREFIX.length(), name.length() - CHANNEL_SUFFIX.length());
        int dash = middle.indexOf('-');
        return dash < 0 ? -1 : parse(middle.substring(0, dash));
    }

    private static int parse(String s) {
        try {
            int v = Integer.parseInt(s);
            return v > 0 ? v : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
