package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.ProfileStore;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.ui.AboutDialog;
import org.ddstuner.ui.ConnectionDialog;
import org.junit.jupiter.api.Test;

/** The connection dialog's inline validation and the About dialog's contents. */
class DialogsTest {

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
