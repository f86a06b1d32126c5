package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.karmi.serial.internal.UkaSerializerComponent;
import org.karmi.serial.model.Int32;

/** The uka DS component built without OSGi: the serializer is the service, fallback to framework properties, changes. */
class UkaSerializerComponentTest {

    @Test
    void registeredServiceIsTheSerializerItselfWithItsNameAndRanking() {
        List<Object[]> registered = new ArrayList<>();
        UkaSerializerComponent c = new UkaSerializerComponent(Map.of(), ComponentContexts.framework(Map.of(), registered));
        assertEquals(1, registered.size());
        assertSame(c.serializer(), registered.get(0)[0]);
        Dictionary<?, ?> props = (Dictionary<?, ?>) registered.get(0)[1];
        assertEquals("uka", props.get("karmi.serializer"));
        assertEquals(UkaSerializerComponent.RANKING, props.get("service.ranking"));
    }

    @Test
    void unconfiguredKeysFallBackToFrameworkPropertiesAndConfigurationWins() {
        UkaSerializerComponent fromFramework = new UkaSerializerComponent(Map.of(), ComponentContexts.framework(
                Map.of("karmi.serial.uka.maxDepth", "7", "karmi.serial.allow", "org.karmi.serial.model.*"),
                new ArrayList<>()));
        assertEquals(7, fromFramework.serializer().config().maxDepth());
        assertTrue(fromFramework.serializer().config().allows(Int32.class), "karmi.serial.allow is the allow fallback");
        UkaSerializerComponent configured = new UkaSerializerComponent(Map.of("maxDepth", 9, "allow", new String[0]),
                ComponentContexts.framework(Map.of("karmi.serial.uka.maxDepth", "7"), new ArrayList<>()));
        assertEquals(9, configured.serializer().config().maxDepth());
    }

    @Test
    void changedConfigurationRegistersANewSerializerAndAnUnchangedOneKeepsIt() throws Exception {
        List<Object[]> registered = new ArrayList<>();
        UkaSerializerComponent c = new UkaSerializerComponent(Map.of("maxDepth", "5"),
                ComponentContexts.framework(Map.of(), registered));
        UkaSerializer first = c.serializer();
        java.lang.reflect.Method modified = UkaSerializerComponent.class.getDeclaredMethod("modified", Map.class);
        modified.setAccessible(true);
        modified.invoke(c, Map.of("maxDepth", 5));
        assertSame(first, c.serializer());
        modified.invoke(c, Map.of("maxDepth", 5, "allow", "org.karmi.serial.model.Int32"));
        assertNotSame(first, c.serializer());
        assertTrue(c.serializer().config().allows(Int32.class));
        assertEquals(1, registered.size());
        assertSame(c.serializer(), registered.get(0)[0]);
    }

    @Test
    void badNumberIsRejectedNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new UkaSerializerComponent(
                Map.of("maxTypes", "lots"), ComponentContexts.framework(Map.of(), new ArrayList<>())));
        assertTrue(e.getMessage().contains("maxTypes"), e.getMessage());
        assertFalse(UkaSerializerComponent.configFrom(Map.of()).allows(Int32.class));
    }
}
