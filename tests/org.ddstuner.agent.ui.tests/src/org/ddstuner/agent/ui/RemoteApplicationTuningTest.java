package org.ddstuner.agent.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.dds.Guid;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.testsupport.CliChild;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Application Tuning view on connections through remote agents (issue 15), in a private network namespace: the C
 * test application runs the tuning agent (with a secret) in domain 173, two real {@code ddstuner serve} processes
 * (child JVMs) serve that domain, one without and one with {@code --allow qos}. Through the first the view lists the
 * application's writer (list-qos) and says why nothing can change; through the second, with the secret file chosen, a
 * live ownership strength is applied by set-qos, the agent's answer confirms it and the remote agent's discovery
 * announces it. Through either, the writer's statistics (the application's agent reports them on its host) are
 * charted beside its QoS, taken from the remote agent's {@code agent-stats}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteApplicationTuningTest {

    private static final int DOMAIN = 173;
    private static final String SECRET = "remote-ui-secret-4711";
    private static final Pattern READY = Pattern.compile("READY serving domain \\d+ on 127\\.0\\.0\\.1:(\\d+), .*");

    @TempDir
    static Path dir;
    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static TunedApp app;
    private static ApplicationTuningView view;
    private static Path secretFile;

    @BeforeAll
    static void start() throws Exception {
        NetNs.requireIsolated();
        Path home = Files.createDirectories(dir.resolve("home")); // secure storage of this run only
        System.setProperty("ddstuner.home", home.toString());
        secretFile = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        app = new TunedApp(TunedApp.build(dir, true), DOMAIN, Map.of("DDSTUNER_AGENT_SECRET", SECRET), dir.resolve(
                "app.err"));
        toClose.add(app);
        view = (ApplicationTuningView) WorkbenchUi.page().showView(ApplicationTuningView.ID);
    }

    @AfterAll
    static void stop() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        System.clearProperty("ddstuner.home");
    }

    /** A real {@code ddstuner serve} of the application's domain and the desktop's connection through it. */
    private static RemoteConnection serveAndConnect(String name, String... extra) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        List<String> args = new ArrayList<>(List.of("serve", "--listen", "127.0.0.1:0", "--token-file",
                d.resolve("token").toString(), "--identity-dir", d.resolve("agent").toString(), "--domain",
                Integer.toString(DOMAIN)));
        args.addAll(List.of(extra));
        CliChild serve = CliChild.start(null, args.toArray(String[]::new));
        toClose.add(serve);
        Matcher m = READY.matcher(serve.awaitLine("READY", 60));
        assertTrue(m.matches(), m.toString());
        ClientOptions co = ClientOptions.of("127.0.0.1", Integer.parseInt(m.group(1)), TokenFile.read(d.resolve(
                "token"))).withKnownAgents(d.resolve("known-agents"));
        RemoteConnection rc = new RemoteConnection(name, RemoteClient.connect(co));
        ConnectionManager.get().add(rc);
        toClose.add(() -> ConnectionManager.get().close(rc));
        return rc;
    }

    /** Waits until the view lists the application's writer through {@code rc} and shows it in the editor. */
    private static QosTuningEditor open(RemoteConnection rc) {
        long[] asked = { System.nanoTime() };
        WorkbenchUi.waitUntil(Duration.ofSeconds(60), "the writer of pid " + app.pid + " through " + rc.name(), () -> {
            if (view.select(app.pid, app.writerGuid) && view.editor().tunable() instanceof RemoteApplicationEntity r
                    && r.connection() == rc) {
                return true;
            }
            if (System.nanoTime() - asked[0] > 2_000_000_000L) {
                view.refresh();
                asked[0] = System.nanoTime();
            }
            return false;
        }, () -> view.agentLabels().toString() + " " + view.bannerText());
        return view.editor();
    }

    private static void applyWithPreview(QosTuningEditor editor) {
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

    @Test
    @Order(10)
    void withoutTheQosCapabilityTheWriterIsListedAndTheViewSaysWhyNothingChanges() throws Exception {
        RemoteConnection rc = serveAndConnect("reading-agent");
        QosTuningEditor editor = open(rc);
        RemoteApplicationEntity e = (RemoteApplicationEntity) editor.tunable();
        assertEquals("TunedTopic", e.entity().topic());
        assertTrue(e.isWriter());
        assertTrue(view.agentLabels().stream().anyMatch(l -> l.contains("(pid " + app.pid + ")") && l.contains(
                "through " + rc.label())), view.agentLabels().toString());
        assertTrue(view.bannerText().contains("--allow qos"), view.bannerText());
        Map<String, String> strength = editor.rowTexts("ownership_strength");
        assertEquals("5", strength.get("value"), "the application's value, through list-qos/discovery: " + strength);
        assertEquals("false", strength.get("editable"), strength.toString());
        assertTrue(strength.get("reason").contains("--allow qos"), strength.toString());
        shots("agent-remote-01-no-qos-capability");

        // the application's agent reports its writer's libddsc statistics once a second on the agent's host: they
        // come through the agent's agent-stats (read-only, no capability) and are charted as on a local connection
        var chart = view.statistics().chart();
        assertEquals(List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit"), chart.keys());
        WorkbenchUi.waitUntil(Duration.ofSeconds(30), "three periods of the writer's statistics through the agent",
                () -> chart.pointCounts().getOrDefault("rexmit_bytes", 0) >= 3, () -> chart.pointCounts().toString());
        int first = chart.pointCounts().get("rexmit_bytes");
        WorkbenchUi.waitUntil(Duration.ofSeconds(20), "more periods", () -> chart.pointCounts().get("rexmit_bytes")
                > first, () -> chart.pointCounts().toString());
        shots("agent-remote-04-statistics-through-agent");
        ConnectionManager.get().close(rc);
    }

    @Test
    @Order(20)
    void withQosAllowedALiveChangeIsAppliedThroughTheAgentAndConfirmed() throws Exception {
        RemoteConnection rc = serveAndConnect("tuning-agent", "--allow", "qos");
        QosTuningEditor editor = open(rc);
        RemoteApplicationEntity e = (RemoteApplicationEntity) editor.tunable();
        // no secret chosen yet: the application's agent refuses the unsigned change through the remote agent
        editor.edit("ownership_strength", "9");
        WorkbenchUi.waitUntil(Duration.ofSeconds(20), "the remote model has the writer (for the preview)",
                () -> rc.model().snapshot(true).endpoint(Guid.parse(app.writerGuid)).isPresent(), () -> "");
        applyWithPreview(editor);
        assertEquals(PolicyOutcome.Status.FAILED, editor.lastOutcome().policies().get(0).status(),
                editor.confirmationText());
        assertTrue(editor.confirmationText().contains("qos-refused") && editor.confirmationText().contains(
                "NOT_AUTHORIZED") && editor.confirmationText().contains("nothing changed"), editor.confirmationText());
        assertEquals(5, rc.model().snapshot(true).endpoint(Guid.parse(app.writerGuid)).orElseThrow().qos()
                .ownershipStrength().value(), "unchanged");
        shots("agent-remote-02-unsigned-refused");
        // the override file is a path on the application's host: the action says so instead of writing here
        press(editor, "Write Override File…");
        assertTrue(editor.statusText().contains("local to the application's host"), editor.statusText());

        view.useSecretFile(e.agent().agent(), secretFile);
        assertTrue(view.bannerText().contains("signed with the secret from " + secretFile)
                && view.bannerText().contains("set-qos"), view.bannerText());
        Map<String, String> reliability = editor.rowTexts("reliability");
        assertTrue(reliability.get("reason").contains("application's host"), reliability.toString());
        assertEquals("true", editor.rowTexts("ownership_strength").get("editable"));

        editor.edit("ownership_strength", "42");
        applyWithPreview(editor);
        TuningOutcome out = editor.lastOutcome();
        assertNotNull(out, editor.confirmationText());
        PolicyOutcome o = out.policies().get(0);
        assertEquals(PolicyOutcome.Status.APPLIED, o.status(), editor.confirmationText());
        assertTrue(o.confirmed(), editor.confirmationText());
        assertTrue(editor.confirmationText().contains("confirmed from discovery") && editor.confirmationText()
                .contains("set-qos through tuning-agent: the application's agent answered 42"), editor.confirmationText());
        assertEquals(42, rc.model().snapshot(true).endpoint(Guid.parse(app.writerGuid)).orElseThrow().qos()
                .ownershipStrength().value(), "the remote agent's discovery announces it");
        shots("agent-remote-03-applied-through-agent");
    }
}
