package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --config files that are well-formed XML but that libddsc rejects: the CLI says what Cyclone objected to
 * (exit 3, a configuration problem, as for malformed XML), not just "Error (-1)". Domain 95.
 */
class CliBadConfigTest {

    private static final String DOMAIN = "95";

    private static final String CONFIG = """
            <CycloneDDS>
              <Domain>
                <General>
                  <AllowMulticast>false</AllowMulticast>
                  %s
                </General>
              </Domain>
            </CycloneDDS>
            """;

    @Test
    void unknownElementIsNamed(@TempDir Path dir) throws Exception {
        Path xml = dir.resolve("unknown.xml");
        Files.writeString(xml, CONFIG.formatted("<Foo>1</Foo>"));
        Result r = CliTest.run("ls", "--domain", DOMAIN, "--config", xml.toString(), "--wait", "0");
        assertEquals(3, r.code(), r.err());
        assertEquals("ddstuner: Cyclone rejected the configuration: config: //CycloneDDS/Domain/General: Foo: unknown "
                + "element (line 5)", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void badValueIsNamed(@TempDir Path dir) throws Exception {
        Path xml = dir.resolve("value.xml");
        Files.writeString(xml, CONFIG.formatted("<MaxMessageSize>abc</MaxMessageSize>"));
        Result r = CliTest.run("ps", "--domain", DOMAIN, "--config", xml.toString(), "--wait", "0");
        assertEquals(3, r.code(), r.err());
        assertTrue(r.err().contains("Cyclone rejected the configuration: config: "
                + "//CycloneDDS/Domain/General/MaxMessageSize/#text: abc: invalid value (line 5)"), r.err());
    }
}
