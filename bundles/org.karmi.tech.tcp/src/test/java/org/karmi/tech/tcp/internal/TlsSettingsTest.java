package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The TLS settings: keys, system-property spellings, defaults, and how bad values are refused. */
@Timeout(30)
class TlsSettingsTest {

    @Test
    void tlsIsOffByDefaultAndMutualAuthenticationOnOnceEnabled() {
        TlsSettings none = TlsSettings.fromProperties(key -> null);
        assertEquals(TlsSettings.DISABLED, none);
        assertFalse(none.enabled());
        TlsSettings on = TlsSettings.fromProperties(Map.of("tls", "true", "tls.keyStore", "/k.p12",
                "tls.trustStore", "/t.p12")::get);
        assertTrue(on.enabled() && on.clientAuth() && !on.keepPlaintext() && on.tlsOnly());
        assertEquals("", on.keyStorePassword());
    }

    @Test
    void systemPropertiesUseTheKarmiTcpTlsSpelling() {
        String[] keys = {"tls", "tls.keyStore", "tls.keyStorePassword", "tls.trustStore", "tls.trustStorePassword",
                "tls.clientAuth", "tls.keepPlaintext"};
        try {
            System.setProperty("karmi.tcp.tls", "true");
            System.setProperty("karmi.tcp.tls.keyStore", "/etc/karmi/node.p12");
            System.setProperty("karmi.tcp.tls.keyStorePassword", "k-secret");
            System.setProperty("karmi.tcp.tls.trustStore", "/etc/karmi/trust.p12");
            System.setProperty("karmi.tcp.tls.trustStorePassword", "t-secret");
            System.setProperty("karmi.tcp.tls.clientAuth", "false");
            System.setProperty("karmi.tcp.tls.keepPlaintext", "TRUE");
            TlsSettings s = TlsSettings.fromSystemProperties();
            assertEquals(new TlsSettings(true, "/etc/karmi/node.p12", "k-secret", "/etc/karmi/trust.p12", "t-secret",
                    false, true), s);
            assertFalse(s.tlsOnly(), "plaintext kept: no TLS flag");
            assertFalse(s.toString().contains("secret"), "passwords stay out of logs: " + s);
        } finally {
            for (String k : keys) {
                System.clearProperty("karmi.tcp." + k);
            }
        }
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() {
        IllegalArgumentException notBool = assertThrows(IllegalArgumentException.class,
                () -> TlsSettings.fromProperties(Map.of("tls", "yes")::get));
        assertTrue(notBool.getMessage().contains("karmi.tcp.tls is not true or false"), notBool.getMessage());
        IllegalArgumentException noKeys = assertThrows(IllegalArgumentException.class,
                () -> TlsSettings.fromProperties(Map.of("tls", "true", "tls.trustStore", "/t.p12")::get));
        assertTrue(noKeys.getMessage().contains("karmi.tcp.tls.keyStore"), noKeys.getMessage());
        IllegalArgumentException noTrust = assertThrows(IllegalArgumentException.class,
                () -> TlsSettings.fromProperties(Map.of("tls", "true", "tls.keyStore", "/k.p12")::get));
        assertTrue(noTrust.getMessage().contains("karmi.tcp.tls.trustStore"), noTrust.getMessage());
    }

    @Test
    void componentReadsTheTlsKeysFromItsConfiguration() {
        TcpTechnologyComponent c = TcpTechnologyComponentTest.component(Map.of("port", 0, "tls", true,
                "tls.keyStore", "/nonexistent/karmi-node.p12", "tls.trustStore", "/nonexistent/trust.p12"), Map.of());
        TestContext node = new TestContext(4);
        try {
            IOException e = assertThrows(IOException.class, () -> c.technology().start(node));
            assertTrue(e.getMessage().contains("karmi.tcp.tls.keyStore /nonexistent/karmi-node.p12"), e.getMessage());
        } finally {
            c.deactivate();
            node.shutdown();
        }
    }
}
