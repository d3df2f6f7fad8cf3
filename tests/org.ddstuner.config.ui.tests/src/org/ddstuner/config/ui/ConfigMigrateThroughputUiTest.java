package org.ddstuner.config.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.jface.wizard.IWizardPage;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The editor's Migrate / Migrate All on an old file, and the wizard's throughput page (screenshots of each). */
class ConfigMigrateThroughputUiTest {

    static final String OLD = """
            <!-- written for Cyclone 0.7: keep this comment -->
            <CycloneDDS>
              <Domain>
                <Id>any</Id>
              </Domain>
              <General>
                <!-- loopback only -->
                <Interfaces><NetworkInterface address="127.0.0.1"/></Interfaces>
                <AllowMulticast>false</AllowMulticast>
              </General>
              <Internal>
                <MinimumSocketReceiveBufferSize>64 KiB</MinimumSocketReceiveBufferSize>
              </Internal>
            </CycloneDDS>
            """;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void editorMigratesOneProblemThenAllAndCycloneIsSilent() throws Exception {
        Path f = Files.createTempDirectory("migrate").resolve("old.xml");
        Files.writeString(f, OLD);
        WorkbenchUi.page().getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class)
                .executeCommand("org.ddstuner.config.ui.openEditor", null);
        ConfigEditorView v = (ConfigEditorView) WorkbenchUi.page().findView(ConfigEditorView.ID);
        WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(v), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        v.open(f);
        CheckReport earlier = v.lastReport(); // the view may have checked another file in an earlier test
        v.check();
        WorkbenchUi.waitUntil("Cyclone's verdict", () -> v.lastReport() != earlier, () -> "no report");
        WorkbenchUi.spin(300);
        assertTrue(v.lastReport().valid(), v.lastReport().problems().toString());
        assertTrue(v.lastReport().problems().stream().anyMatch(p -> p.kind() == ConfigProblem.Kind.WARNING
                && p.element().equals("//CycloneDDS/General")), v.lastReport().problems().toString());
        assertNotNull(WorkbenchUi.screenshot("config-migrate-1-warnings"));
        // an element on its parent's line is shown under that parent
        assertNotNull(v.findTreeItem("CycloneDDS/General/Interfaces/NetworkInterface"));
        assertEquals("Interfaces", v.findTreeItem("CycloneDDS/General/Interfaces/NetworkInterface").getParentItem().getText());

        // one problem: the General block moves under Domain, nothing else changes
        assertTrue(v.selectProblem("//CycloneDDS/General"), Arrays.toString(v.problemRows()));
        click(v, "Migrate");
        WorkbenchUi.spin(200);
        String one = v.text();
        assertTrue(one.contains("    <General>\n      <!-- loopback only -->"), one);
        assertTrue(one.contains("  <Internal>\n    <MinimumSocketReceiveBufferSize>"), one);
        assertTrue(v.problemRows()[0].startsWith("Migrated //CycloneDDS/General → //CycloneDDS/Domain/General"),
                Arrays.toString(v.problemRows()));
        assertNotNull(WorkbenchUi.screenshot("config-migrate-2-one"));

        click(v, "Migrate All");
        WorkbenchUi.spin(200);
        String all = v.text();
        assertTrue(all.startsWith("<!-- written for Cyclone 0.7: keep this comment -->\n<CycloneDDS>\n  <Domain Id=\"any\">"), all);
        assertTrue(all.contains("<SocketReceiveBufferSize min=\"64 KiB\"/>"), all);
        assertNotNull(WorkbenchUi.screenshot("config-migrate-3-all"));

        CheckReport first = v.lastReport();
        v.check();
        WorkbenchUi.waitUntil("Cyclone's verdict on the migrated text", () -> v.lastReport() != first,
                () -> "no report");
        assertEquals(java.util.List.of(), v.lastReport().problems());
        assertTrue(v.lastReport().valid());
        WorkbenchUi.spin(300);
        assertNotNull(WorkbenchUi.screenshot("config-migrate-4-checked"));

        click(v, "Undo");
        assertEquals(one, v.text());
        click(v, "Undo");
        assertEquals(OLD, v.text());
        assertEquals(OLD, Files.readString(f), "nothing is written before Save");
    }

    private static void click(ConfigEditorView v, String text) {
        Button b = ConfigUiTest.find(v.getSite().getShell(), Button.class, x -> x.getText().equals(text));
        b.notifyListeners(SWT.Selection, new Event());
    }

    @Test
    void throughputPageWritesWhatItSaysAndCycloneAcceptsIt() throws Exception {
        Path out = Files.createTempDirectory("throughput").resolve("node.xml");
        DeploymentWizard w = new DeploymentWizard(out);
        WizardDialog d = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
        d.setBlockOnOpen(false);
        d.setPageSize(720, 560);
        d.open();
        try {
            IWizardPage page = w.getPage("throughput");
            d.showPage(page);
            WorkbenchUi.spin(200);
            assertNotNull(ConfigUiTest.find(d.getShell(), Label.class, l -> l.getText().contains("Pick it for sustained streams")));
            Button bulk = ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().startsWith("High throughput"));
            bulk.setSelection(true);
            bulk.notifyListeners(SWT.Selection, new Event());
            Button async = ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().startsWith("Asynchronous"));
            async.setSelection(true);
            async.notifyListeners(SWT.Selection, new Event());
            ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().startsWith("Synchronous")).setSelection(false);
            ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().startsWith("Cyclone's default")).setSelection(false);
            Text high = ConfigUiTest.find(d.getShell(), Text.class, t -> t.getMessage().startsWith("4 MiB"));
            high.setText("6 MiB");
            WorkbenchUi.spin(200);
            assertNotNull(WorkbenchUi.screenshot("config-wizard-throughput-chosen"));
            Button finish = ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Finish"));
            finish.notifyListeners(SWT.Selection, new Event());
            WorkbenchUi.waitUntil("the wizard wrote " + out, () -> Files.exists(out), () -> "not written");
        } finally {
            if (d.getShell() != null && !d.getShell().isDisposed()) {
                d.close();
            }
        }
        String xml = Files.readString(out);
        assertTrue(xml.contains("<WhcHigh>6 MiB</WhcHigh>") && xml.contains("<WhcLow>1 MiB</WhcLow>")
                && xml.contains("<WhcAdaptive>false</WhcAdaptive>") && xml.contains("<WhcHighInit>6 MiB</WhcHighInit>")
                && xml.contains("<SynchronousDeliveryPriorityThreshold>1</SynchronousDeliveryPriorityThreshold>"), xml);
        assertFalse(xml.contains("SynchronousDeliveryLatencyBound"), xml);
    }

    @Test
    void nodesPageWritesOneCheckedFilePerNode() throws Exception {
        Path out = Files.createTempDirectory("deployment").resolve("cyclonedds.xml");
        DeploymentWizard w = new DeploymentWizard(out);
        WizardDialog d = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
        d.setBlockOnOpen(false);
        d.setPageSize(720, 460);
        d.open();
        try {
            d.showPage(w.getPage("nodes"));
            WorkbenchUi.spin(200);
            Text nodes = ConfigUiTest.find(d.getShell(), Text.class, t -> (t.getStyle() & SWT.MULTI) != 0
                    && t.getMessage().startsWith("robot-a="));
            nodes.setText("alpha=127.0.0.1\nbeta=10.77.0.2");
            WorkbenchUi.spin(200);
            assertNotNull(WorkbenchUi.screenshot("config-wizard-nodes"));
            Button finish = ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Finish"));
            finish.notifyListeners(SWT.Selection, new Event());
            WorkbenchUi.waitUntil("the wizard wrote beta.xml", () -> Files.exists(out.resolveSibling("beta.xml")),
                    () -> String.valueOf(d.getCurrentPage().getErrorMessage()));
        } finally {
            if (d.getShell() != null && !d.getShell().isDisposed()) {
                d.close();
            }
        }
        String alpha = Files.readString(out.resolveSibling("alpha.xml"));
        String beta = Files.readString(out.resolveSibling("beta.xml"));
        assertTrue(alpha.contains("<NetworkInterface address=\"127.0.0.1\"/>") && alpha.contains("<Peer address=\"10.77.0.2\"/>"),
                alpha);
        assertTrue(beta.contains("<NetworkInterface address=\"10.77.0.2\"/>") && beta.contains("<Peer address=\"127.0.0.1\"/>"),
                beta);
        assertFalse(Files.exists(out), "a deployment writes the nodes' files, not the single one");
        String notes = String.join("\n", w.notes());
        assertTrue(notes.contains("alpha: export CYCLONEDDS_URI=file://" + out.resolveSibling("alpha.xml"))
                && notes.contains("beta: export CYCLONEDDS_URI=file://" + out.resolveSibling("beta.xml")), notes);
        assertTrue(notes.contains("alpha: accepted by Cyclone 0.10.2; interfaces checked against this host"), notes);
        assertTrue(notes.contains("beta: accepted by Cyclone 0.10.2; interfaces not checked (no agent profile for 10.77.0.2; 10.77.0.2 is not on this host)"),
                notes);
    }

    @Test
    void transportPageTlsWritesSslAndCycloneLoadsTheKeystore() throws Exception {
        Path dir = Files.createTempDirectory("tls");
        Path key = dir.resolve("key.pem");
        Path cert = dir.resolve("cert.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=node-a", "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0, "openssl req");
        Path keystore = dir.resolve("node-a.pem");
        Files.writeString(keystore, Files.readString(cert) + Files.readString(key));
        Path out = dir.resolve("node.xml");
        DeploymentWizard w = new DeploymentWizard(out);
        WizardDialog d = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
        d.setBlockOnOpen(false);
        d.setPageSize(720, 460);
        d.open();
        try {
            d.showPage(w.getPage("transport"));
            WorkbenchUi.spin(200);
            ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().equals("UDP")).setSelection(false);
            for (String check : new String[] { "TCP", "TLS on the TCP connections (Domain/SSL)",
                "Accept self-signed certificates (test set-ups)" }) {
                Button b = ConfigUiTest.find(d.getShell(), Button.class, x -> x.getText().equals(check));
                b.setSelection(true);
                b.notifyListeners(SWT.Selection, new Event());
            }
            ConfigUiTest.find(d.getShell(), Text.class, t -> t.getMessage().startsWith("this node's certificate"))
                    .setText(keystore.toString());
            WorkbenchUi.spin(200);
            assertNotNull(WorkbenchUi.screenshot("config-wizard-transport-tls"));
            Button finish = ConfigUiTest.find(d.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Finish"));
            finish.notifyListeners(SWT.Selection, new Event());
            WorkbenchUi.waitUntil("the wizard wrote " + out, () -> Files.exists(out),
                    () -> String.valueOf(d.getCurrentPage().getErrorMessage()));
        } finally {
            if (d.getShell() != null && !d.getShell().isDisposed()) {
                d.close();
            }
        }
        String xml = Files.readString(out);
        assertTrue(xml.contains("<Transport>tcp</Transport>") && xml.contains("<SSL>") && xml.contains("<Enable>true</Enable>")
                && xml.contains("<KeystoreFile>" + keystore + "</KeystoreFile>")
                && xml.contains("<SelfSignedCertificates>true</SelfSignedCertificates>"), xml);
        assertEquals("0.10.2", w.lastReport().libraryVersion());
        assertTrue(w.lastReport().valid(), w.lastReport().problems().toString());
    }
}
