package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.dds.ConfigRejectedException;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.InvalidConfigException;
import org.junit.jupiter.api.Test;

/**
 * Well-formed configurations that libddsc itself rejects: the exception carries Cyclone's words (which it only
 * logs; dds_create_domain just returns "Error (-1)"), and the domain id stays usable. Domain 94.
 */
class ConfigRejectedTest {

    private static final int DOMAIN = 94;

    /** The loopback-only configuration with {@code extra} inserted on the line after {@code <General>} (line 4). */
    private static String loopbackWith(String extra) {
        String xml = CycloneConfig.loopbackOnly();
        assertTrue(xml.lines().toList().get(2).strip().equals("<General>"), xml);
        return xml.replaceFirst("<General>\n", "<General>\n      " + extra + "\n");
    }

    @Test
    void unknownElementIsNamedWithItsPathAndLine() {
        String xml = loopbackWith("<Foo>1</Foo>");
        ConfigRejectedException e = assertThrows(ConfigRejectedException.class, () -> Domain.create(DOMAIN, xml));
        assertEquals(List.of("config: //CycloneDDS/Domain/General: Foo: unknown element (line 4)"), e.errors(),
                e.getMessage());
        assertEquals("Cyclone rejected the configuration: config: //CycloneDDS/Domain/General: Foo: unknown element "
                + "(line 4)", e.getMessage());
        assertEquals(4, e.line());
        assertTrue(e instanceof InvalidConfigException, "callers that handle bad configurations handle this too");
        assertFalse(e.getMessage().contains("CYCLONEDDS_URI"), e.getMessage());
    }

    @Test
    void badValueIsNamedWithTheValue() {
        String xml = loopbackWith("<MaxMessageSize>abc</MaxMessageSize>");
        ConfigRejectedException e = assertThrows(ConfigRejectedException.class, () -> Domain.create(DOMAIN, xml));
        assertEquals(List.of("config: //CycloneDDS/Domain/General/MaxMessageSize/#text: abc: invalid value (line 4)"),
                e.errors(), e.getMessage());
    }

    @Test
    void afterARejectionTheDomainIdWorks() {
        assertThrows(ConfigRejectedException.class, () -> Domain.create(DOMAIN, loopbackWith("<Foo>1</Foo>")));
        try (Domain d = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            assertEquals(DOMAIN, d.domainId());
            assertFalse(d.createParticipant().isClosed());
        }
    }
}
