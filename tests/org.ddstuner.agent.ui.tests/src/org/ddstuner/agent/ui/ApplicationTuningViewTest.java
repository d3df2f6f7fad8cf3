package org.ddstuner.agent.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.ddstuner.qos.ui.Tuning;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ToolMarker;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.TunedApp;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The product's workbench in a private network namespace with a loopback connection to domain 171, where two real
 * processes run the agent: the C test application (linked with the agent, started with a secret) and the Cyclone 11
 * Python peer (agent by LD_PRELOAD, the same secret). The Application Tuning view lists both with their readers and
 * writers; the QoS editor on the C application's writer shows locked policies with the capability table's reasons; an
 * unsigned and a wrongly signed Apply are refused with the agent's reason and change nothing; with the secret file
 * chosen a live change is previewed, applied, confirmed from discovery and seen by a third process (the Python
 * {@code qos_watcher}); a next-start policy goes into an override file. Then the same for the Python peer's writer.
 * Last, the agents' own control endpoints are flagged as the tool's and hidden from the views.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ApplicationTuningViewTest {

    private static final int DOMAIN = 171;
    private static final String SECRET = "ui-secret-0815";
    private static final Duration WATCH = Duration.ofSeconds(15);

    @TempDir
    static Path dir;
    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static TunedApp app;
    private static PeerProcess peer;
    private static PeerProcess appWatcher;
    private static PeerProcess peerWatcher;
    private static Connection connection;
    private static LiveConnection live;
    private static ApplicationTuningView view;
    private static Path secretFile;
    private static Path home;
    private static Path wrongSecretFile;

    @BeforeAll
    static void start() throws Exception {
        NetNs.requireIsolated();
        // secure storage of this run only: a secret kept by an earlier run must not sign the unsigned attempts
        home = Files.createDirectories(dir.resolve("home"));
        System.setProperty("ddstuner.home", home.toString());
        Peers.requireAvailable();
        secretFile = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        wrongSecretFile = Files.writeString(dir.resolve("wrong-secret"), "not-the-secret\n");
        app = new TunedApp(TunedApp.build(dir, true), DOMAIN, Map.of("DDSTUNER_AGENT_SECRET", SECRET,
                "DDSTUNER_AGENT_LOG", dir.resolve("app-agent.log").toString()), dir.resolve("app.err"));
        toClose.add(app);
        peer = Peers.start("cyclone_peer", DOMAIN, Map.of("LD_PRELOAD", TunedApp.agentLibrary().toString(),
                "DDSTUNER_AGENT_SECRET", SECRET));
        toClose.add(peer);
        appWatcher = Peers.start("qos_watcher", DOMAIN, "--topic", "TunedTopic");
        toClose.add(appWatcher);
        peerWatcher = Peers.start("qos_watcher", DOMAIN, "--topic", "SensorData");
        toClose.add(peerWatcher);
        connection = ConnectionManager.get().open(ConnectionProfile.loopback("apps", DOMAIN));
        toClose.add(() -> ConnectionManager.get().close(connection));
        WorkbenchUi.waitUntil("the connection in the views", () -> LiveSystems.get().find(connection) != null,
                () -> LiveSystems.get().connections().toString());
        live = LiveSystems.get().find(connection);
        view = (ApplicationTuningView) WorkbenchUi.page().showView(ApplicationTuningView.ID);
    }

    @AfterAll
    static void stop() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    /** Waits until the view lists the entity (asking the agents again meanwhile) and shows it in the editor. */
    private static QosTuningEditor open(long pid, String id) {
        long[] asked = { System.nanoTime() };
        WorkbenchUi.waitUntil(Duration.ofSeconds(40), "entity " + id + " of pid " + pid + " in the view", () -> {
            if (view.select(pid, id)) {
                return true;
            }
            if (System.nanoTime() - asked[0] > 2_000_000_000L) {
                view.refresh();
                asked[0] = System.nanoTime();
            }
            return false;
        }, () -> view.agentLabels().toString());
        return view.editor();
    }

    private static void previewAndApply(QosTuningEditor editor) {
        WorkbenchUi.spin(50);
        press(editor, "Preview");
        assertTrue(editor.canApply(), "Apply is enabled after Preview: " + editor.statusText());
        press(editor, "Apply");
        WorkbenchUi.waitUntil(Duration.ofSeconds(30), "the agent's answer", () -> !editor.isApplying(),
                editor::statusText);
    }

    private static void press(org.eclipse.swt.widgets.Composite parent, String text) {
        Button b = find(parent, text);
        assertNotNull(b, "button " + text);
        b.notifyListeners(SWT.Selection, new Event());
    }

    private static Button find(org.eclipse.swt.widgets.Composite parent, String text) {
        for (var c : parent.getChildren()) {
            if (c instanceof Button b && b.getText().replace("&", "").equals(text)) {
                return b;
            }
            if (c instanceof org.eclipse.swt.widgets.Composite comp) {
                Button f = find(comp, text);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    private static void shots(String name) {
        WorkbenchUi.page().activate(view);
        WorkbenchUi.spin(200);
        var ref = WorkbenchUi.page().getReference(view);
        WorkbenchUi.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchUi.spin(300);
        WorkbenchUi.screenshot(name);
        WorkbenchUi.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        WorkbenchUi.spin(100);
    }

    /** The ownership strength the connection's discovery announces for {@code guid} now (-1: none). */
    private static int announcedStrength(String guid) {
        return Tuning.discovery(connection).endpoint(Guid.parse(guid)).map(EndpointData::qos)
                .map(q -> q.ownershipStrength() == null ? -1 : q.ownershipStrength().value()).orElse(-1);
    }

    /** The watcher's first PUB line about {@code guidHex} that contains {@code text}. */
    private static String watched(PeerProcess watcher, String guidHex, String text) throws InterruptedException {
        long end = System.nanoTime() + WATCH.toNanos();
        while (System.nanoTime() - end < 0) {
            for (String l : watcher.stdout().lines().toList()) {
                if (l.replace("-", "").startsWith("PUB " + guidHex) && l.contains(text)) {
                    return l;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the watcher (another process) did not see writer " + guidHex + " with " + text
                + "; it printed:\n" + watcher.stdout() + "\nstderr:\n" + watcher.stderr());
    }

    @Test
    @Order(10)
    void theCApplicationsWriterShowsLockedPoliciesAndRefusesUnsignedAndWronglySignedChanges() throws Exception {
        QosTuningEditor editor = open(app.pid, app.writerGuid);
        assertTrue(editor.tunable() instanceof ApplicationEntity, "an application's entity");
        ApplicationEntity e = (ApplicationEntity) editor.tunable();
        assertTrue(e.isWriter());
        assertEquals("TunedTopic", e.entity().topic());
        assertTrue(view.bannerText().contains("No secret chosen") && view.bannerText().contains("REPORT-ONLY"),
                view.bannerText());
        assertTrue(view.agentLabels().stream().anyMatch(l -> l.contains("(pid " + app.pid + ") · report-only to this tool")
                && l.contains("libddsc")), view.agentLabels().toString());

        Map<String, String> strength = editor.rowTexts("ownership_strength");
        assertEquals("live", strength.get("how"), strength.toString());
        assertEquals("true", strength.get("editable"));
        assertEquals("5", strength.get("value"), "the application's value, as discovery announces it");
        Map<String, String> reliability = editor.rowTexts("reliability");
        assertEquals("at the application's next start", reliability.get("how"), reliability.toString());
        assertEquals("true", reliability.get("editable"), "editable for the override file");
        assertTrue(reliability.get("reason").contains("IMMUTABLE_POLICY")
                && reliability.get("reason").contains("Write Override File"), reliability.toString());
        Map<String, String> partition = editor.rowTexts("partition");
        assertTrue(partition.get("policy").startsWith("[locked]") && partition.get("policy").contains("publisher"),
                partition.toString());
        assertEquals("false", partition.get("editable"));
        assertTrue(partition.get("reason").contains("no element for it"), partition.toString());
        editor.reveal("partition");
        assertTrue(editor.whyText().contains("UNSUPPORTED"), editor.whyText());
        shots("agent-01-app-writer-locked-policies");

        // unsigned: the agent refuses with its reason, the application keeps its QoS
        editor.edit("ownership_strength", "9");
        previewAndApply(editor);
        TuningOutcome refused = editor.lastOutcome();
        assertNotNull(refused, editor.confirmationText());
        assertFalse(refused.confirmed());
        assertEquals(PolicyOutcome.Status.FAILED, refused.policies().get(0).status());
        assertTrue(editor.confirmationText().contains("NOT_AUTHORIZED") && editor.confirmationText().contains("nothing changed"),
                editor.confirmationText());
        // wrongly signed: refused too
        view.useSecretFile(e.agent().agent(), wrongSecretFile);
        editor.edit("ownership_strength", "9");
        previewAndApply(editor);
        assertTrue(editor.confirmationText().contains("NOT_AUTHORIZED"), editor.confirmationText());
        shots("agent-02-app-refused");
        WorkbenchUi.spin(500);
        assertEquals(5, announcedStrength(app.writerGuid), "discovery still announces the old value");
        watched(appWatcher, app.writerGuid, "strength=5");
        assertFalse(appWatcher.stdout().contains("strength=9"), "no other process saw a change: " + appWatcher.stdout());
        assertTrue(app.process.isAlive(), "the application keeps running");
        String log = Files.readString(dir.resolve("app-agent.log"));
        assertTrue(log.contains("NOT_AUTHORIZED"), "the agent logged the refusals: " + log);
    }

    @Test
    @Order(20)
    void withTheSecretFileALiveChangeIsPreviewedAppliedAndSeenByAnotherProcess() throws Exception {
        QosTuningEditor editor = open(app.pid, app.writerGuid);
        ApplicationEntity e = (ApplicationEntity) editor.tunable();
        view.useSecretFile(e.agent().agent(), secretFile);
        assertTrue(view.bannerText().contains("signed with the secret from " + secretFile), view.bannerText());
        editor.edit("ownership_strength", "42");
        editor.edit("user_data", "\"from-the-ui\"");
        press(editor, "Preview");
        List<String> preview = editor.previewRows();
        assertTrue(preview.stream().anyMatch(r -> r.startsWith("kept | reader")),
                "the application's reader stays matched: " + preview);
        editor.reveal("ownership_strength");
        shots("agent-03-app-preview");
        press(editor, "Apply");
        WorkbenchUi.waitUntil(Duration.ofSeconds(30), "the confirmation", () -> !editor.isApplying(), editor::statusText);
        TuningOutcome out = editor.lastOutcome();
        assertTrue(out.confirmed(), editor.confirmationText());
        assertTrue(editor.confirmationText().contains("ownership_strength: 5 → 42 (live, applied, confirmed from discovery)"),
                editor.confirmationText());
        assertTrue(editor.confirmationText().contains("Changed this session: ownership_strength: 5 → 42"),
                editor.confirmationText());
        assertEquals("42", editor.rowTexts("ownership_strength").get("value"));
        String line = watched(appWatcher, app.writerGuid, "strength=42");
        assertTrue(line.contains("user_data=" + HexFormat.of().formatHex("from-the-ui".getBytes(StandardCharsets.UTF_8))),
                line);
        editor.reveal("ownership_strength");
        shots("agent-04-app-confirmed");
        assertEquals("42", editor.rowTexts("ownership_strength").get("value"), "still shown after the screenshot");

        // the Details view shows old → new for the application's writer
        Endpoint modelled = live.connection().model().snapshot(true).endpoints().stream()
                .filter(x -> x.guid().equals(e.guid())).findFirst().orElseThrow();
        DetailsView details = WorkbenchUi.view(ViewIds.DETAILS, DetailsView.class);
        details.details().show(EntityRef.of(live, modelled));
        details.details().tabs().setSelection(DetailsComposite.QOS_TAB);
        WorkbenchUi.spin(200);
        String row = details.details().qosTable().rows().stream().filter(r -> r.name().equals("ownership_strength"))
                .map(r -> r.value()).findFirst().orElse("(no row)");
        assertTrue(row.contains("5 → 42"), row);
        WorkbenchUi.page().activate(view);
    }

    @Test
    @Order(22)
    void theSecretIsKeptEncryptedInSecureStorageForTheProcessNameAndSignsWithoutTheFile() throws Exception {
        QosTuningEditor editor = open(app.pid, app.writerGuid);
        ApplicationEntity e = (ApplicationEntity) editor.tunable();
        String process = e.agent().process();
        // kept by the Secret File… of the test before, for the process name (not the pid)
        assertArrayEquals(SECRET.getBytes(StandardCharsets.UTF_8), AgentSecrets.open().secret(process).orElseThrow());
        assertTrue(AgentSecrets.open().isEncrypted(process));
        assertFalse(Files.readString(home.resolve("secure_storage")).contains(SECRET), "stored encrypted");
        // a new session: no file chosen; the kept secret signs the change
        view.useSecretFile(e.agent().agent(), null);
        assertTrue(view.bannerText().contains("kept in secure storage for " + process), view.bannerText());
        assertTrue(view.agentLabels().stream().anyMatch(l -> l.contains("(pid " + app.pid + ") · tunable")),
                view.agentLabels().toString());
        editor.edit("ownership_strength", "43");
        previewAndApply(editor);
        assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
        assertEquals(43, announcedStrength(app.writerGuid));
        watched(appWatcher, app.writerGuid, "strength=43");
        shots("agent-03b-secret-from-secure-storage");
        // forgotten: unsigned again, refused, nothing changes
        view.forgetSecret();
        assertTrue(AgentSecrets.open().secret(process).isEmpty());
        assertTrue(view.bannerText().contains("No secret chosen"), view.bannerText());
        assertTrue(view.agentLabels().stream().anyMatch(l -> l.contains("(pid " + app.pid + ") · report-only to this tool")),
                view.agentLabels().toString());
        editor.edit("ownership_strength", "44");
        previewAndApply(editor);
        assertTrue(editor.confirmationText().contains("NOT_AUTHORIZED"), editor.confirmationText());
        WorkbenchUi.spin(500);
        assertEquals(43, announcedStrength(app.writerGuid), "refused: the value stays");
        view.useSecretFile(e.agent().agent(), secretFile); // as the later tests expect
    }

    @Test
    @Order(25)
    void theApplicationWritersStatisticsFromItsAgentAreChartedBesideItsQos() {
        open(app.pid, app.writerGuid);
        var chart = view.statistics().chart();
        assertEquals(List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit"), chart.keys());
        // the agent reports once a second (DDSTUNER_AGENT_STATS_MS default): the chart grows with its reports
        WorkbenchUi.waitUntil(Duration.ofSeconds(20), "three periods of the writer's statistics",
                () -> chart.pointCounts().getOrDefault("rexmit_bytes", 0) >= 3, () -> chart.pointCounts().toString());
        int first = chart.pointCounts().get("rexmit_bytes");
        WorkbenchUi.waitUntil(Duration.ofSeconds(20), "more periods", () -> chart.pointCounts().get("rexmit_bytes") > first,
                () -> chart.pointCounts().toString());
        shots("agent-05-app-statistics");
    }

    @Test
    @Order(30)
    void aNextStartPolicyIsWrittenToAnOverrideFileNotSentLive() throws Exception {
        QosTuningEditor editor = open(app.pid, app.writerGuid);
        editor.edit("reliability", "BEST_EFFORT 100ms");
        assertTrue(editor.statusText().contains("cannot change live"), editor.statusText());
        Path file = dir.resolve("overrides.xml");
        assertTrue(view.writeOverride(file), editor.statusText());
        String xml = Files.readString(file);
        assertTrue(xml.contains("<datawriter_qos topic_filter=\"TunedTopic\">")
                && xml.contains("BEST_EFFORT_RELIABILITY_QOS"), xml);
        // the process as its agent names it: argv[0]'s name, as Cyclone's __ProcessName (not comm's first 15 characters)
        String process = ((ApplicationEntity) editor.tunable()).process();
        assertEquals("tuned_app_explicit (pid " + app.pid + ")", process);
        assertTrue(editor.statusText().contains("takes effect when " + process + " restarts"), editor.statusText());
        shots("agent-05-app-override-file");
        // Apply does not send it: the outcome says why, the application's writer stays reliable
        previewAndApply(editor);
        PolicyOutcome o = editor.lastOutcome().policies().get(0);
        assertEquals(PolicyOutcome.Status.REFUSED, o.status(), o.toString());
        assertTrue(o.reason().contains("Write Override File"), o.reason());
        assertEquals(org.ddstuner.dds.Qos.ReliabilityKind.RELIABLE, Tuning.discovery(connection)
                .endpoint(Guid.parse(app.writerGuid)).orElseThrow().qos().reliability().kind());
    }

    @Test
    @Order(40)
    void thePythonPeerWithThePreloadedAgentIsTunedFromTheView() throws Exception {
        WorkbenchUi.waitUntil(Duration.ofSeconds(40), "the Python peer's entities", () -> {
            if (view.entities(peer.pid()).stream().noneMatch(x -> x.entity().topic().equals("SensorData"))) {
                view.refresh();
                WorkbenchUi.spin(1000);
                return false;
            }
            return true;
        }, () -> view.agentLabels().toString());
        ApplicationEntity w = view.entities(peer.pid()).stream()
                .filter(x -> x.isWriter() && x.entity().topic().equals("SensorData")).findFirst().orElseThrow();
        assertTrue(w.agent().library().contains("cyclonedds"), "the wheel's own libddsc: " + w.agent().library());
        QosTuningEditor editor = open(peer.pid(), w.entity().id());
        // refused without the right secret: nothing changes
        view.useSecretFile(w.agent().agent(), wrongSecretFile);
        editor.edit("ownership_strength", "66");
        previewAndApply(editor);
        assertTrue(editor.confirmationText().contains("NOT_AUTHORIZED"), editor.confirmationText());
        WorkbenchUi.spin(500);
        assertFalse(peerWatcher.stdout().contains("strength=66"), peerWatcher.stdout());

        view.useSecretFile(w.agent().agent(), secretFile);
        editor.edit("ownership_strength", "77");
        previewAndApply(editor);
        assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
        watched(peerWatcher, w.entity().id(), "strength=77");
        assertTrue(peer.isAlive(), "the peer keeps running");
        shots("agent-06-python-peer-confirmed");
    }

    @Test
    @Order(50)
    void theAgentsControlEndpointsAreFlaggedAsTheToolsAndHidden() throws PartInitException {
        SystemSnapshot all = connection.model().snapshot(true);
        List<Participant> agents = all.participants().stream().filter(p -> ToolMarker.isAgent(p.qos())).toList();
        assertEquals(2, agents.stream().filter(Participant::alive).count(), "the C application's and the peer's agent: "
                + agents);
        for (Participant p : agents) {
            assertTrue(p.tool() && !p.own() && p.hidden(), p.toString());
            List<Endpoint> eps = all.endpointsOf(p.guid());
            assertFalse(eps.isEmpty(), "the agent's control endpoints are discovered");
            for (Endpoint ep : eps) {
                assertTrue(ep.topicName().startsWith("DDSTunerAgent_") && ep.tool(), ep.toString());
            }
        }
        Participant appParticipant = all.participant(Guid.parse(app.writerGuid).participantGuid()).orElseThrow();
        assertFalse(appParticipant.tool(), "the application's own participant is not the tool's");
        SystemSnapshot shown = connection.model().snapshot(false);
        assertTrue(shown.endpoints().stream().noneMatch(ep -> ep.topicName().startsWith("DDSTunerAgent_")),
                "the views (own entities hidden) show no agent endpoint");
        assertTrue(shown.topics().stream().noneMatch(t -> t.name().startsWith("DDSTunerAgent_")), "nor their topics");
        assertTrue(shown.participants().stream().noneMatch(p -> ToolMarker.isAgent(p.qos())), "nor their participants");
        assertTrue(shown.endpoints().stream().anyMatch(ep -> ep.topicName().equals("TunedTopic")),
                "the applications' own endpoints are shown");

        // with own entities shown, the Details view says whose they are
        LiveSystems.get().setShowOwn(true);
        try {
            Endpoint control = all.endpointsOf(agents.get(0).guid()).get(0);
            WorkbenchUi.waitUntil("the views' snapshot has the agent's endpoint",
                    () -> live.snapshot().endpoints().stream().anyMatch(x -> x.guid().equals(control.guid())), () -> "");
            DetailsView details = WorkbenchUi.view(ViewIds.DETAILS, DetailsView.class);
            details.details().show(EntityRef.of(live, control));
            var tabs = details.details().tabs();
            tabs.setSelection(DetailsComposite.PROPERTIES_TAB); // as a click does: the view then keeps this tab
            Event click = new Event();
            click.item = tabs.getItem(DetailsComposite.PROPERTIES_TAB);
            tabs.notifyListeners(SWT.Selection, click);
            WorkbenchUi.spin(200);
            String agentRow = details.details().propertiesTable().rows().stream()
                    .filter(r -> r.name().equals("DDS Tuner agent")).map(r -> r.value()).findFirst().orElse("(no row)");
            assertTrue(agentRow.startsWith("yes") && agentRow.contains("agent inside"), agentRow);
            WorkbenchUi.page().activate(details);
            var ref = WorkbenchUi.page().getReference(details);
            WorkbenchUi.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
            WorkbenchUi.spin(300);
            WorkbenchUi.screenshot("agent-07-details-agent-endpoint");
            WorkbenchUi.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        } finally {
            LiveSystems.get().setShowOwn(false);
        }
    }
}
