package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.PreconditionNotMetException;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Transports;
import org.junit.jupiter.api.Test;

/**
 * A DDS Tuner connection opens its domain with topic discovery on; the benchmark, wanting the plain loopback
 * configuration on the same domain (138), shares it, but never one that differs in anything else.
 */
class SharedDomainTest {

    @Test
    void theBenchmarkSharesAConnectionsDomainThatOnlyAddsTopicDiscovery() {
        try (Domain connection = Domain.create(138, CycloneConfig.loopbackOnly(true))) {
            assertSame(connection, LocalPairRunner.openShared(138, CycloneConfig.loopbackOnly()));
            assertSame(connection, LocalPairRunner.openShared(138, CycloneConfig.loopbackOnly(true)));
            assertThrows(PreconditionNotMetException.class,
                    () -> LocalPairRunner.openShared(138, Transports.config(RunDefinition.Transport.TCP)),
                    "a TCP benchmark must not silently run over the connection's UDP");
        }
    }
}
