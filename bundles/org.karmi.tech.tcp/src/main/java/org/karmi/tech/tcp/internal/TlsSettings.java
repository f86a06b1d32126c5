package org.karmi.tech.tcp.internal;

import java.util.function.UnaryOperator;

/**
 * The TCP technology's TLS settings (keys {@code tls}, {@code tls.keyStore}, ... of the tcp
 * configuration, or the system properties {@code karmi.tcp.tls}, {@code karmi.tcp.tls.keyStore},
 * ... outside OSGi), with their defaults. Immutable; {@link #toString()} never shows a password.
 *
 * @param enabled            whether the node speaks TLS 1.3 (listener and client connections)
 * @param keyStore           PKCS#12 file with this node's private key and certificate chain,
 *                           presented as server and as client certificate
 * @param keyStorePassword   password of the key store and of its key ({@code ""} when none)
 * @param trustStore         PKCS#12 file with the certificates (or CAs) of the peers this node trusts
 * @param trustStorePassword password of the trust store ({@code ""} when none)
 * @param clientAuth         whether the listener requires a trusted client certificate (mutual authentication)
 * @param keepPlaintext      whether plaintext connections stay allowed beside TLS (migration): the
 *                           listener then takes both and the UTID carries no TLS flag
 */
public record TlsSettings(boolean enabled, String keyStore, String keyStorePassword, String trustStore,
                          String trustStorePassword, boolean clientAuth, boolean keepPlaintext) {

    /** Default: no TLS. */
    public static final boolean DEFAULT_ENABLED = false;
    /** Default when TLS is on: every client must present a trusted certificate. */
    public static final boolean DEFAULT_CLIENT_AUTH = true;
    /** Default when TLS is on: no plaintext connection in either direction. */
    public static final boolean DEFAULT_KEEP_PLAINTEXT = false;
    /** TLS switched off. */
    public static final TlsSettings DISABLED = new TlsSettings(false, "", "", "", "", DEFAULT_CLIENT_AUTH,
            DEFAULT_KEEP_PLAINTEXT);

    /** Configuration keys (append to {@link TcpSettings#PROPERTY_PREFIX} for the system properties). */
    static final String KEY_ENABLED = "tls";
    static final String KEY_KEY_STORE = "tls.keyStore";
    static final String KEY_KEY_STORE_PASSWORD = "tls.keyStorePassword";
    static final String KEY_TRUST_STORE = "tls.trustStore";
    static final String KEY_TRUST_STORE_PASSWORD = "tls.trustStorePassword";
    static final String KEY_CLIENT_AUTH = "tls.clientAuth";
    static final String KEY_KEEP_PLAINTEXT = "tls.keepPlaintext";

    public TlsSettings {
        keyStore = keyStore == null ? "" : keyStore.trim();
        trustStore = trustStore == null ? "" : trustStore.trim();
        keyStorePassword = keyStorePassword == null ? "" : keyStorePassword;
        trustStorePassword = trustStorePassword == null ? "" : trustStorePassword;
        if (enabled && keyStore.isEmpty()) {
            throw new IllegalArgumentException(property(KEY_ENABLED) + "=true needs " + property(KEY_KEY_STORE)
                    + " (a PKCS#12 file with this node's key and certificate)");
        }
        if (enabled && trustStore.isEmpty()) {
            throw new IllegalArgumentException(property(KEY_ENABLED) + "=true needs " + property(KEY_TRUST_STORE)
                    + " (a PKCS#12 file with the certificates of the peers to trust)");
        }
    }

    /** Whether this node accepts and sends only TLS: its UTID carries the TLS flag. */
    public boolean tlsOnly() {
        return enabled && !keepPlaintext;
    }

    /** Reads the {@code karmi.tcp.tls*} system properties; missing ones take their defaults. */
    public static TlsSettings fromSystemProperties() {
        return fromProperties(name -> System.getProperty(TcpSettings.PROPERTY_PREFIX + name));
    }

    /**
     * Settings from a lookup of the keys without prefix ({@code tls}, {@code tls.keyStore}, ...);
     * a key the lookup answers {@code null} for takes its default.
     *
     * @throws IllegalArgumentException naming the key whose value is not a boolean, or the
     *                                  store that TLS needs and is not set
     */
    public static TlsSettings fromProperties(UnaryOperator<String> lookup) {
        return new TlsSettings(
                bool(lookup, KEY_ENABLED, DEFAULT_ENABLED),
                lookup.apply(KEY_KEY_STORE),
                lookup.apply(KEY_KEY_STORE_PASSWORD),
                lookup.apply(KEY_TRUST_STORE),
                lookup.apply(KEY_TRUST_STORE_PASSWORD),
                bool(lookup, KEY_CLIENT_AUTH, DEFAULT_CLIENT_AUTH),
                bool(lookup, KEY_KEEP_PLAINTEXT, DEFAULT_KEEP_PLAINTEXT));
    }

    private static boolean bool(UnaryOperator<String> lookup, String key, boolean defaultValue) {
        String value = lookup.apply(key);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("setting " + property(key) + " is not true or false: '" + value + "'");
    }

    /** The system-property spelling of a key, for messages. */
    static String property(String key) {
        return TcpSettings.PROPERTY_PREFIX + key;
    }

    @Override
    public String toString() {
        return enabled ? "TlsSettings[TLSv1.3, keyStore " + keyStore + ", trustStore " + trustStore
                + ", clientAuth " + clientAuth + ", keepPlaintext " + keepPlaintext + "]" : "TlsSettings[off]";
    }
}
