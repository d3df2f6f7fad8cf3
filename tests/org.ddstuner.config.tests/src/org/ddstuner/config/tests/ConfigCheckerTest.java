package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Cyclone's own verdict (libddsc 0.10.2 of the system, 11.0.1 of the Python peer) on good and bad files, each
 * problem at its line; interfaces this host lacks told apart from what Cyclone rejects.
 */
class ConfigCheckerTest {

    static final String GOOD = """
            <CycloneDDS xmlns="https://cdds.io/config">
              <Domain Id="any">
                <General>
                  <Interfaces>
                    <NetworkInterface address="127.0.0.1"/>
                  </Interfaces>
                  <AllowMulticast>false</AllowMulticast>
                </General>
              </Domain>
            </CycloneDDS>
            """;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated(); // the checker makes its own namespace; this keeps the rest of the suite honest too
    }

    private static CheckReport check010(String xml) throws Exception {
        return ConfigChecker.withDefaultLibrary().check(xml, "test.xml");
    }

    @Test
    void goodFileIsValidFor010And11() throws Exception {
        CheckReport r = check010(GOOD);
        assertTrue(r.valid(), r.problems().toString());
        assertEquals("0.10.2", r.libraryVersion());
        assertEquals(List.of(), r.problems());
        CheckReport r11 = new ConfigChecker(new CycloneJudge(Libraries.cyclone11())).check(GOOD, "test.xml");
        assertTrue(r11.valid(), r11.problems().toString());
        assertEquals("11.0.1", r11.libraryVersion());
    }

    @Test
    void unknownElementIsRejectedAtItsLine() throws Exception {
        String xml = GOOD.replace("<AllowMulticast>false</AllowMulticast>",
                "<AllowMulticast>false</AllowMulticast>\n      <Frobnicate>1</Frobnicate>");
        for (CheckReport r : List.of(check010(xml),
                new ConfigChecker(new CycloneJudge(Libraries.cyclone11())).check(xml, "test.xml"))) {
            assertFalse(r.valid(), r.libraryVersion());
            ConfigProblem p = r.of(ConfigProblem.Kind.REJECTED).get(0);
            assertEquals(8, p.line(), p.toString());
            assertTrue(p.element().contains("General") || p.element().contains("Frobnicate"), p.toString());
            assertTrue(p.format("test.xml").startsWith("test.xml:8: //CycloneDDS/Domain/General"), p.format("test.xml"));
        }
    }

    @Test
    void badValueAndOutOfRangeAreRejected() throws Exception {
        String xml = GOOD.replace("<AllowMulticast>false</AllowMulticast>",
                "<AllowMulticast>false</AllowMulticast>\n      <MaxMessageSize>abc</MaxMessageSize>\n"
                        + "      <MulticastTimeToLive>300</MulticastTimeToLive>");
        CheckReport r = check010(xml);
        assertFalse(r.valid());
        List<ConfigProblem> rejected = r.of(ConfigProblem.Kind.REJECTED);
        assertTrue(rejected.stream().anyMatch(p -> p.line() == 8 && p.element().contains("MaxMessageSize")), rejected.toString());
        assertTrue(rejected.stream().anyMatch(p -> p.line() == 9 && p.element().contains("MulticastTimeToLive")),
                rejected.toString());
    }

    @Test
    void malformedXmlNeverReachesCyclone() throws Exception {
        CheckReport r = check010(GOOD.replace("</General>", "</Generalx>"));
        assertFalse(r.valid());
        assertEquals(ConfigProblem.Kind.MALFORMED, r.problems().get(0).kind());
        assertEquals(8, r.problems().get(0).line());
        assertEquals(null, r.libraryVersion());
    }

    @Test
    void missingInterfaceIsThisHostsProblemNotCyclones() throws Exception {
        // a node's file: names an interface and address this (namespaced) host does not have
        String xml = GOOD.replace("<NetworkInterface address=\"127.0.0.1\"/>",
                "<NetworkInterface name=\"enp9s0\" address=\"192.168.77.5\"/>");
        CheckReport r = check010(xml);
        assertTrue(r.valid(), "Cyclone accepts the file: " + r.problems());
        List<ConfigProblem> missing = r.of(ConfigProblem.Kind.INTERFACE_MISSING);
        assertEquals(1, missing.size(), r.problems().toString());
        assertEquals(5, missing.get(0).line());
        assertTrue(missing.get(0).message().contains("no interface named enp9s0"), missing.get(0).message());
    }

    @Test
    void deprecatedAndMovedNamesWarnWithTheNewName() throws Exception {
        String xml = GOOD.replace("</General>", "</General>\n    <Internal>\n"
                + "      <MinimumSocketReceiveBufferSize>64 KiB</MinimumSocketReceiveBufferSize>\n    </Internal>");
        CheckReport r = check010(xml);
        assertTrue(r.valid(), r.problems().toString());
        List<ConfigProblem> warnings = r.of(ConfigProblem.Kind.WARNING);
        assertTrue(warnings.stream().anyMatch(p -> p.line() == 10), warnings.toString());
    }
}
