package org.ddstuner.config.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.jface.wizard.IWizardPage;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The deployment wizard page by page, and the editor showing Cyclone's error at its line (screenshots of each). */
class ConfigUiTest {

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void wizardWalksEveryPageAndWritesACheckedFile() throws Exception {
        Path out = Files.createTempDirectory("wizard").resolve("node.xml");
        DeploymentWizard w = new DeploymentWizard(out);
        WizardDialog d = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
        d.setBlockOnOpen(false);
        d.setPageSize(720, 460);
        d.open();
        try {
            List<String> names = new ArrayList<>();
            for (IWizardPage p : w.getPages()) {
                d.showPage(p);
                WorkbenchUi.spin(200);
                names.add(p.getName());
                assertNotNull(WorkbenchUi.screenshot("config-wizard-" + p.getName()));
            }
            assertEquals(List.of("scenario", "network", "nodes", "discovery", "transport", "largedata", "throughput", "security", "tracing",
                    "monitor", "try"), names);
            // the transport page offers shared memory: this libddsc 0.10.2 is built with Iceoryx
            d.showPage(w.getPage("transport"));
            WorkbenchUi.spin(200);
            Button shm = find(d.getShell(), Button.class, b -> b.getText().equals(WizardPages.SHARED_MEMORY));
            assertTrue(shm.isEnabled(), shm.getToolTipText());
            // as a click does: the radio group's other buttons go off
            find(d.getShell(), Button.class, b -> b.getText().equals("UDP")).setSelection(false);
            shm.setSelection(true);
            shm.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            assertNotNull(WorkbenchUi.screenshot("config-wizard-transport-shared-memory"));
            assertFalse(find(d.getShell(), Button.class, b -> b.getText().startsWith("TLS on the TCP")).isEnabled(),
                    "the TCP-only fields are off while shared memory is chosen");
            d.showPage(w.getPage("monitor"));
            WorkbenchUi.spin(200);
            // the monitor page: open the port, which the file then carries with its warning
            Button monitor = find(d.getShell(), Button.class, b -> b.getText().equals("Open the monitor port"));
            monitor.setSelection(true);
            monitor.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            Button finish = find(d.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Finish"));
            finish.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            WorkbenchUi.waitUntil("the wizard wrote " + out, () -> Files.exists(out), () -> "not written");
        } finally {
            if (d.getShell() != null && !d.getShell().isDisposed()) {
                d.close();
            }
        }
        String xml = Files.readString(out);
        assertTrue(xml.contains("<AllowMulticast>false</AllowMulticast>") && xml.contains("<MonitorPort>0</MonitorPort>"), xml);
        assertTrue(xml.contains("<SharedMemory>") && xml.contains("<Enable>true</Enable>")
                && xml.contains("<LogLevel>warn</LogLevel>"), xml);
        assertTrue(w.written().notes().stream().anyMatch(n -> n.contains("iox-roudi")), w.written().notes().toString());
        assertTrue(w.written().warnings().stream().anyMatch(s -> s.contains("without authentication")));
    }

    @Test
    void editorMarksCyclonesErrorAtItsLine() throws Exception {
        Path f = Files.createTempDirectory("editor").resolve("node.xml");
        Files.writeString(f, """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <!-- a node's file with a typo -->
                  <Domain Id="any">
                    <General>
                      <Interfaces>
                        <NetworkInterface address="127.0.0.1"/>
                      </Interfaces>
                      <MaxMesageSize>65500 B</MaxMesageSize>
                    </General>
                  </Domain>
                </CycloneDDS>
                """);
        // as File → Cyclone Configuration… opens it
        WorkbenchUi.page().getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class)
                .executeCommand("org.ddstuner.config.ui.openEditor", null);
        ConfigEditorView v = (ConfigEditorView) WorkbenchUi.page().findView(ConfigEditorView.ID);
        assertNotNull(v, "the command opened the view");
        WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(v), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        v.open(f);
        v.check();
        WorkbenchUi.waitUntil("Cyclone's verdict", () -> v.lastReport() != null, () -> "no report");
        WorkbenchUi.spin(300);
        ConfigProblem p = v.lastReport().problems().get(0);
        assertFalse(v.lastReport().valid());
        assertEquals(8, p.line(), p.toString());
        assertTrue(p.message().contains("MaxMesageSize"), p.toString());
        v.selectPath("CycloneDDS/Domain/General"); // context help of the element the error is in
        assertNotNull(find(v.getSite().getShell(), org.eclipse.swt.widgets.Text.class,
                t -> t.getText().contains("The General element")), "the help of General is shown");
        assertNotNull(WorkbenchUi.screenshot("config-editor-error"));
    }

    /** "Connection's File" opens the Cyclone file an open connection (kind "file") uses. */
    @Test
    void editorOpensTheFileAConnectionUses() throws Exception {
        Path f = Files.createTempDirectory("conn").resolve("connection.xml");
        Files.writeString(f, org.ddstuner.dds.CycloneConfig.loopbackOnly()); // the connection joins with it: loopback only
        WorkbenchUi.page().getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class)
                .executeCommand("org.ddstuner.config.ui.openEditor", null);
        ConfigEditorView v = (ConfigEditorView) WorkbenchUi.page().findView(ConfigEditorView.ID);
        org.ddstuner.connection.ConnectionManager cm = org.ddstuner.connection.ConnectionManager.get();
        org.ddstuner.connection.Connection c = cm.open(new org.ddstuner.connection.ConnectionProfile("file connection",
                9, org.ddstuner.connection.ConnectionProfile.ConfigKind.FILE, "", List.of(), false, f.toString()));
        try {
            v.openConnectionFile();
            WorkbenchUi.spin(200);
            assertEquals(f.toString(), v.getContentDescription());
        } finally {
            cm.close(c);
        }
    }

    static <T extends Control> T find(Composite parent, Class<T> type, java.util.function.Predicate<T> test) {
        T t = findOrNull(parent, type, test);
        if (t == null) {
            throw new AssertionError("no such control below " + parent);
        }
        return t;
    }

    private static <T extends Control> T findOrNull(Composite parent, Class<T> type, java.util.function.Predicate<T> test) {
        for (Control c : parent.getChildren()) {
            if (type.isInstance(c) && test.test(type.cast(c))) {
                return type.cast(c);
            }
            if (c instanceof Composite comp) {
                T t = findOrNull(comp, type, test);
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }
}
