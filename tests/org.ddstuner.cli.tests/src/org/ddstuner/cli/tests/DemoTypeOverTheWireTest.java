package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.demo.DemoSystem;
import org.junit.jupiter.api.Test;

/**
 * {@code ddstuner demo} in another process (loopback-only domain 108) announces XTypes type information: {@code
 * ddstuner typeof SensorReadings} without {@code --idl} learns the type over the wire (XTypes TypeLookup) and
 * prints the demo's IDL. The product smoke test runs the same pair from the built archive.
 */
class DemoTypeOverTheWireTest {

    private static final int DOMAIN = 108;

    @Test
    void typeofLearnsTheDemosTypeOverTheWireWithoutIdl() throws Exception {
        try (CliProcess demo = CliProcess.start("demo", "--domain", "" + DOMAIN, "--duration", "60")) {
            String line;
            do {
                line = demo.out.readLine();
            } while (line != null && !line.startsWith("READY"));
            assertNotNull(line, "the demo printed READY; stderr: " + demo.stderr());

            CliTest.Result t = CliTest.run("typeof", DemoSystem.SENSORS, "--domain", "" + DOMAIN, "--wait", "10");
            assertEquals(0, t.code(), t.err() + t.out());
            List<String> lines = t.out().lines().toList();
            assertEquals("// topic SensorReadings: demo::SensorReading", lines.get(0), t.out());
            assertEquals("// source: over the wire (XTypes TypeLookup)", lines.get(1), t.out());
            assertTrue(lines.get(2).startsWith("//   WIRE ok: learned demo::SensorReading from writer "), t.out());
            for (String member : List.of("module demo", "struct SensorReading", "@key long sensor_id;",
                    "double value;", "string unit;")) {
                assertTrue(t.out().contains(member), "'" + member + "' in\n" + t.out());
            }
        }
    }
}
