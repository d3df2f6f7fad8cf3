package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;
import org.ddstuner.connection.ProfileStore;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.InvalidConfigException;
import org.ddstuner.ui.AboutDialog;
import org.ddstuner.ui.ConnectionDialog;
import org.junit.jupiter.api.Test;

/** The connection dialog's inline validation and the About dialog's contents. */
class DialogsTest {

    /** A DDS domain of this test bundle's own (the demo runs in 77). */
    private static final int DOMAIN = 15;

    @Test
    void badCustomXmlIsShownWithLineAndColumnAndBlocksConnect() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-profiles");
        ConnectionDialog d = new ConnectionDialog(Ui.page().getWorkbenchWindow().getShell(),
                new ProfileStore(dir.resolve("profiles.json")));
        d.setBlockOnOpen(false);
        d.open();
        try {
            Ui.spin(200);
            assertNull(d.currentError(), "the default Local demo profile is valid: " + d.currentError());
            assertTrue(d.canConnect());
            d.setCustomXml("<CycloneDDS xmlns=\"https://cdds.io/config\">\n  <Domain id=\"any\">\n    <General>\n"
                    + "  </Domain>\n</CycloneDDS>\n");
            Ui.spin(200);
            String error = d.currentError();
            assertNotNull(error, "malformed XML must be reported");
            assertTrue(error.matches("(?s).*line \\d+, column \\d+.*"), error);
            assertFalse(d.canConnect(), "Connect must be disabled while the XML is bad");
            Ui.screenshot("06-connection-dialog-bad-xml");
            d.setCustomXml("<CycloneDDS xmlns=\"https://cdds.io/config\"><Domain id=\"any\"/></CycloneDDS>");
            Ui.spin(100);
            assertNull(d.currentError(), d.currentError());
            assertTrue(d.canConnect());
        } finally {
            d.close();
        }
    }

    /**
     * A "Cyclone XML file" profile: a missing file and a malformed one are errors in the dialog that block
     * Connect (the XML's with line and column), a good one connects, the profile keeps the path, and the file is
     * read again at the next connect.
     */
    @Test
    void aConfigFileIsValidatedInTheDialogConnectsAndIsSavedByPath() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-config-file");
        Path store = dir.resolve("profiles.properties");
        Path file = dir.resolve("cyclone.xml");
        ConnectionDialog d = new ConnectionDialog(Ui.page().getWorkbenchWindow().getShell(), new ProfileStore(store));
        d.setBlockOnOpen(false);
        d.open();
        Connection c = null;
        try {
            Ui.spin(200);
            d.setConnection("From a file", DOMAIN, false);
            d.setConfigFile(file.toString());
            Ui.spin(100);
            assertEquals("The configuration file " + file + " does not exist.", d.currentError());
            assertEquals(d.currentError(), d.configFileError(), "shown under the file's field");
            assertFalse(d.canConnect(), "Connect is blocked while the file is missing");

            Files.writeString(file, "<CycloneDDS xmlns=\"https://cdds.io/config\">\n  <Domain id=\"any\">\n"
                    + "    <General>\n  </Domain>\n</CycloneDDS>\n");
            d.setConfigFile(file.toString());
            Ui.spin(200);
            String error = d.currentError();
            assertNotNull(error, "malformed XML in the file must be reported");
            assertTrue(error.startsWith(file + ": ") && error.matches("(?s).*line 4, column \\d+.*"), error);
            assertEquals(error, d.configFileError());
            assertFalse(d.canConnect(), "Connect is blocked while the file's XML is bad");
            assertNull(d.pressConnect(), "pressing Connect anyway does nothing");
            Ui.screenshot("06b-connection-dialog-bad-file");

            Files.writeString(file, CycloneConfig.loopbackOnly());
            d.setConfigFile(file.toString());
            Ui.spin(100);
            assertNull(d.currentError(), d.currentError());
            assertEquals("", d.configFileError());
            assertTrue(d.canConnect());
            Ui.screenshot("06c-connection-dialog-file");
            d.pressSave();
            ConnectionProfile saved = new ProfileStore(store).load().stream()
                    .filter(p -> p.name().equals("From a file")).findFirst().orElseThrow();
            assertEquals(ConfigKind.FILE, saved.configKind());
            assertEquals(file.toString(), saved.configFile(), "the profile keeps the path, not the text");
            assertTrue(saved.customXml().isEmpty(), saved.customXml());

            ConnectionProfile p = d.pressConnect();
            assertEquals(saved, p);
            c = ConnectionManager.get().open(p);
            assertEquals(DOMAIN, c.domain().domainId());
            assertEquals(CycloneConfig.loopbackOnly(), c.domain().config(), "the domain runs on the file's text");
            ConnectionManager.get().close(c);
            c = null;

            // the file is read again at every connect: an edit that breaks it stops the next one
            Files.writeString(file, "<CycloneDDS><Domain></CycloneDDS>");
            InvalidConfigException next = assertThrows(InvalidConfigException.class,
                    () -> ConnectionManager.get().open(p));
            assertTrue(next.getMessage().startsWith(file + ": ") && next.line() == 1, next.getMessage());
        } finally {
            if (c != null) {
                ConnectionManager.get().close(c);
            }
            if (d.getShell() != null) {
                d.close();
            }
        }
    }

    @Test
    void aboutListsVersionsAndTheLoadedLibddsc() {
        List<AboutDialog.Entry> entries = AboutDialog.entries();
        String all = entries.toString();
        assertTrue(all.contains(System.getProperty("java.version")), all);
        assertTrue(all.contains(DdsLibrary.get().version()), all);
        assertTrue(all.contains(String.valueOf(DdsLibrary.get().path())), all);
        assertTrue(entries.stream().anyMatch(e -> e.name().startsWith("SWT") && e.value().contains("gtk")), all);
        AboutDialog about = new AboutDialog(Ui.page().getWorkbenchWindow().getShell());
        about.setBlockOnOpen(false);
        about.open();
        try {
            Ui.screenshot("07-about");
        } finally {
            about.close();
        }
    }
}
