package org.ddstuner.config.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.trial.ConfigTrial;
import org.ddstuner.pother.ui.charts.ChartId;
import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.AgentProfileStore;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.remote.ui.AgentTokens;
import org.ddstuner.testsupport.CliClassPath;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.RepoLocator;
import org.ddstuner.testsupport.TwoHosts;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 16 in the desktop: "Try with a benchmark" from the editor (two real local agent processes per side, the runs
 * overlaid as A and B in the Benchmarks charts, figures and ratio below), and the wizard's network page listing the
 * interfaces of another host (namespace A of {@link TwoHosts}) through the agent running there. Screenshots of both.
 */
class ConfigTryAndRemoteUiTest {

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void tryWithABenchmarkOverlaysTheCurrentAndTheNewRun() throws Exception {
        Path dir = Files.createTempDirectory("try");
        System.setProperty(TryBenchmarkDialog.RUNS_DIR_PROPERTY, dir.resolve("runs").toString());
        Path f = dir.resolve("node.xml");
        Files.writeString(f, """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <!-- a node's file: large samples -->
                  <Domain Id="any">
                    <General>
                      <Interfaces><NetworkInterface address="10.20.30.40"/></Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                      <MaxMessageSize>65500 B</MaxMessageSize>
                      <FragmentSize>62 KiB</FragmentSize>
                    </General>
                    <Discovery><Peers><Peer address="10.20.30.41"/></Peers></Discovery>
                    <Internal><Watermarks><WhcHigh>8 MiB</WhcHigh></Watermarks></Internal>
                  </Domain>
                </CycloneDDS>
                """);
        WorkbenchUi.page().getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class)
                .executeCommand("org.ddstuner.config.ui.openEditor", null);
        ConfigEditorView v = (ConfigEditorView) WorkbenchUi.page().findView(ConfigEditorView.ID);
        v.open(f);
        TryBenchmarkDialog d = v.tryWithBenchmark();
        assertNotNull(d);
        try {
            d.seconds(3);
            d.start();
            WorkbenchUi.waitUntil(Duration.ofSeconds(400), "both runs of the try", () -> !d.running(),
                    () -> "runs: " + d.runs());
            WorkbenchUi.spin(1000);
            assertEquals(2, d.runs().size(), d.status());
            List<ConfigTrial.Row> rows = d.rows();
            assertEquals(2, rows.size(), d.status() + " " + d.results());
            for (ConfigTrial.Row r : rows) {
                assertTrue(r.current() > 0 && r.candidate() > 0 && Double.isFinite(r.ratio()), r.format());
            }
            assertTrue(d.charts().hasData(ChartId.RTT));
            List<String> keys = d.charts().seriesKeys(ChartId.RTT);
            assertTrue(keys.stream().anyMatch(k -> k.startsWith("A")) && keys.stream().anyMatch(k -> k.startsWith("B")),
                    "A and B overlaid: " + keys);
            assertTrue(d.results().contains("ratio new/current") && d.results().contains("127.0.0.1"), d.results());
            try (var saved = Files.list(dir.resolve("runs"))) {
                assertEquals(2, saved.count(), "both runs saved for Saved Runs");
            }
            assertNotNull(WorkbenchUi.screenshot("config-try-benchmark"));
        } finally {
            d.close();
        }
    }

    @Test
    void theWizardListsAnotherHostsInterfacesThroughItsAgent() throws Exception {
        Path dir = Files.createTempDirectory("remote-nics");
        try (TwoHosts hosts = TwoHosts.startHereAsB()) {
            inA(hosts, "ip", "link", "add", "ddstnode0", "type", "veth", "peer", "name", "ddstnode0p");
            inA(hosts, "ip", "addr", "add", "10.88.0.7/24", "dev", "ddstnode0");
            inA(hosts, "ip", "link", "set", "ddstnode0p", "up");
            inA(hosts, "ip", "link", "set", "ddstnode0", "up");
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, CliClassPath.entries()),
                    "org.ddstuner.cli.Main", "serve", "--listen", TwoHosts.A_ADDRESS + ":0", "--token-file",
                    dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--domain", "125"));
            Process agent = hosts.a().processBuilder(cmd).redirectError(dir.resolve("agent.err").toFile()).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8));
                String line;
                do {
                    line = out.readLine();
                } while (line != null && !line.startsWith("READY"));
                assertNotNull(line, "agent in A: " + Files.readString(dir.resolve("agent.err")));
                Matcher m = Pattern.compile("on 10\\.77\\.0\\.1:(\\d+),").matcher(line);
                assertTrue(m.find(), line);
                DeploymentWizard w = new DeploymentWizard(dir.resolve("node.xml"));
                WizardDialog wd = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
                wd.setBlockOnOpen(false);
                wd.setPageSize(720, 460);
                wd.open();
                try {
                    w.model().knownAgents = dir.resolve("known-agents");
                    NetworkPage page = (NetworkPage) w.getPage("network");
                    wd.showPage(page);
                    page.remote(TwoHosts.A_ADDRESS + ":" + m.group(1), dir.resolve("token").toString());
                    page.listRemote();
                    WorkbenchUi.waitUntil(Duration.ofSeconds(40), "A's interfaces listed",
                            () -> names(page).contains("ddstnode0"), () -> page.remoteStatus() + " " + names(page));
                    assertTrue(names(page).contains("veth-a") && !names(page).contains("veth-b"), names(page).toString());
                    assertTrue(page.remoteStatus().startsWith("Interfaces of 10.77.0.1:"), page.remoteStatus());
                    // choose A's own interface: Finish checks the file against A's interfaces, not this host's
                    int row = names(page).indexOf("ddstnode0");
                    page.table().select(row);
                    page.table().notifyListeners(SWT.Selection, new Event());
                    WorkbenchUi.spin(300);
                    assertNotNull(WorkbenchUi.screenshot("config-wizard-network-remote"));
                    assertTrue(w.performFinish(), "Finish wrote the file");
                    String xml = Files.readString(dir.resolve("node.xml"));
                    assertTrue(xml.contains("<NetworkInterface address=\"10.88.0.7\"/>"), xml);
                    assertTrue(w.lastReport().valid() && w.lastReport().of(ConfigProblem.Kind.INTERFACE_MISSING).isEmpty(),
                            "checked against A, which has 10.88.0.7: " + w.lastReport().problems());
                } finally {
                    wd.close();
                }
            } finally {
                agent.destroy();
                agent.waitFor(20, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Issue 16: Finish of a deployment asks every node's agent that has a "Remote agent" profile (token in secure
     * storage, certificate pinned) for its interfaces; a node without a profile says it was not checked.
     */
    @Test
    void finishChecksEachNodeThroughItsProfilesAgent() throws Exception {
        Path dir = Files.createTempDirectory("node-agents");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, CliClassPath.entries()),
                "org.ddstuner.cli.Main", "serve", "--listen", "127.0.0.1:0", "--token-file", dir.resolve("token").toString(),
                "--identity-dir", dir.resolve("agent").toString(), "--domain", "126");
        Process agent = new ProcessBuilder(cmd).redirectError(dir.resolve("agent.err").toFile()).start();
        System.setProperty("ddstuner.home", dir.resolve("home").toString()); // profiles, tokens, pins: not the real home
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("READY"));
            assertNotNull(line, "agent: " + Files.readString(dir.resolve("agent.err")));
            Matcher m = Pattern.compile("on 127\\.0\\.0\\.1:(\\d+),").matcher(line);
            assertTrue(m.find(), line);
            int port = Integer.parseInt(m.group(1));
            String token = TokenFile.read(dir.resolve("token"));
            AgentProfile robot = new AgentProfile("robot", "127.0.0.1", port);
            AgentProfileStore.defaultStore().save(List.of(robot));
            AgentTokens.defaultTokens().put("robot", token);
            RemoteClient.connect(robot.clientOptions(token)).close(); // first use pins it, as the connection would
            Path output = dir.resolve("deployment").resolve("cyclonedds.xml");
            Files.createDirectories(output.getParent());
            DeploymentWizard w = new DeploymentWizard(output);
            WizardDialog wd = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
            wd.setBlockOnOpen(false);
            wd.setPageSize(720, 460);
            wd.open();
            try {
                wd.showPage(w.getPage("nodes"));
                WorkbenchUi.spin(200);
                Text nodes = ConfigUiTest.find(wd.getShell(), Text.class, t -> (t.getStyle() & SWT.MULTI) != 0
                        && t.getMessage().startsWith("robot-a="));
                nodes.setText("alpha=127.0.0.1\nbeta=10.77.0.2");
                WorkbenchUi.spin(200);
                assertTrue(w.performFinish(), String.valueOf(wd.getCurrentPage().getErrorMessage()));
                assertNotNull(WorkbenchUi.screenshot("config-wizard-nodes-agents"));
            } finally {
                wd.close();
            }
            String notes = String.join("\n", w.notes());
            assertTrue(notes.contains("alpha: accepted by Cyclone 0.10.2; interfaces checked against node 127.0.0.1:"
                    + port + " (profile robot)"), notes);
            assertTrue(notes.contains("beta: accepted by Cyclone 0.10.2; interfaces not checked (no agent profile for "
                    + "10.77.0.2"), notes);
            assertTrue(Files.readString(output.resolveSibling("alpha.xml")).contains(
                    "<NetworkInterface address=\"127.0.0.1\"/>"));
        } finally {
            System.clearProperty("ddstuner.home");
            agent.destroy();
            agent.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /**
     * The security page for DDS Tuner's own file on a real secured domain (files from the CLI tests'
     * {@code make-domain.sh}): Finish writes and signs the subscribe-only permissions, and Cyclone accepts the file
     * with them (ConfigToolPermissionsTest shows the tool then reads and cannot write).
     */
    @Test
    void theSecurityPageWritesTheToolsSignedSubscribeOnlyPermissions() throws Exception {
        Path dir = Files.createTempDirectory("tool-security");
        Path script = RepoLocator.repoRoot().resolve("tests/org.ddstuner.cli.tests/resources/security/make-domain.sh");
        Process make = new ProcessBuilder("bash", script.toString(), dir.toString(), "tool").redirectErrorStream(true)
                .start();
        String made = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(make.waitFor(60, TimeUnit.SECONDS) && make.exitValue() == 0, made);
        Path tool = dir.resolve("tool");
        Path p7s = dir.resolve("tool-permissions.p7s");
        DeploymentWizard w = new DeploymentWizard(dir.resolve("tool.xml"));
        WizardModel m = w.model();
        m.security = true;
        m.networkInterface = "127.0.0.1";
        m.securityFiles = new String[] { tool.resolve("identity_ca.pem").toString(), tool.resolve("identity.pem").toString(),
            tool.resolve("identity_key.pem").toString(), tool.resolve("permissions_ca.pem").toString(),
            tool.resolve("governance.p7s").toString(), p7s.toString() };
        m.toolPermissions = true;
        m.toolSubject = "CN=tool,O=DDS Tuner test,C=NL";
        m.permissionsCaKey = dir.resolve("ca/ca_key.pem").toString();
        WizardDialog wd = new WizardDialog(WorkbenchUi.display().getActiveShell(), w);
        wd.setBlockOnOpen(false);
        wd.setPageSize(720, 460);
        wd.open();
        try {
            wd.showPage(w.getPage("security"));
            WorkbenchUi.spin(300);
            assertNotNull(WorkbenchUi.screenshot("config-wizard-security-tool"));
            assertTrue(w.performFinish(), "Finish wrote the file");
        } finally {
            wd.close();
        }
        assertTrue(w.lastReport().valid(), w.lastReport().problems().toString());
        String permissions = Files.readString(dir.resolve("tool-permissions.xml"));
        assertTrue(permissions.contains("<subscribe>") && !permissions.contains("<publish>"), permissions);
        assertTrue(Files.readString(p7s).contains("MIME-Version"), "signed");
        assertTrue(Files.readString(dir.resolve("tool.xml")).contains("<Permissions>file:" + p7s + "</Permissions>"));
        assertTrue(w.notes().get(0).contains("signed into " + p7s), w.notes().toString());
    }

    private static List<String> names(NetworkPage page) {
        return Arrays.stream(page.table().getItems()).map(TableItem::getText).toList();
    }

    private static void inA(TwoHosts hosts, String... command) throws Exception {
        Process p = hosts.a().processBuilder(List.of(command)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }
}
