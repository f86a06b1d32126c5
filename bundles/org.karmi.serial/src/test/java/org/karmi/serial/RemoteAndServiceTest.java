package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.internal.UkaSerializerComponent;
import org.karmi.serial.model.GNode;
import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.WireBuffer;

/** Remote objects travel through the codec; the serializer is found by ServiceLoader and built by the component. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RemoteAndServiceTest {

    interface Service extends Remote {
    }

    static final class Exported implements Service {
    }

    /** Writes a number per remote object; reads back the same objects from a table. */
    static final class TableCodec implements RemoteObjectCodec {
        final List<Remote> table = new ArrayList<>();
        int writes;

        @Override
        public void writeRemote(Remote object, ObjectOutput out) throws IOException {
            writes++;
            int i = table.indexOf(object);
            if (i < 0) {
                table.add(object);
                i = table.size() - 1;
            }
            out.writeInt(i);
        }

        @Override
        public Remote readRemote(ObjectInput in) throws IOException {
            return table.get(in.readInt());
        }
    }

    @Test
    void remoteObjectsGoThroughTheCodecOncePerMessage() throws Exception {
        TableCodec codec = new TableCodec();
        UkaSerializer s = new UkaSerializer(UkaConfig.builder().allow("org.karmi.serial.*").build());
        MarshalOutput out = s.newOutput(codec);
        MarshalInput in = s.newInput(codec);
        Exported e = new Exported();
        GNode g = new GNode(1);
        g.payload = e;
        WireBuffer b = new WireBuffer(32);
        out.begin(b);
        out.writeObject(g);
        out.writeObject(e);
        out.finish();
        assertEquals(1, codec.writes, "written once, then a back-reference");
        b.flipForRead(0, b.position);
        in.begin(b, getClass().getClassLoader(), null);
        GNode copy = (GNode) in.readObject();
        assertSame(e, copy.payload);
        assertSame(e, in.readObject());
        assertEquals(0, b.remaining());
    }

    @Test
    void serviceLoaderFindsTheUkaSerializer() {
        boolean found = false;
        for (Serializer s : ServiceLoader.load(Serializer.class, getClass().getClassLoader())) {
            found |= s instanceof UkaSerializer && s.name().equals("uka") && s.version() == 2;
        }
        assertTrue(found);
    }

    @Test
    void componentTakesLimitsAndAllowListFromItsProperties() throws Exception {
        UkaSerializer c = new UkaSerializerComponent(Map.of("maxDepth", "3", "allow", "org.karmi.serial.*"),
                ComponentContexts.framework(Map.of(), new ArrayList<>())).serializer();
        assertEquals("uka", c.name());
        MarshalOutput out = (MarshalOutput) c.newOutput(null);
        WireBuffer b = new WireBuffer(8);
        out.begin(b);
        out.writeObject(new ArrayList<>(List.of(new ArrayList<>(List.of("x")))));
        out.finish();
        MarshalInput in = (MarshalInput) c.newInput(null);
        b.flipForRead(0, b.position);
        in.begin(b, getClass().getClassLoader(), null);
        assertEquals(List.of(List.of("x")), in.readObject());
        // depth 4 exceeds the configured 3
        b.clearForWrite(0);
        out.begin(b);
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> out.writeObject(List.of(List.of(List.of(List.of())))));
        assertTrue(e.getMessage().contains("deeper than 3"), e.getMessage());
    }
}
