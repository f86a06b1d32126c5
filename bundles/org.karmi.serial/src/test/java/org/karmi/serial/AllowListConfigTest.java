package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.internal.UkaSerializerComponent;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Point;
import org.karmi.serial.hooks.Ext;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AllowListConfigTest {

    @Test
    void doubleStarPatternAllowsThePackageAndItsSubPackages() {
        UkaConfig c = UkaConfig.builder().allow(" org.karmi.serial.model.** ", "").build();
        assertTrue(c.allows(Int32.class));
        assertFalse(c.allows(Ext.class));
        assertTrue(UkaConfig.builder().allow("org.karmi.**").build().allows(Ext.class));
    }

    @Test
    void noArgConstructorReadsTheSystemProperty() {
        String old = System.getProperty(UkaSerializer.ALLOW_PROPERTY);
        try {
            System.setProperty(UkaSerializer.ALLOW_PROPERTY, "org.karmi.serial.model.Point, org.karmi.serial.hooks.**");
            UkaConfig c = new UkaSerializer().config();
            assertTrue(c.allows(Point.class));
            assertTrue(c.allows(Ext.class));
            assertFalse(c.allows(Int32.class));
            System.clearProperty(UkaSerializer.ALLOW_PROPERTY);
            assertFalse(new UkaSerializer().config().allows(Point.class), "nothing allowed by default");
        } finally {
            if (old == null) {
                System.clearProperty(UkaSerializer.ALLOW_PROPERTY);
            } else {
                System.setProperty(UkaSerializer.ALLOW_PROPERTY, old);
            }
        }
    }

    @Test
    void componentReadsAllowAsStringArrayOrCollection() {
        assertTrue(UkaSerializerComponent.configFrom(Map.of("allow", "org.karmi.serial.model.**,x.Y")).allows(Int32.class));
        assertTrue(UkaSerializerComponent.configFrom(Map.of("allow", new String[] {"org.karmi.serial.model.*"}))
                .allows(Int32.class));
        assertTrue(UkaSerializerComponent.configFrom(Map.of("allow", List.of("org.karmi.serial.model.Int32")))
                .allows(Int32.class));
        assertFalse(UkaSerializerComponent.configFrom(Map.of()).allows(Int32.class));
    }
}
