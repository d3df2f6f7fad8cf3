package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.edit.ConfigDocument;
import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A file written for an older Cyclone (top-level General/Internal/Discovery, Domain/Id, Internal/Minimum… sizes)
 * migrated to today's names: libddsc 0.10.2 and 11.0.1 then accept it without a word, comments kept.
 */
class MigrationTest {

    static final String OLD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!-- robot fleet, written for Cyclone 0.7: keep -->\n"
            + "<CycloneDDS xmlns=\"https://cdds.io/config\">\n"
            + "  <Domain>\n"
            + "    <Id>any</Id>\n"
            + "  </Domain>\n"
            + "  <General>\n"
            + "    <!-- loopback only -->\n"
            + "    <Interfaces>\n"
            + "      <NetworkInterface address=\"127.0.0.1\"/>\n"
            + "    </Interfaces>\n"
            + "    <AllowMulticast>false</AllowMulticast>\n"
            + "  </General>\n"
            + "  <Internal>\n"
            + "    <MinimumSocketReceiveBufferSize>64 KiB</MinimumSocketReceiveBufferSize>\n"
            + "    <LeaseDuration>10 s</LeaseDuration> <!-- the fleet's Wi-Fi drops -->\n"
            + "  </Internal>\n"
            + "  <Discovery>\n"
            + "    <ParticipantIndex>auto</ParticipantIndex>\n"
            + "    <Peers><Peer address=\"127.0.0.1\"/></Peers>\n"
            + "  </Discovery>\n"
            + "</CycloneDDS>\n";

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void oldFileBecomesOneBothLibrariesAcceptSilently() throws Exception {
        CheckReport before = ConfigChecker.withDefaultLibrary().check(OLD, "old.xml");
        assertTrue(before.problems().stream().anyMatch(p -> p.kind() == ConfigProblem.Kind.WARNING
                && p.element().equals("//CycloneDDS/General")), before.problems().toString());

        ConfigDocument d = ConfigDocument.of(OLD, "old.xml", ConfigSchema.of("0.10.2"));
        List<String> moves = d.migrateAll();
        String now = d.text();
        assertTrue(moves.contains("//CycloneDDS/General → //CycloneDDS/Domain/General"), moves.toString());
        assertTrue(moves.contains("//CycloneDDS/Domain/Id → //CycloneDDS/Domain[@Id]"), moves.toString());
        assertTrue(now.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- robot fleet, written for Cyclone 0.7: keep -->\n"
                + "<CycloneDDS xmlns=\"https://cdds.io/config\">\n  <Domain Id=\"any\">\n"), now);
        assertTrue(now.contains("<!-- loopback only -->") && now.contains("<!-- the fleet's Wi-Fi drops -->"), now);
        assertTrue(now.contains("<SocketReceiveBufferSize min=\"64 KiB\"/>"), now);
        assertTrue(now.contains("<LeaseDuration>10 s</LeaseDuration>"), now);
        assertFalse(now.contains("<Id>") || now.contains("Minimum"), now);

        CheckReport r010 = ConfigChecker.withDefaultLibrary().check(now, "migrated.xml");
        assertEquals("0.10.2", r010.libraryVersion());
        assertTrue(r010.valid() && r010.problems().isEmpty(), r010.problems() + "\n" + now);
        CheckReport r11 = new ConfigChecker(new CycloneJudge(Libraries.cyclone11())).check(now, "migrated.xml");
        assertEquals("11.0.1", r11.libraryVersion());
        assertTrue(r11.valid() && r11.problems().isEmpty(), r11.problems() + "\n" + now);

        // one undo step back to the very bytes read
        assertTrue(d.undo());
        assertEquals(OLD, d.text());
        assertTrue(d.migrateAll().size() == moves.size());
        assertEquals(List.of(), d.migrateAll());
    }

    @Test
    void oneProblemAtATimeAndUndo() throws Exception {
        ConfigDocument d = ConfigDocument.of(OLD, "old.xml", ConfigSchema.of("11.0.1"));
        assertNull(d.migrate("//CycloneDDS/Domain/General", -1));
        assertEquals("//CycloneDDS/Internal → //CycloneDDS/Domain/Internal", d.migrate("//CycloneDDS/Internal", 14));
        String t = d.text();
        // only the Internal block moved: the text before it and the General block are as they were
        assertTrue(t.startsWith(OLD.substring(0, OLD.indexOf("  </Domain>"))), t);
        assertTrue(t.contains(OLD.substring(OLD.indexOf("  </Domain>"), OLD.indexOf("  <Internal>")) + "  <Discovery>"), t);
        assertTrue(t.contains("  <Domain>\n    <Id>any</Id>\n    <Internal>\n      <MinimumSocketReceiveBufferSize>"), t);
        assertTrue(d.undo());
        assertEquals(OLD, d.text());
    }

    @Test
    void ddsi2eBecomesDomain() throws Exception {
        String old = "<CycloneDDS>\n  <DDSI2E>\n    <General><AllowMulticast>false</AllowMulticast></General>\n  </DDSI2E>\n</CycloneDDS>\n";
        ConfigDocument d = ConfigDocument.of(old, "ddsi2e.xml", ConfigSchema.of("0.10.2"));
        assertEquals(List.of("//CycloneDDS/DDSI2E → //CycloneDDS/Domain"), d.migrateAll());
        assertEquals("<CycloneDDS>\n  <Domain>\n    <General><AllowMulticast>false</AllowMulticast></General>\n  </Domain>\n</CycloneDDS>\n",
                d.text());
    }
}
