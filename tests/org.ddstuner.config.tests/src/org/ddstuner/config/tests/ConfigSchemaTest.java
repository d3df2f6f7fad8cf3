package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;
import org.junit.jupiter.api.Test;

/** The bundled option catalogues of 0.10.2 and 11.0.1 as Cyclone's sources give them. */
class ConfigSchemaTest {

    @Test
    void bothLinesHaveEveryDocumentedPath() {
        // the numbers of paths in Cyclone's own options.md at the two tags
        assertEquals(194, ConfigSchema.of("0.10.2").current().size());
        assertEquals(217, ConfigSchema.of("11.0.1").current().size());
        for (String v : ConfigSchema.CATALOGUED) {
            ConfigSchema s = ConfigSchema.of(v);
            assertTrue(s.source().contains("github.com/eclipse-cyclonedds/cyclonedds/tree/" + v), s.source());
            assertTrue(s.licence().startsWith("EPL-2.0 OR BSD-3-Clause"), s.licence());
            assertTrue(s.commit().matches("[0-9a-f]{40}"), s.commit());
            for (OptionInfo o : s.current()) {
                assertFalse(o.help() == null || o.help().isBlank(), v + " " + o.path() + " has no help");
            }
        }
    }

    @Test
    void defaultsUnitsAndRangesDifferPerVersion() {
        OptionInfo old = ConfigSchema.of("0.10.2").find("//CycloneDDS/Domain/Discovery/MaxAutoParticipantIndex").orElseThrow();
        OptionInfo now = ConfigSchema.forVersion("11.0.1").find("Domain/Discovery/MaxAutoParticipantIndex").orElseThrow();
        assertEquals("9", old.defaultValue());
        assertEquals("99", now.defaultValue());
        OptionInfo mms = ConfigSchema.of("0.10.2").find("domain/general/maxmessagesize").orElseThrow();
        assertEquals("14720 B", mms.defaultValue());
        assertEquals("memsize", mms.unit());
        assertTrue(mms.unitsHelp().contains("KiB"), mms.unitsHelp());
        OptionInfo ttl = ConfigSchema.of("0.10.2").find("Domain/General/MulticastTimeToLive").orElseThrow();
        assertEquals("0", ttl.rangeMin());
        assertEquals("255", ttl.rangeMax());
        OptionInfo peer = ConfigSchema.of("11.0.1").find("//CycloneDDS/Domain/Discovery/Peers/Peer/@address").orElseThrow();
        assertTrue(peer.isAttribute());
        assertEquals("Address", peer.name().substring(1));
    }

    @Test
    void sharedMemoryIsDeprecatedIn11AndRenamedNamesAreFlagged() {
        assertTrue(ConfigSchema.of("0.10.2").find("Domain/SharedMemory/Enable").isPresent());
        assertTrue(ConfigSchema.of("11.0.1").find("Domain/SharedMemory/Enable").orElseThrow().deprecated());
        assertTrue(ConfigSchema.of("11.0.1").find("Domain/General/Interfaces/PubSubMessageExchange").isPresent());
        OptionInfo moved = ConfigSchema.of("0.10.2").find("CycloneDDS/General").orElseThrow();
        assertTrue(moved.isMoved());
        assertEquals("CycloneDDS/Domain/General", moved.movedTo());
        OptionInfo depr = ConfigSchema.of("0.10.2").find("Domain/General/NetworkInterfaceAddress").orElseThrow();
        assertTrue(depr.deprecated());
        OptionInfo minRecv = ConfigSchema.of("11.0.1").find("Domain/Internal/MinimumSocketReceiveBufferSize").orElseThrow();
        assertEquals("CycloneDDS/Domain/Internal/SocketReceiveBufferSize[@min]", minRecv.movedTo());
        // one-click migration: a moved prefix is rewritten
        assertEquals("CycloneDDS/Domain/General/MaxMessageSize",
                ConfigSchema.of("0.10.2").migrate("//CycloneDDS/General/MaxMessageSize").orElseThrow());
        assertTrue(ConfigSchema.of("0.10.2").migrate("Domain/General/MaxMessageSize").isEmpty());
    }
}
