package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.NotSerializableException;
import java.rmi.MarshalException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.karmi.serial.UkaSerializer;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.serial.Serializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * A {@code Remote} object that is not exported travels by value (serialized), an exported one
 * by reference, as with {@code java.rmi} (issue 12, item 3): with both serializers, through the
 * local short-cut and over TCP between two nodes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ByValueRemoteTest {

    private KarmiNode server;
    private KarmiNode client;

    @AfterEach
    void stop() {
        if (client != null && client != server) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** {@code serializer-route}: jdk or uka, local (one node) or tcp (two nodes). */
    private Service service(String mode) throws Exception {
        String[] parts = mode.split("-");
        server = node(parts[0]);
        client = parts[1].equals("local") ? server : node(parts[0]);
        server.registry().rebind("s", server.export(new ServiceImpl(server, "server")));
        return (Service) (client == server ? server.registry().lookup("s")
                : client.registry("127.0.0.1", TestNodes.port(server)).lookup("s"));
    }

    private static KarmiNode node(String serializer) throws Exception {
        Serializer s = serializer.equals("uka") ? new UkaSerializer() : new JdkSerializer();
        KarmiNode n = new KarmiNode(NodeConfig.from(Map.of()), s);
        n.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk-local", "jdk-tcp", "uka-local", "uka-tcp"})
    void notExportedSerializableRemoteTravelsByValue(String mode) throws Exception {
        Service service = service(mode);
        CountingCallback cb = new CountingCallback();
        assertEquals(16, service.callBack(cb, 5), "the server called its copy");
        assertEquals(0, cb.calls, "the caller's object was not called back");
        Object echoed = service.echo(cb);
        assertNotSame(cb, assertInstanceOf(CountingCallback.class, echoed), "a copy came back");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk-local", "jdk-tcp", "uka-local", "uka-tcp"})
    void exportedRemoteTravelsByReference(String mode) throws Exception {
        Service service = service(mode);
        CountingCallback cb = new CountingCallback();
        Callback stub = (Callback) client.export(cb);
        assertEquals(16, service.callBack(cb, 5), "the exported object itself as the argument");
        assertEquals(16, service.callBack(stub, 5), "its stub as the argument");
        assertEquals(2, cb.calls, "both calls came back to the caller's object");
        assertEquals(stub, service.echo(cb), "a reference came back");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk-local", "jdk-tcp", "uka-local", "uka-tcp"})
    void notExportedUnserializableRemoteGivesMarshalException(String mode) throws Exception {
        Service service = service(mode);
        Callback lambda = n -> n;
        MarshalException e = assertThrows(MarshalException.class, () -> service.callBack(lambda, 1));
        Throwable c = e;
        while (c != null && !(c instanceof NotSerializableException)) {
            c = c.getCause();
        }
        assertTrue(c != null, "caused by NotSerializableException: " + e);
        assertEquals(7, service.add(3, 4), "the streams still work afterwards");
    }
}
