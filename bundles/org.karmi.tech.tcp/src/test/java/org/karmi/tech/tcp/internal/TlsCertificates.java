package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test key material made at run time with the running JDK's {@code keytool} (nothing private is
 * committed): self-signed EC keys for a server node, a client node and a rogue node, a trust
 * store with the server's and the client's certificates, and one that trusts only the rogue.
 * Not thread-safe; build once per test class.
 */
final class TlsCertificates {

    static final String PASSWORD = "test-secret";

    final Path dir;
    final Path server;
    final Path client;
    final Path rogue;
    final Path trust;
    final Path rogueTrust;

    private TlsCertificates(Path dir) {
        this.dir = dir;
        this.server = dir.resolve("server.p12");
        this.client = dir.resolve("client.p12");
        this.rogue = dir.resolve("rogue.p12");
        this.trust = dir.resolve("trust.p12");
        this.rogueTrust = dir.resolve("rogue-trust.p12");
    }

    /** Generates every store into {@code dir} (about ten keytool runs). */
    static TlsCertificates generate(Path dir) throws IOException, InterruptedException {
        TlsCertificates c = new TlsCertificates(dir);
        for (String name : List.of("server", "client", "rogue")) {
            Path store = dir.resolve(name + ".p12");
            keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                    "CN=karmi-test-" + name, "-validity", "2", "-keystore", store.toString(), "-storetype", "PKCS12",
                    "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-exportcert", "-alias", name, "-keystore", store.toString(), "-storepass", PASSWORD,
                    "-file", dir.resolve(name + ".cer").toString());
        }
        for (String name : List.of("server", "client")) {
            importCert(c.trust, name, dir);
        }
        importCert(c.rogueTrust, "rogue", dir);
        return c;
    }

    private static void importCert(Path store, String name, Path dir) throws IOException, InterruptedException {
        keytool("-importcert", "-noprompt", "-alias", name, "-file", dir.resolve(name + ".cer").toString(),
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("keytool did not finish within 120 s: " + command);
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("keytool failed (" + p.exitValue() + "): " + command + "\n" + out);
            }
        } finally {
            p.destroyForcibly();
        }
    }

    /** TLS settings of a node with key store {@code keys} trusting {@code trusted}. */
    TlsSettings settings(Path keys, Path trusted, boolean keepPlaintext) {
        return new TlsSettings(true, keys.toString(), PASSWORD, trusted.toString(), PASSWORD, true, keepPlaintext);
    }

    TlsSettings server() {
        return settings(server, trust, false);
    }

    TlsSettings client() {
        return settings(client, trust, false);
    }
}
