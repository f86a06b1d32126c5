package org.karmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.MalformedURLException;

import org.junit.jupiter.api.Test;
import org.karmi.registry.Registry;

class RegistryUrlTest {

    @Test
    void parsesEveryUrlForm() throws Exception {
        assertUrl("karmi://h:1234/a", "h", 1234, "a");
        assertUrl("rmi://h/a", "h", Registry.REGISTRY_PORT, "a");
        assertUrl("//h:7/a", "h", 7, "a");
        assertUrl("a", "localhost", Registry.REGISTRY_PORT, "a");
        assertUrl("//:7/a", "localhost", 7, "a");
        assertUrl("karmi://[::1]:9/a/b", "::1", 9, "a/b");
        assertUrl("rmi://h:5/", "h", 5, "");
    }

    @Test
    void refusesForeignSchemesAndQueries() {
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("http://h/a"));
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("karmi://h/a?x=1"));
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("karmi://h:notaport/a"));
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("karmi://h:70000/a"));
        assertThrows(MalformedURLException.class, () -> RegistryUrl.parse("h:1/a"));
    }

    private static void assertUrl(String url, String host, int port, String name) throws Exception {
        RegistryUrl u = RegistryUrl.parse(url);
        assertEquals(host, u.host(), url);
        assertEquals(port, u.port(), url);
        assertEquals(name, u.name(), url);
    }
}
