package org.karmi.rsa.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.transport.Utid;

/** The endpoint properties carry the object id and every UTID, and read back as discovery hands them over. */
class KarmiEndpointsTest {

    private static final List<Utid> UTIDS = List.of(new Utid("parastation", new byte[] {1, 2, 3, (byte) 0xff}),
            new Utid("tcp", new byte[] {127, 0, 0, 1, 8, 51}));

    @Test
    void referenceRoundTripsThroughEndpointProperties() {
        StubReference ref = new StubReference(new ObjectId(0x8f3a0c1d22e4b5a6L, 7), new String[] {"a.Greeter"}, UTIDS, false,
                null);
        Map<String, Object> props = new HashMap<>();
        KarmiEndpoints.write(ref, props);
        assertEquals("8f3a0c1d22e4b5a6", props.get(KarmiEndpoints.NODE));
        assertEquals(7L, props.get(KarmiEndpoints.OBJECT));
        assertEquals("karmi:8f3a0c1d22e4b5a6/7", props.get("endpoint.id"));
        assertArrayEquals(new String[] {"parastation:AQID/w==", "tcp:fwAAAQgz"}, (String[]) props.get(KarmiEndpoints.UTIDS));

        StubReference back = KarmiEndpoints.read(props, new String[] {"a.Greeter"});
        assertEquals(ref.objectId(), back.objectId());
        assertEquals(UTIDS, back.utids());
        assertArrayEquals(new String[] {"a.Greeter"}, back.interfaceNames());
    }

    @Test
    void propertiesAsDiscoveriesKeepThemAreRead() {
        Map<String, Object> props = new HashMap<>();
        props.put(KarmiEndpoints.NODE, "00000000000000ff");
        props.put(KarmiEndpoints.OBJECT, "12"); // a discovery that keeps only strings
        props.put(KarmiEndpoints.UTIDS, List.of("tcp:fwAAAQgz")); // a collection instead of an array
        StubReference ref = KarmiEndpoints.read(props, new String[] {"a.B"});
        assertEquals(new ObjectId(255, 12), ref.objectId());
        assertEquals(List.of(UTIDS.get(1)), ref.utids());
    }

    @Test
    void missingOrMalformedPropertiesAreNamed() {
        Map<String, Object> props = new HashMap<>();
        props.put(KarmiEndpoints.OBJECT, 1L);
        props.put(KarmiEndpoints.UTIDS, new String[] {"tcp:fwAAAQgz"});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KarmiEndpoints.read(props, new String[0]));
        assertTrue(e.getMessage().contains(KarmiEndpoints.NODE), e.getMessage());
        props.put(KarmiEndpoints.NODE, "ff");
        props.put(KarmiEndpoints.UTIDS, new String[0]);
        e = assertThrows(IllegalArgumentException.class, () -> KarmiEndpoints.read(props, new String[0]));
        assertTrue(e.getMessage().contains(KarmiEndpoints.UTIDS), e.getMessage());
        props.put(KarmiEndpoints.UTIDS, new String[] {"no-colon"});
        e = assertThrows(IllegalArgumentException.class, () -> KarmiEndpoints.read(props, new String[0]));
        assertTrue(e.getMessage().contains("no-colon"), e.getMessage());
    }

    @Test
    void osgiBasicAndOsgiAsyncAreHonouredAndNothingElse() {
        Map<String, Object> props = new HashMap<>();
        props.put("service.exported.intents", new String[] {"osgi.basic", "osgi.async"});
        assertEquals(Set.of(), Intents.unsupported(props));
        props.put("service.exported.intents.extra", new String[] {"osgi.confidential", "osgi.basic"});
        assertEquals(Set.of("osgi.confidential"), Intents.unsupported(props));
        props.remove("service.exported.intents.extra");
        props.put("service.intents", "acme.cached");
        assertArrayEquals(new String[] {"acme.cached", "osgi.basic", "osgi.async"}, Intents.realized(props));
    }
}
