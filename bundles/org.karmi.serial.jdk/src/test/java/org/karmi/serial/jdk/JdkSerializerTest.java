package org.karmi.serial.jdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectOutput;
import java.io.Serializable;
import java.net.URL;
import java.net.URLClassLoader;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.WireBuffer;

class JdkSerializerTest {

    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        int value;
        Node next;
    }

    interface Service extends Remote {
    }

    /** A "remote object"; the codec below stands in for the reference layer. */
    static final class ServiceImpl implements Service {
    }

    /** Writes remote objects as an index into a table, reads them back from it. */
    static final class TableCodec implements RemoteObjectCodec {
        final List<Remote> table = new ArrayList<>();

        @Override
        public void writeRemote(Remote object, ObjectOutput out) throws IOException {
            table.add(object);
            out.writeInt(table.size() - 1);
        }

        @Override
        public Remote readRemote(ObjectInput in) throws IOException {
            return table.get(in.readInt());
        }
    }

    private final Serializer serializer = new JdkSerializer();
    private final TableCodec codec = new TableCodec();

    private WireBuffer write(Object... values) throws IOException {
        WireBuffer buffer = new WireBuffer(16);
        buffer.clearForWrite(4);
        SerialOutput out = serializer.newOutput(codec);
        out.begin(buffer);
        out.writeInt(42);
        for (Object v : values) {
            out.writeObject(v);
        }
        out.writeDouble(2.5);
        out.finish();
        buffer.flipForRead(4, buffer.position);
        return buffer;
    }

    @Test
    void primitivesAndGraphsRoundTripWithSharingKept() throws Exception {
        Node a = new Node();
        a.value = 7;
        a.next = a; // a cycle
        WireBuffer buffer = write(a, new int[] {1, 2, 3}, "text");
        SerialInput in = serializer.newInput(codec);
        // as the reference layer's filter allows a remote interface's declared types
        in.begin(buffer, getClass().getClassLoader(), ObjectInputFilter.allowFilter(c -> c == Node.class,
                ObjectInputFilter.Status.UNDECIDED));
        assertEquals(42, in.readInt());
        Node back = (Node) in.readObject();
        assertNotSame(a, back);
        assertEquals(7, back.value);
        assertSame(back, back.next);
        assertArrayEquals(new int[] {1, 2, 3}, (int[]) in.readObject());
        assertEquals("text", in.readObject());
        assertEquals(2.5, in.readDouble());
        assertEquals(buffer.limit, buffer.position, "the whole message was consumed");
    }

    @Test
    void remoteObjectsTravelThroughTheCodecNotByCopy() throws Exception {
        ServiceImpl service = new ServiceImpl();
        WireBuffer buffer = write(service, List.of(service));
        SerialInput in = serializer.newInput(codec);
        in.begin(buffer, getClass().getClassLoader(), null);
        in.readInt();
        assertSame(service, in.readObject());
        assertSame(service, ((List<?>) in.readObject()).get(0));
    }

    @Test
    void filterRefusalIsAnInvalidClassException() throws Exception {
        WireBuffer buffer = write(new Node());
        SerialInput in = serializer.newInput(codec);
        ObjectInputFilter onlyStrings = ObjectInputFilter.Config.createFilter("java.lang.String;!*");
        in.begin(buffer, getClass().getClassLoader(), onlyStrings);
        in.readInt();
        assertThrows(InvalidClassException.class, in::readObject);
    }

    @Test
    void unknownClassNamesItselfAndTheLoader() throws Exception {
        WireBuffer buffer = write(new Node());
        SerialInput in = serializer.newInput(codec);
        try (URLClassLoader empty = new URLClassLoader("empty-loader", new URL[0], null)) {
            in.begin(buffer, empty, null);
            in.readInt();
            ClassNotFoundException e = assertThrows(ClassNotFoundException.class, in::readObject);
            assertTrue(e.getMessage().contains(Node.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("empty-loader"), e.getMessage());
        }
    }

    @Test
    void truncatedMessageIsAnIOExceptionNotAHang() throws Exception {
        WireBuffer buffer = write(new Node());
        buffer.limit = buffer.position + (buffer.limit - buffer.position) / 2;
        SerialInput in = serializer.newInput(codec);
        in.begin(buffer, getClass().getClassLoader(), null);
        in.readInt();
        assertThrows(IOException.class, in::readObject);
    }

    @Test
    void serviceLoaderFindsIt() {
        assertTrue(ServiceLoader.load(Serializer.class).stream().anyMatch(p -> p.type() == JdkSerializer.class));
    }
}
