package org.ddstuner.demo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * A foreign tool that knows none of the demo's types, Cyclone DDS 11.0.1 Python
 * ({@code tests/peers/cyclone_learner.py}), learns a demo topic's type over the wire from the type
 * information the demo announces, subscribes with it and decodes the samples. Loopback-only domain 183.
 */
class PythonToolLearnsDemoTypesTest {

    private static final int DOMAIN = 183;

    @Test
    void cyclone11PythonLearnsSensorReadingAndDecodesTheSamples() throws Exception {
        Peers.requireAvailable();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                DemoSystem demo = DemoSystem.start(domain);
                PeerProcess python = Peers.start("cyclone_learner", DOMAIN, "--topic", DemoSystem.SENSORS,
                        "--partition", "sensors")) {
            assertEquals(DemoSystem.TOPIC_TYPES.get(DemoSystem.SENSORS), python.info("type").orElseThrow());
            long deadline = System.nanoTime() + 15_000_000_000L;
            List<String> samples = List.of();
            while (samples.size() < 8 && System.nanoTime() < deadline) {
                Thread.sleep(100);
                samples = python.stdout().lines().filter(l -> l.startsWith("SAMPLE ")).toList();
            }
            assertTrue(samples.size() >= 8, "the Python tool printed " + samples.size() + " samples:\n"
                    + python.stdout() + "\nstderr:\n" + python.stderr());
            for (String s : samples) {
                // repr of the learned dataclass: SensorReading(sensor_id=1, value=21.3, unit='degC', seq=5)
                assertTrue(s.matches("SAMPLE SensorReading\\(sensor_id=[1-4], value=[0-9.]+, unit='degC', seq=[0-9]+\\)"),
                        s);
            }
        }
    }
}
