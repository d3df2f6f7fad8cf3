package org.ddstuner.record.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.record.ChannelMeta;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.ddstuner.testsupport.ui.ViewsUi;
import org.junit.jupiter.api.Test;

/**
 * The Recordings view on a remote-agent connection (issue 15: every view works the same remotely): a real
 * {@link RemoteServer} (TLS 1.3 on 127.0.0.1 in the private namespace) serves the product's demo connection, the
 * desktop connects to it as a "Remote agent" connection, and the view records the demo's SensorReadings through it —
 * the agent reads, this side writes the file — with the counts growing, stopped, listed as done, the file holding
 * what the row says with the writer's GUID and QoS on its channels. Screenshots: recordings-remote-running.png,
 * recordings-remote-done.png.
 */
class RemoteRecordingsViewTest {

    private static final String NAME = "Remote rack";

    @Test
    void recordsTheDemoThroughARemoteAgent() throws Exception {
        List<String> errors = WorkbenchUi.collectLoggedErrors();
        NetNs.requireIsolated();
        WorkbenchUi.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.isLocal() && c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        Connection demo = ConnectionManager.get().connections().stream().filter(c -> c.profile().equals(
                ConnectionProfile.localDemo())).findFirst().orElseThrow();
        Path home = Files.createTempDirectory("ddstuner-remote-recording");
        RemoteServer server = RemoteServer.serve(demo, ServerOptions.defaults(home.resolve("agent")));
        RemoteConnection remote = null;
        try {
            ClientOptions co = ClientOptions.of("127.0.0.1", server.address().getPort(), TokenFile.read(home.resolve(
                    "agent/token"))).withKnownAgents(home.resolve("known-agents"));
            remote = new RemoteConnection(NAME, RemoteClient.connect(co));
            ConnectionManager.get().add(remote);
            RecordingsView view = WorkbenchUi.view(RecordingsView.ID, RecordingsView.class);
            RecordingsComposite ui = view.composite();
            WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(view),
                    org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
            Path dir = Files.createTempDirectory("remote-recordings");
            ui.setFolder(dir);
            WorkbenchUi.waitUntil("the agent's SensorReadings writer in the topic list", () -> ui.selectConnection(NAME)
                    && ui.checkTopic("SensorReadings"), ui::statusText);
            ViewsUi.press(ui, Messages.START);
            WorkbenchUi.waitUntil("a running recording through the agent", () -> ui.isRecording()
                    && !ui.rowTexts().isEmpty() && ui.rowTexts().getFirst().contains("| " + Messages.RECORDING + " |")
                    && messages(ui) >= 20, () -> ui.statusText() + "\n" + ui.rowTexts());
            assertTrue(ui.statusText().startsWith("Recording SensorReadings into "), ui.statusText());
            WorkbenchUi.spin(300);
            WorkbenchUi.screenshot("recordings-remote-running");
            ViewsUi.press(ui, Messages.STOP);
            WorkbenchUi.waitUntil("the recording done", () -> !ui.isRecording() && ui.rowTexts().getFirst().contains(
                    "| " + Messages.DONE + " |"), () -> ui.statusText() + "\n" + ui.rowTexts());
            WorkbenchUi.spin(300);
            WorkbenchUi.screenshot("recordings-remote-done");
            String row = ui.rowTexts().getFirst();
            long shown = messages(ui);
            assertTrue(shown >= 20, row);
            assertTrue(ui.statusText().contains("dropped 0"), ui.statusText());
            Path file;
            try (var files = Files.list(dir)) {
                file = files.filter(p -> p.toString().endsWith(".mcap")).findFirst().orElseThrow();
            }
            try (McapReader r = McapReader.open(file)) {
                assertEquals(List.of(), r.notes());
                assertEquals(shown, r.summaryMessageCount(), row);
                assertTrue(r.channels().values().stream().allMatch(c -> c.topic().equals("SensorReadings")
                        && "writer".equals(c.metadata().get(ChannelMeta.QOS_SOURCE))
                        && !c.metadata().get(ChannelMeta.WRITER_GUID).isEmpty()), r.channels().toString());
                assertEquals("omgidl", r.schemas().values().iterator().next().encoding());
                assertTrue(r.metadata().stream().anyMatch(m -> m.name().equals(ChannelMeta.RECORDING) && m.values()
                        .get("connection").startsWith("remote agent 127.0.0.1:")), r.metadata().toString());
            }
            WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(view),
                    org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
        } finally {
            if (remote != null) {
                ConnectionManager.get().close(remote);
            }
            server.close();
        }
        assertEquals(List.of(), errors, "errors logged");
    }

    private static long messages(RecordingsComposite ui) {
        String[] cells = ui.rowTexts().getFirst().split(" \\| ");
        return cells.length > 3 && !cells[3].isEmpty() ? Long.parseLong(cells[3]) : 0;
    }
}
