package org.karmi.migration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The key store the TLS programs use, made once per suite by the running JDK's {@code keytool}: PKCS12,
 * password {@code changeit}, one EC key pair with a self-signed certificate for {@code CN=localhost},
 * {@code IP:127.0.0.1} (the same file serves as trust store). Thread-safe.
 */
final class TestKeyStore {

    static final String PASSWORD = "changeit";

    private static Path made;

    private TestKeyStore() {
    }

    /** The key store in {@code dir}, made on first use. */
    static synchronized Path in(Path dir) throws IOException, InterruptedException {
        if (made != null) {
            return made;
        }
        Files.createDirectories(dir);
        Path store = dir.resolve("keystore.p12");
        Files.deleteIfExists(store);
        Path log = dir.resolve("keytool.log");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "migration", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=localhost", "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "7",
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD,
                "-noprompt"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0 || !Files.exists(store)) {
                throw new IOException("keytool did not make " + store + ": " + Files.readString(log));
            }
        } finally {
            keytool.destroyForcibly();
        }
        made = store;
        return store;
    }

    /** Deletes the key store if one was made. */
    static synchronized void delete() throws IOException {
        if (made != null) {
            Files.deleteIfExists(made);
            Files.deleteIfExists(made.resolveSibling("keytool.log"));
            made = null;
        }
    }
}
