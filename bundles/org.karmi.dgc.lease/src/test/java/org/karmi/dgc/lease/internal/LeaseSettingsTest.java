package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.Test;
import org.karmi.spi.dgc.DistributedCollector;

/** Where the lease collector's settings come from: java.rmi's property, the component's configuration, system properties. */
class LeaseSettingsTest {

    @Test
    void javaRmiLeaseValueIsTheDefaultLease() {
        assertEquals(600_000, LeaseSettings.fromProperties(Map.<String, String>of()::get).leaseMillis());
        assertEquals(1234, LeaseSettings.fromProperties(Map.of("java.rmi.dgc.leaseValue", "1234")::get).leaseMillis());
        assertEquals(99, LeaseSettings.fromProperties(Map.of("java.rmi.dgc.leaseValue", "1234",
                "karmi.dgc.lease.leaseMillis", "99")::get).leaseMillis(), "the collector's own property wins");
    }

    @Test
    void javaRmiLeaseValueSystemPropertyIsHonouredByTheServiceLoaderEntryAndTheComponent() {
        String before = System.getProperty("java.rmi.dgc.leaseValue");
        System.setProperty("java.rmi.dgc.leaseValue", "4321");
        try {
            assertEquals(4321, new LeaseCollector().settings().leaseMillis());
            assertEquals(4321, new LeaseCollectorComponent(config(0, 500, 5)).settings().leaseMillis());
            assertEquals(7000, new LeaseCollectorComponent(config(7000, 500, 5)).settings().leaseMillis(),
                    "a configured lease wins");
        } finally {
            if (before == null) {
                System.clearProperty("java.rmi.dgc.leaseValue");
            } else {
                System.setProperty("java.rmi.dgc.leaseValue", before);
            }
        }
    }

    @Test
    void otherSettingsComeFromKarmiProperties() {
        LeaseSettings s = LeaseSettings.fromProperties(Map.of("karmi.dgc.lease.cleanBatchMillis", "7",
                "karmi.dgc.lease.maxCleanRetries", "2")::get);
        assertEquals(new LeaseSettings(600_000, 7, 2), s);
        assertEquals(LeaseSettings.DEFAULTS, LeaseSettings.fromProperties(k -> null));
    }

    @Test
    void badValuesAreRefusedWithTheirName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LeaseSettings.fromProperties(Map.of("java.rmi.dgc.leaseValue", "ten minutes")::get));
        assertTrue(e.getMessage().contains("java.rmi.dgc.leaseValue"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LeaseSettings(5, 0, 0));
        assertTrue(e.getMessage().contains("leaseMillis must be >= 10"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LeaseSettings(1000, -1, 0));
    }

    @Test
    void modifiedConfigurationChangesTheLeaseWithoutARestart() {
        LeaseCollectorComponent c = new LeaseCollectorComponent(config(5000, 500, 5));
        c.modified(config(8000, 100, 1));
        assertEquals(new LeaseSettings(8000, 100, 1), c.settings());
    }

    @Test
    void retryDelaysDoubleFromASecondAndStayWithinAnEighthOfTheLease() {
        assertEquals(List.of(1000L, 2000L, 4000L, 8000L, 16000L, 32000L, 64000L, 75000L, 75000L),
                java.util.stream.IntStream.rangeClosed(1, 9)
                        .mapToObj(f -> LeaseSettings.retryDelayMillis(600_000, f)).toList());
        assertEquals(List.of(62L, 124L, 125L), java.util.stream.IntStream.rangeClosed(1, 3)
                .mapToObj(f -> LeaseSettings.retryDelayMillis(1000, f)).toList());
        assertEquals(1, LeaseSettings.retryDelayMillis(10, 1));
    }

    @Test
    void componentRegistersTheLeaseCollectorUnderItsConfigurationPid() throws IOException {
        String xml = resource("OSGI-INF/org.karmi.dgc.lease.internal.LeaseCollectorComponent.xml");
        assertTrue(xml.contains("configuration-pid=\"org.karmi.dgc.lease\""), xml);
        assertTrue(xml.contains("modified=\"modified\""), xml);
        assertTrue(xml.contains("<property name=\"karmi.collector\" type=\"String\" value=\"lease\"/>"), xml);
        assertTrue(xml.contains("<provide interface=\"org.karmi.spi.dgc.DistributedCollector\"/>"), xml);
        String metatype = resource("OSGI-INF/metatype/org.karmi.dgc.lease.internal.LeaseConfiguration.xml");
        for (String key : List.of("leaseMillis", "cleanBatchMillis", "maxCleanRetries")) {
            assertTrue(metatype.contains("id=\"" + key + "\""), metatype);
        }
    }

    @Test
    void serviceLoaderFindsTheLeaseCollector() {
        List<DistributedCollector> found = StreamSupport.stream(
                ServiceLoader.load(DistributedCollector.class, getClass().getClassLoader()).spliterator(), false).toList();
        assertEquals(List.of("lease"), found.stream().map(DistributedCollector::name).toList());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = LeaseSettingsTest.class.getClassLoader().getResourceAsStream(name)) {
            assertTrue(in != null, name + " not generated by bnd");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static LeaseConfiguration config(long lease, long cleanBatch, int retries) {
        return (LeaseConfiguration) Proxy.newProxyInstance(LeaseSettingsTest.class.getClassLoader(),
                new Class<?>[] {LeaseConfiguration.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "leaseMillis" -> lease;
                    case "cleanBatchMillis" -> cleanBatch;
                    case "maxCleanRetries" -> retries;
                    case "annotationType" -> LeaseConfiguration.class;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
