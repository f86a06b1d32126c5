package org.karmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.MalformedURLException;
import java.net.ServerSocket;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;

/** Registry URLs are read as {@link java.rmi.Naming} reads them (issue 12, item 5). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RegistryUrlTest {

    @Test
    void parsesEveryUrlFormJavaRmiAccepts() throws Exception {
        assertUrl("karmi://h:1234/a", "h", 1234, "a");
        assertUrl("rmi://h/a", "h", Registry.REGISTRY_PORT, "a");
        assertUrl("//h:7/a", "h", 7, "a");
        assertUrl("a", "localhost", Registry.REGISTRY_PORT, "a");
        assertUrl("/a", "localhost", Registry.REGISTRY_PORT, "a");
        assertUrl("//h/a", "h", Registry.REGISTRY_PORT, "a");
        assertUrl("rmi:///a", "localhost", Registry.REGISTRY_PORT, "a");
        assertUrl("//:7/a", "localhost", 7, "a");
        assertUrl("rmi://:7/a", "localhost", 7, "a");
        assertUrl("karmi://[::1]:9/a/b", "::1", 9, "a/b");
        assertUrl("//h:7/a%20b", "h", 7, "a b");
        assertUrl("rmi://h:0/a", "h", Registry.REGISTRY_PORT, "a");
    }

    @Test
    void urlWithoutANameNamesTheRegistry() throws Exception {
        assertUrl("rmi://h:5/", "h", 5, "");
        assertUrl("rmi://h:5", "h", 5, "");
        assertUrl("rmi:///", "localhost", Registry.REGISTRY_PORT, "");
        assertUrl("//h", "h", Registry.REGISTRY_PORT, "");
        assertUrl("", "localhost", Registry.REGISTRY_PORT, "");
        assertFalse(RegistryUrl.parse("rmi://h:5/").hasName());
        assertTrue(RegistryUrl.parse("rmi://h:5/x").hasName());
    }

    @Test
    void listPrefixIsWhatJavaRmiNamingListWrites() throws Exception {
        assertEquals("//h:5/", RegistryUrl.parse("rmi://h:5/x").listPrefix());
        assertEquals("//h:" + Registry.REGISTRY_PORT + "/", RegistryUrl.parse("//h/x").listPrefix());
        assertEquals("//:" + Registry.REGISTRY_PORT + "/", RegistryUrl.parse("x").listPrefix());
        assertEquals("//:" + Registry.REGISTRY_PORT + "/", RegistryUrl.parse("rmi:///").listPrefix());
        assertEquals("//:7/", RegistryUrl.parse("//:7/x").listPrefix());
        assertEquals("//h/", RegistryUrl.parse("//h:0/x").listPrefix());
        assertEquals("/", RegistryUrl.parse("rmi://:0/x").listPrefix());
    }

    /** The prefixes {@link java.rmi.Naming#list} writes, from a JDK registry on a free loopback port. */
    @Test
    void listPrefixMatchesJavaRmiNamingListOfAJdkRegistry() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        java.rmi.server.RMIServerSocketFactory loopback = p -> new ServerSocket(p, 50, java.net.InetAddress.getLoopbackAddress());
        java.rmi.registry.Registry jdk = java.rmi.registry.LocateRegistry.createRegistry(port, null, loopback);
        java.rmi.Remote obj = new java.rmi.Remote() { };
        try {
            jdk.bind("x", java.rmi.server.UnicastRemoteObject.exportObject(obj, 0, null, loopback));
            for (String url : List.of("//127.0.0.1:" + port + "/", "rmi://127.0.0.1:" + port + "/ignored", "rmi://:" + port,
                    "//:" + port + "/", "//localhost:" + port)) {
                assertEquals(List.of(java.rmi.Naming.list(url)), List.of(RegistryUrl.parse(url).listPrefix() + "x"), url);
            }
        } finally {
            java.rmi.server.UnicastRemoteObject.unexportObject(obj, true);
            java.rmi.server.UnicastRemoteObject.unexportObject(jdk, true);
        }
    }

    @Test
    void refusesWhatJavaRmiRefuses() {
        for (String url : List.of("http://h/a", "karmi://h/a?x=1", "rmi://h/a#f", "rmi://u@h/a", "karmi://h:notaport/a",
                "h:1/a", "rmi:a", "RMI://h/a", "a b", "rmi:")) {
            assertThrows(MalformedURLException.class, () -> RegistryUrl.parse(url), url);
        }
        assertThrows(NullPointerException.class, () -> RegistryUrl.parse(null));
    }

    @Test
    void refusesAPortOutOfRange() {
        // java.rmi accepts the URL and fails when it connects
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("karmi://h:70000/a"));
    }

    /**
     * The same URLs through {@link java.rmi.Naming#lookup}: it refuses with
     * {@link MalformedURLException} exactly those {@link RegistryUrl} refuses (the others it
     * accepts and then fails to reach: nothing listens at the port used, or at 1099).
     */
    @Test
    void refusesExactlyWhatJavaRmiNamingRefuses() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String hp = "127.0.0.1:" + port;
        List<String> urls = List.of("a", "/a", "//" + hp + "/a", "rmi://" + hp + "/a", "rmi://" + hp + "/", "rmi://" + hp,
                "//" + hp, "rmi://:" + port + "/a", "//:" + port + "/a", "rmi://" + hp + "/a/b", "//" + hp + "/a%20b", "",
                "http://" + hp + "/a", "rmi://" + hp + "/a?x", "rmi://" + hp + "/a#f", "rmi://u@" + hp + "/a",
                "rmi://127.0.0.1:notaport/a", "rmi:a", "rmi:", "RMI://" + hp + "/a", "a b", hp + "/a", "rmi:/a",
                "rmi://[::1]:" + port + "/a", "///a", "//" + hp + "/", "rmi:///", "rmi:///a");
        List<String> differ = new ArrayList<>();
        for (String url : urls) {
            boolean jdkRefuses = refusedByJavaRmi(url);
            boolean karmiRefuses;
            try {
                RegistryUrl.parse(url);
                karmiRefuses = false;
            } catch (MalformedURLException e) {
                karmiRefuses = true;
            }
            if (jdkRefuses != karmiRefuses) {
                differ.add(url + " (java.rmi " + (jdkRefuses ? "refuses" : "accepts") + ")");
            }
        }
        assertEquals(List.of(), differ);
    }

    private static boolean refusedByJavaRmi(String url) {
        try {
            java.rmi.Naming.lookup(url);
            return false;
        } catch (MalformedURLException e) {
            return true;
        } catch (RemoteException | java.rmi.NotBoundException | RuntimeException e) {
            return false;
        }
    }

    private static void assertUrl(String url, String host, int port, String name) throws Exception {
        RegistryUrl u = RegistryUrl.parse(url);
        assertEquals(host, u.host(), url);
        assertEquals(port, u.port(), url);
        assertEquals(name, u.name(), url);
    }
}
