package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.hooks.Ext;
import org.karmi.serial.hooks.Hooked;
import org.karmi.serial.hooks.NoData;
import org.karmi.serial.hooks.Replaced;
import org.karmi.serial.hooks.Singleton;
import org.karmi.serial.model.GNode;

/** Classes with JDK serialization hooks behave inside a UKA stream as under JDK serialization. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JdkFallbackTest {

    private static Object jdkTrip(Object o) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
            oos.writeObject(o);
        }
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            return ois.readObject();
        }
    }

    @Test
    void writeObjectAndReadObjectRunAsUnderTheJdk() throws Exception {
        Hooked h = new Hooked(21);
        Hooked jdk = (Hooked) jdkTrip(h);
        Hooked uka = Trip.of(Mode.RUNTIME).roundTrip(h);
        assertEquals(jdk.value, uka.value);
        assertEquals(jdk.doubled, uka.doubled);
        assertEquals(21, uka.checksumSeen);
        assertEquals(jdk.checksumSeen, uka.checksumSeen);
    }

    @Test
    void writeReplaceAndReadResolveRunAsUnderTheJdk() throws Exception {
        Replaced r = new Replaced("form");
        Replaced jdk = (Replaced) jdkTrip(r);
        Replaced uka = Trip.of(Mode.RUNTIME).roundTrip(r);
        assertTrue(jdk.viaSerialForm);
        assertTrue(uka.viaSerialForm);
        assertEquals("form", uka.text);
    }

    @Test
    void readResolveKeepsASingletonUnique() throws Exception {
        assertSame(Singleton.INSTANCE, jdkTrip(Singleton.INSTANCE));
        assertSame(Singleton.INSTANCE, Trip.of(Mode.RUNTIME).roundTrip(Singleton.INSTANCE));
    }

    @Test
    void externalizableRunsItsConstructorAndReadExternal() throws Exception {
        Ext e = new Ext("ext", 99);
        Ext uka = Trip.of(Mode.RUNTIME).roundTrip(e);
        Ext jdk = (Ext) jdkTrip(e);
        assertEquals(jdk.name, uka.name);
        assertEquals(99, uka.number);
        assertTrue(uka.constructed);
    }

    @Test
    void readObjectNoDataClassIsNotCalledWhenTheStreamHasTheClass() throws Exception {
        NoData n = new NoData();
        n.x = 5;
        NoData uka = Trip.of(Mode.RUNTIME).roundTrip(n);
        assertEquals(((NoData) jdkTrip(n)).noDataCalled, uka.noDataCalled);
        assertFalse(uka.noDataCalled);
        assertEquals(5, uka.x);
    }

    @Test
    void fallbackObjectsKeepIdentityInTheOuterGraphAndMixWithUkaObjects() throws Exception {
        Hooked h = new Hooked(3);
        GNode g = new GNode(1);
        g.payload = h;
        g.next = g;
        List<Object> list = new ArrayList<>(List.of(h, g, h, new Date(1234), new IllegalStateException("boom")));
        List<?> copy = Trip.of(Mode.GENERATED).roundTrip(list);
        assertSame(copy.get(0), copy.get(2));
        GNode cg = (GNode) copy.get(1);
        assertSame(copy.get(0), cg.payload);
        assertSame(cg, cg.next);
        assertEquals(new Date(1234), copy.get(3));
        assertEquals("boom", ((IllegalStateException) copy.get(4)).getMessage());
    }

    @Test
    void aClassThatIsNotSerializableIsRefusedOnWriting() {
        Object notSerializable = new Object() {
        };
        NotSerializableException e = assertThrows(NotSerializableException.class,
                () -> Trip.of(Mode.RUNTIME).write(new ArrayList<>(List.of(notSerializable))));
        assertTrue(e.getMessage().contains("JdkFallbackTest"), e.getMessage());
    }
}
