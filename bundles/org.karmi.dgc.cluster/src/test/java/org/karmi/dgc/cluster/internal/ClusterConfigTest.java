package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.karmi.spi.dgc.DistributedCollector;

/** Settings: defaults, values by name, refusals that name the setting; the collector found by ServiceLoader. */
class ClusterConfigTest {

    @Test
    void nothingSetGivesTheDefaults() {
        assertEquals(ClusterConfig.defaults(), ClusterConfig.from(name -> null));
        assertEquals(new ClusterConfig(5, 1024), ClusterConfig.defaults());
    }

    @Test
    void settingsAreReadByName() {
        Map<String, String> p = Map.of("batchWindowMillis", " 0 ", "maxIdsPerMessage", "17");
        assertEquals(new ClusterConfig(0, 17), ClusterConfig.from(p::get));
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.from(Map.of("batchWindowMillis", "soon")::get)).getMessage().contains("batchWindowMillis"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new ClusterConfig(-1, 10)).getMessage()
                .contains("batchWindowMillis"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.from(Map.of("maxIdsPerMessage", "65536")::get)).getMessage().contains("maxIdsPerMessage"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.from(Map.of("maxIdsPerMessage", "99999999999")::get)).getMessage()
                .contains("maxIdsPerMessage"));
    }

    @Test
    void serviceLoaderFindsTheClusterCollector() {
        assertTrue(ServiceLoader.load(DistributedCollector.class).stream()
                .anyMatch(p -> p.get().name().equals(ClusterCollector.NAME)));
    }
}
