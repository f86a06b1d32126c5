package org.karmi.examples.endpointfiles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ConfigFileFormatTest {

    @Test
    void endpointPropertiesKeepTheirTypesInFelixConfigFormat() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("objectClass", new String[] {"org.karmi.examples.greeter.Greeter"});
        p.put("endpoint.service.id", 42L);
        p.put("endpoint.id", "karmi:00000000000000ab/7");
        p.put("org.karmi.utids", new String[] {"parastation:AAE=", "tcp:fwAAAQgz"});
        p.put("count", 3);
        p.put("flag", true);
        p.put("ids", new long[] {1, 2});
        p.put("configs", List.of("org.karmi"));
        p.put("quote", "a\"b\\c\n");
        p.put("none", null);
        assertEquals("""
                # a comment
                configs=( "org.karmi" )
                count=I"3"
                endpoint.id="karmi:00000000000000ab/7"
                endpoint.service.id=L"42"
                flag=Z"true"
                ids=l[ "1", "2" ]
                objectClass=[ "org.karmi.examples.greeter.Greeter" ]
                org.karmi.utids=[ "parastation:AAE=", "tcp:fwAAAQgz" ]
                quote="a\\"b\\\\c\\n"
                """, ConfigFileFormat.write("a comment", p));
    }

    @Test
    void fileNameIsAFactoryConfigurationOfTheConfigDiscovery() {
        assertEquals("org.apache.aries.rsa.discovery.config-karmi_00000000000000ab_7.config",
                EndpointFilePublisher.fileName("karmi:00000000000000ab/7"));
    }
}
