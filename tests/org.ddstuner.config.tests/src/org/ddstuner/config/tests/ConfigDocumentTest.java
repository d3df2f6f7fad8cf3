package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.config.edit.ConfigDocument;
import org.ddstuner.config.edit.ConfigEditException;
import org.ddstuner.config.schema.ConfigSchema;
import org.junit.jupiter.api.Test;

/** Edits keep every byte outside the edited element; refused edits and malformed files change nothing. */
class ConfigDocumentTest {

    /** Comments, an unknown element, odd spacing, single quotes, CDATA and a processing instruction. */
    static final String FILE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!-- node A: keep this comment -->\n"
            + "<CycloneDDS xmlns=\"https://cdds.io/config\">\n"
            + "  <Domain Id='any'>\n"
            + "    <General>\n"
            + "      <!-- the LAN card -->\n"
            + "      <Interfaces>\n"
            + "        <NetworkInterface   name=\"eth0\"  />\n"
            + "      </Interfaces>\n"
            + "      <MaxMessageSize>14720 B</MaxMessageSize>   <!-- trailing -->\n"
            + "      <VendorThing a=\"1\"><![CDATA[ <kept> ]]></VendorThing>\n"
            + "    </General>\n"
            + "    <?ddstuner keep?>\n"
            + "  </Domain>\n"
            + "</CycloneDDS>\n";

    private static ConfigDocument doc() throws ConfigEditException {
        return ConfigDocument.of(FILE, "node-a.xml", ConfigSchema.of("0.10.2"));
    }

    /** The text outside [from, to) of the original equals the edited text outside the replacement. */
    private static void onlyChanged(String before, String after, String oldPart, String newPart) {
        int at = before.indexOf(oldPart);
        assertTrue(at >= 0, oldPart);
        assertEquals(before.substring(0, at), after.substring(0, at), "bytes before the edit changed");
        assertEquals(before.substring(at + oldPart.length()), after.substring(at + newPart.length()),
                "bytes after the edit changed");
        assertEquals(newPart, after.substring(at, at + newPart.length()));
    }

    @Test
    void replacingATextKeepsEverythingElse() throws Exception {
        ConfigDocument d = doc();
        d.set("Domain/General/MaxMessageSize", "65500 B");
        onlyChanged(FILE, d.text(), ">14720 B<", ">65500 B<");
    }

    @Test
    void settingAnAttributeKeepsEverythingElse() throws Exception {
        ConfigDocument d = doc();
        d.set("//CycloneDDS/Domain/General/Interfaces/NetworkInterface[@name]", "enp3s0");
        onlyChanged(FILE, d.text(), "\"eth0\"", "\"enp3s0\"");
        ConfigDocument d2 = doc();
        d2.set("Domain/General/Interfaces/NetworkInterface/@priority", "5");
        onlyChanged(FILE, d2.text(), "name=\"eth0\"  ", "name=\"eth0\"   priority=\"5\"");
        d2.set("Domain[@Id]", "7");
        assertTrue(d2.text().contains("<Domain Id='7'>"), d2.text());
    }

    @Test
    void insertingAMissingElementOnlyAddsLines() throws Exception {
        ConfigDocument d = doc();
        d.set("Domain/Discovery/Peers/Peer[@address]", "10.0.0.2");
        String added = "\n    <Discovery>\n      <Peers>\n        <Peer Address=\"10.0.0.2\"/>\n      </Peers>\n    </Discovery>";
        onlyChanged(FILE, d.text(), "\n  </Domain>", added + "\n  </Domain>");
        assertTrue(d.undo());
        assertEquals(FILE, d.text());
    }

    @Test
    void refusedEditsNameFileLineElementAndChangeNothing() throws Exception {
        ConfigDocument d = doc();
        ConfigEditException unknown = assertThrows(ConfigEditException.class,
                () -> d.set("Domain/General/Frobnicate", "1"));
        assertEquals("node-a.xml:5: //CycloneDDS/Domain/General/Frobnicate: unknown to Cyclone 0.10.2 "
                + "(see `ddstuner config explain`)", unknown.format());
        ConfigEditException range = assertThrows(ConfigEditException.class,
                () -> d.set("Domain/General/MulticastTimeToLive", "300"));
        assertTrue(range.getMessage().contains("out of range 0 … 255"), range.getMessage());
        ConfigEditException unit = assertThrows(ConfigEditException.class,
                () -> d.set("Domain/General/MaxMessageSize", "65500"));
        assertEquals(10, unit.line());
        assertTrue(unit.getMessage().contains("unit"), unit.getMessage());
        ConfigEditException big = assertThrows(ConfigEditException.class,
                () -> d.set("Domain/General/FragmentSize", "100 KiB"));
        assertTrue(big.getMessage().contains("out of range"), big.getMessage());
        ConfigEditException bool = assertThrows(ConfigEditException.class,
                () -> d.set("Domain/General/DontRoute", "yes"));
        assertTrue(bool.getMessage().contains("boolean"), bool.getMessage());
        ConfigEditException moved = assertThrows(ConfigEditException.class,
                () -> d.set("General/MaxMessageSize", "1 KiB"));
        assertTrue(moved.getMessage().contains("use //CycloneDDS/Domain/General/MaxMessageSize"), moved.getMessage());
        assertEquals(FILE, d.text());
    }

    @Test
    void malformedFilesAreRefusedAndNotWritten() throws Exception {
        ConfigEditException e = assertThrows(ConfigEditException.class,
                () -> ConfigDocument.of(FILE.replace("</General>", "</Genral>"), "bad.xml", ConfigSchema.of("11.0.1")));
        assertEquals(12, e.line());
        assertTrue(e.format().startsWith("bad.xml:12: (XML): not well-formed XML"), e.format());
        Path f = Files.createTempFile("cfg", ".xml");
        Files.writeString(f, FILE);
        ConfigDocument d = ConfigDocument.read(f, ConfigSchema.of("11.0.1"));
        assertThrows(ConfigEditException.class, () -> d.set("Domain/Internal/MonitorPort", "many"));
        d.writeTo(f);
        assertEquals(FILE, Files.readString(f));
        d.set("Domain/Internal/MonitorPort", "8080");
        d.writeTo(f);
        assertTrue(Files.readString(f).contains("<MonitorPort>8080</MonitorPort>"));
    }
}
