package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.InvalidConfigException;
import org.ddstuner.dds.PreconditionNotMetException;
import org.junit.jupiter.api.Test;

class ConfigTest {

    private static final int DOMAIN = 61;

    @Test
    void loopbackConfigIsValidAndSaysWhatItMeans() {
        String xml = CycloneConfig.loopbackOnly();
        assertDoesNotThrow(() -> CycloneConfig.validate(xml));
        assertTrue(xml.contains("address=\"127.0.0.1\"") && xml.contains("<AllowMulticast>false</AllowMulticast>")
                && xml.contains("<ParticipantIndex>auto</ParticipantIndex>")
                && xml.contains("<MaxAutoParticipantIndex>120</MaxAutoParticipantIndex>"), xml);
        // receive side only: discovery samples of thousands of endpoints no longer overflow Cyclone's 256
        assertTrue(xml.contains("<DeliveryQueueMaxSamples>4096</DeliveryQueueMaxSamples>"), xml);
        assertDoesNotThrow(() -> CycloneConfig.validate(CycloneConfig.loopbackOnly(true)));
        assertTrue(CycloneConfig.loopbackOnly(true).contains("EnableTopicDiscoveryEndpoints"));
    }

    @Test
    void malformedXmlReportsLineAndColumn() {
        String bad = "<CycloneDDS>\n  <Domain>\n    <General></Genral>\n  </Domain>\n</CycloneDDS>";
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> CycloneConfig.validate(bad));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.column() > 0, e.getMessage());
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
    }

    @Test
    void wrongRootAndEmptyAreRejected() {
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> CycloneConfig.validate("<Foo/>"));
        assertTrue(e.getMessage().contains("<CycloneDDS>"), e.getMessage());
        assertThrows(InvalidConfigException.class, () -> CycloneConfig.validate("  "));
    }

    @Test
    void domainValidatesBeforeCycloneSeesTheText() {
        assertThrows(InvalidConfigException.class, () -> Domain.create(DOMAIN, "<CycloneDDS><Domain></CycloneDDS>"));
    }

    @Test
    void oneConfigPerDomainIdPerProcess() {
        try (Domain d = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            PreconditionNotMetException e = assertThrows(PreconditionNotMetException.class,
                    () -> Domain.create(DOMAIN, CycloneConfig.loopbackOnly()));
            assertTrue(e.getMessage().contains("already open"), e.getMessage());
            assertSame(d, Domain.open(DOMAIN, CycloneConfig.loopbackOnly()), "same config: reused");
            assertThrows(PreconditionNotMetException.class, () -> Domain.open(DOMAIN, CycloneConfig.loopbackOnly(true)));
        }
        // closed: the id is free again
        try (Domain again = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            assertEquals(DOMAIN, again.domainId());
        }
    }
}
