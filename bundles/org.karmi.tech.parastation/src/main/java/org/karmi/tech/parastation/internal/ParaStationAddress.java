package org.karmi.tech.parastation.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.karmi.spi.transport.Utid;

/**
 * The address bytes of a {@code parastation} UTID: the domain id (i64) then the node's port
 * (i32), little-endian, 12 bytes. Immutable; thread-safe.
 */
final class ParaStationAddress {

    static final String TECHNOLOGY_NAME = "parastation";
    static final int DOMAIN_ID_OFFSET = 0;
    static final int PORT_OFFSET = DOMAIN_ID_OFFSET + Long.BYTES;
    static final int LENGTH = PORT_OFFSET + Integer.BYTES;

    private ParaStationAddress() {
    }

    static Utid utid(long domainId, int port) {
        byte[] a = new byte[LENGTH];
        ByteBuffer b = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(DOMAIN_ID_OFFSET, domainId);
        b.putInt(PORT_OFFSET, port);
        return new Utid(TECHNOLOGY_NAME, a);
    }

    /** Whether {@code utid} names a parastation node of the domain {@code domainId}. */
    static boolean inDomain(Utid utid, long domainId) {
        if (!TECHNOLOGY_NAME.equals(utid.technology())) {
            return false;
        }
        byte[] a = utid.address();
        return a.length == LENGTH && domainId(a) == domainId && port(a) > 0;
    }

    /**
     * {@code parastation <domain id hex>:<port>} for a well-formed parastation UTID, else the
     * UTID's hex form; never throws.
     */
    static String describe(Utid utid) {
        if (!TECHNOLOGY_NAME.equals(utid.technology()) || utid.address().length != LENGTH) {
            return utid.toString();
        }
        byte[] a = utid.address();
        return TECHNOLOGY_NAME + " " + Long.toHexString(domainId(a)) + ":" + Integer.toUnsignedString(port(a));
    }

    static long domainId(byte[] address) {
        return ByteBuffer.wrap(address).order(ByteOrder.LITTLE_ENDIAN).getLong(DOMAIN_ID_OFFSET);
    }

    static int port(byte[] address) {
        return ByteBuffer.wrap(address).order(ByteOrder.LITTLE_ENDIAN).getInt(PORT_OFFSET);
    }
}
