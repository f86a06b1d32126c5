package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.MalformedURLException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.Naming;
import org.karmi.registry.Registry;

/**
 * {@link Naming} with {@code java.rmi.Naming}'s URL forms against a node installed as the
 * default runtime (issue 12, item 5): every form with a host and port reaches the node's
 * registry, a URL without a name returns the registry itself, {@code list} writes URLs as
 * {@code java.rmi} does, and malformed URLs are refused before any network traffic.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NamingTest {

    private KarmiNode node;
    private int port;
    private Service service;

    @BeforeEach
    void start() throws Exception {
        node = FacadeNodes.install(Map.of());
        port = TestNodes.port(node);
        service = (Service) node.export(new ServiceImpl(node, "named"));
    }

    @AfterEach
    void stop() {
        FacadeNodes.remove(node);
    }

    @Test
    void everyUrlFormWithHostAndPortReachesTheRegistry() throws Exception {
        String[] forms = {"//127.0.0.1:" + port + "/", "rmi://127.0.0.1:" + port + "/", "karmi://127.0.0.1:" + port + "/",
            "rmi://:" + port + "/", "//:" + port + "/", "//localhost:" + port + "/"};
        int i = 0;
        for (String prefix : forms) {
            String name = "n" + i++;
            Naming.bind(prefix + name, service);
            assertThrows(AlreadyBoundException.class, () -> Naming.bind(prefix + name, service), prefix);
            Naming.rebind(prefix + name, service);
            assertEquals("named", ((Service) Naming.lookup(prefix + name)).name(), prefix);
            Naming.unbind(prefix + name);
            assertThrows(NotBoundException.class, () -> Naming.lookup(prefix + name), prefix);
        }
    }

    @Test
    void urlWithoutANameReturnsTheRegistryItself() throws Exception {
        Naming.rebind("//127.0.0.1:" + port + "/x", service);
        for (String url : new String[] {"rmi://127.0.0.1:" + port + "/", "rmi://127.0.0.1:" + port, "//127.0.0.1:" + port}) {
            Remote r = Naming.lookup(url);
            Registry registry = assertInstanceOf(Registry.class, r, url);
            assertArrayEquals(new String[] {"x"}, registry.list(), url);
        }
    }

    @Test
    void listGivesUrlsWithHostAndPortAsGiven() throws Exception {
        Naming.rebind("rmi://127.0.0.1:" + port + "/x", service);
        assertArrayEquals(new String[] {"//127.0.0.1:" + port + "/x"}, Naming.list("rmi://127.0.0.1:" + port + "/ignored"));
        assertArrayEquals(new String[] {"//:" + port + "/x"}, Naming.list("//:" + port));
    }

    @Test
    void malformedUrlsAndNullObjectsAreRefusedAsJavaRmiRefusesThem() {
        for (String url : new String[] {"http://127.0.0.1:" + port + "/x", "rmi://127.0.0.1:" + port + "/x?q",
            "rmi://127.0.0.1:" + port + "/x#f", "rmi:x", "a b"}) {
            assertThrows(MalformedURLException.class, () -> Naming.lookup(url), url);
            assertThrows(MalformedURLException.class, () -> Naming.rebind(url, service), url);
            assertThrows(MalformedURLException.class, () -> Naming.list(url), url);
        }
        assertThrows(NullPointerException.class, () -> Naming.bind("//127.0.0.1:" + port + "/n", null));
        assertThrows(NullPointerException.class, () -> Naming.rebind("//127.0.0.1:" + port + "/n", null));
    }
}
