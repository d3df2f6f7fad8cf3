package org.ddstuner.qos.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Guid;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.CliChild;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Create Reader/Writer… and the QoS Tuning view on remote-agent connections (issue 15), in a private network
 * namespace: two real {@code ddstuner serve} processes (child JVMs) serve the product's demo domain (77), one with
 * {@code --allow write,qos}, one without. Through the first a writer is created on the agent, listed "on agent …",
 * its ownership strength changed live with the agent's answer shown, seen by the remote model, the Details view and
 * the desktop's own demo participant (another participant of that domain); the agent killed and restarted, the
 * desktop makes it again there with that strength; then it is deleted. Through the second a reader can be made
 * (reading needs nothing) but a writer and a QoS change are refused, the view showing the agent's reason.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteOwnEndpointsTest {

    private static final String TOPIC = "SensorReadings";
    private static final Pattern READY = Pattern.compile("READY serving domain \\d+ on 127\\.0\\.0\\.1:(\\d+), .*");

    @TempDir
    static Path dir;
    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static LiveConnection demo;
    private static TopicsView topics;
    private static CliChild lastServe;
    private static List<String> lastArgs;
    private static String lastPort;

    @BeforeAll
    static void start() {
        NetNs.requireIsolated();
        Ui.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.isLocal() && c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        demo = LiveSystems.get().connections().stream().filter(c -> c.isLocal() && c.connection().profile().equals(
                ConnectionProfile.localDemo())).findFirst().orElseThrow();
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
    }

    @AfterAll
    static void stop() throws Exception {
        for (OwnEndpoint e : OwnEndpoints.get().all()) {
            OwnEndpoints.get().remove(e);
        }
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    /** A real {@code ddstuner serve} of the demo's domain and the desktop's connection through it, in the views. */
    private static LiveConnection serveAndConnect(String name, String... extra) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        List<String> args = new ArrayList<>(List.of("serve", "--listen", "127.0.0.1:0", "--token-file",
                d.resolve("token").toString(), "--identity-dir", d.resolve("agent").toString(), "--audit-log",
                d.resolve("audit.log").toString(), "--domain", Integer.toString(demo.connection().profile()
                        .domainId())));
        args.addAll(List.of(extra));
        CliChild serve = CliChild.start(null, args.toArray(String[]::new));
        toClose.add(serve);
        Matcher m = READY.matcher(serve.awaitLine("READY", 60));
        assertTrue(m.matches(), m.toString());
        lastServe = serve;
        lastArgs = args;
        lastPort = m.group(1);
        ClientOptions co = ClientOptions.of("127.0.0.1", Integer.parseInt(m.group(1)), TokenFile.read(d.resolve(
                "token"))).withKnownAgents(d.resolve("known-agents"));
        RemoteConnection rc = new RemoteConnection(name, RemoteClient.connect(co));
        ConnectionManager.get().add(rc);
        toClose.add(() -> ConnectionManager.get().close(rc));
        Ui.waitUntil("the remote connection in the views", () -> LiveSystems.get().find(rc) != null, () -> "");
        LiveConnection live = LiveSystems.get().find(rc);
        Ui.waitUntil("the demo's " + TOPIC + " writer through " + name, () -> rc.model().snapshot().endpoints()
                .stream().anyMatch(e -> e.topicName().equals(TOPIC) && !e.isReader()), () -> "");
        return live;
    }

    /** Create Reader/Writer… on the topic's row of {@code c}, answering the question with {@code button}. */
    private static void createOn(LiveConnection c, String button, java.util.function.Consumer<String> errorDialog,
            String shot) {
        TopicsTree.select(topics, TopicsTree.row(topics, c, TOPIC));
        Menu menu = topics.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        MenuItem create = List.of(menu.getItems()).stream().filter(i -> i.getText().replace("&", "")
                .startsWith("Create Reader/Writer")).findFirst().orElseThrow();
        assertTrue(create.isEnabled(), "Create Reader/Writer… is enabled on a remote topic");
        String title = "Create Reader/Writer — " + TOPIC;
        Ui.whenShellOpens(title, shell -> {
            assertTrue(Ui.texts(shell).contains("remote agent"), Ui.texts(shell));
            if (shot != null) {
                Ui.spin(200);
                Ui.screenshot(shot + "-question");
            }
            Ui.press(shell, button);
            if (errorDialog != null) {
                Ui.whenShellOpens(title, error -> {
                    errorDialog.accept(Ui.texts(error));
                    Ui.spin(200);
                    Ui.screenshot(shot + "-refused");
                    Ui.press(error, "OK");
                });
            }
        });
        create.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
    }

    private static QosTuningView tuningView() {
        var ref = Ui.page().findViewReference(QosTuningView.ID);
        assertNotNull(ref, "the QoS Tuning view is open");
        return (QosTuningView) ref.getView(true);
    }

    private static void previewAndApply(QosTuningEditor editor) {
        Ui.press(editor, Messages.PREVIEW);
        assertTrue(editor.canApply(), "Apply is enabled after Preview: " + editor.statusText());
        Ui.press(editor, Messages.APPLY);
        Ui.waitUntil("the agent's answer", () -> !editor.isApplying(), editor::statusText);
    }

    private static void shots(String name, org.eclipse.ui.IViewPart view) {
        Ui.page().activate(view);
        var ref = Ui.page().getReference(view);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(400);
        Ui.screenshot(name);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        Ui.spin(100);
    }

    private static Endpoint seen(org.ddstuner.system.SystemModel model, Guid guid) {
        return model.snapshot(true).endpoint(guid).filter(Endpoint::alive).orElse(null);
    }

    @Test
    @Order(10)
    void aWriterCreatedOnTheAgentIsTunedLiveThroughItAndDeleted() throws Exception {
        LiveConnection remote = serveAndConnect("tuning-agent", "--allow", "write,qos");
        RemoteConnection rc = (RemoteConnection) remote.system();
        createOn(remote, Messages.CREATE_WRITER, null, "qos-remote-00-create-on-agent");

        QosTuningView view = tuningView();
        QosTuningEditor editor = view.editor();
        Ui.waitUntil("the agent's writer in the editor", () -> editor.endpoint() instanceof AgentOwnEndpoint,
                () -> String.valueOf(editor.endpoint()));
        AgentOwnEndpoint e = (AgentOwnEndpoint) editor.endpoint();
        assertTrue(e.isWriter());
        assertTrue(view.listLabels().contains("Writer: " + TOPIC + " (on agent tuning-agent)"), view.listLabels()
                .toString());
        assertEquals("live", editor.rowTexts("ownership_strength").get("how"), editor.rowTexts("ownership_strength")
                .toString());
        assertEquals("false", editor.rowTexts("partition").get("editable"), "the publisher's partition is locked");
        Guid guid = e.guid();
        Ui.waitUntil("the remote model shows the agent's writer", () -> seen(rc.model(), guid) != null, () -> "");
        shots("qos-remote-01-writer-created-on-agent", view);

        editor.edit("ownership_strength", "9");
        previewAndApply(editor);
        assertNotNull(editor.lastOutcome(), editor.confirmationText());
        assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
        assertTrue(editor.confirmationText().contains("→ 9 (live, applied, confirmed from discovery)"),
                editor.confirmationText());
        assertEquals(guid, e.guid(), "a live change keeps the GUID");
        Ui.waitUntil("the remote model shows strength 9", () -> seen(rc.model(), guid) != null && seen(rc.model(),
                guid).qos().ownershipStrength().value() == 9, () -> String.valueOf(seen(rc.model(), guid)));
        Ui.waitUntil("the desktop's demo participant (another participant in the agent's domain) sees 9",
                () -> seen(demo.connection().model(), guid) != null && seen(demo.connection().model(), guid).qos()
                        .ownershipStrength().value() == 9, () -> String.valueOf(seen(demo.connection().model(),
                                guid)));
        assertEquals("9", editor.rowTexts("ownership_strength").get("value"));
        shots("qos-remote-02-strength-applied-through-agent", view);

        // the Details view of the remote system's endpoint shows old → new (the agent's entities are a tool's: shown
        // with "Show own entities")
        LiveSystems.get().setShowOwn(true);
        Ui.waitUntil("the remote views' snapshot has the agent's writer", () -> remote.snapshot().endpoints()
                .stream().anyMatch(x -> x.guid().equals(guid)), () -> "");
        DetailsView details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        details.details().show(EntityRef.of(remote, seen(rc.model(), guid)));
        var tabs = details.details().tabs();
        tabs.setSelection(DetailsComposite.QOS_TAB);
        Event click = new Event();
        click.item = tabs.getItem(DetailsComposite.QOS_TAB);
        tabs.notifyListeners(SWT.Selection, click);
        Ui.page().activate(details);
        Ui.spin(300);
        String strengthRow = details.details().qosTable().rows().stream().filter(r -> r.name().equals(
                "ownership_strength")).map(r -> r.value()).findFirst().orElse("(no ownership_strength row)");
        assertTrue(strengthRow.contains("→ 9") && strengthRow.contains("changed this session"), strengthRow);
        shots("qos-remote-02b-details-old-new", details);
        LiveSystems.get().setShowOwn(false);
        Ui.page().activate(view);

        // the agent killed and restarted (same identity, port, token): it freed the writer with the session; once the
        // link is up again the desktop makes it again there, with the strength applied this session
        lastServe.kill();
        Ui.waitUntil("the link down", () -> !rc.link().up(), () -> String.valueOf(rc.link()));
        List<String> again = new ArrayList<>(lastArgs);
        again.set(again.indexOf("127.0.0.1:0"), "127.0.0.1:" + lastPort);
        CliChild restarted = CliChild.start(null, again.toArray(String[]::new));
        toClose.add(restarted);
        restarted.awaitLine("READY", 60);
        Ui.waitUntil(java.time.Duration.ofSeconds(60), "the writer made again on the restarted agent, strength 9",
                () -> !e.guid().equals(guid) && seen(rc.model(), e.guid()) != null && seen(rc.model(), e.guid())
                        .qos().ownershipStrength().value() == 9, () -> rc.link() + " " + e.guid());
        Guid remade = e.guid();
        Ui.waitUntil("the editor shows the re-made writer", () -> editor.titleText().contains(remade.toString()),
                editor::titleText);
        assertEquals("9", editor.rowTexts("ownership_strength").get("value"));
        shots("qos-remote-02c-writer-made-again-after-agent-restart", view);

        Ui.press(view.getViewSite().getShell(), Messages.DELETE);
        assertFalse(OwnEndpoints.get().all().contains(e), "Delete forgets it");
        Ui.waitUntil("the agent deleted the re-made writer", () -> seen(rc.model(), remade) == null, () -> "");
    }

    @Test
    @Order(20)
    void withoutCapabilitiesTheAgentsReasonIsShown() throws Exception {
        LiveConnection remote = serveAndConnect("reading-agent");
        AtomicReference<String> error = new AtomicReference<>();
        createOn(remote, Messages.CREATE_WRITER, error::set, "qos-remote-03a-writer");
        Ui.waitUntil("the agent's refusal", () -> error.get() != null, () -> "");
        assertTrue(error.get().contains("--allow write") && error.get().contains("not-allowed"), error.get());

        createOn(remote, Messages.CREATE_READER, null, null); // reading needs no capability
        QosTuningView view = tuningView();
        QosTuningEditor editor = view.editor();
        Ui.waitUntil("the agent's reader in the editor", () -> editor.endpoint() instanceof AgentOwnEndpoint a
                && a.remote() == remote.system(), () -> String.valueOf(editor.endpoint()));
        AgentOwnEndpoint e = (AgentOwnEndpoint) editor.endpoint();
        assertFalse(e.isWriter());
        assertTrue(view.listLabels().contains("Reader: " + TOPIC + " (on agent reading-agent)"), view.listLabels()
                .toString());
        Ui.waitUntil("the remote model shows the agent's reader", () -> seen(remote.system().model(), e.guid())
                != null, () -> "");
        editor.edit("user_data", "\"tuned\"");
        previewAndApply(editor);
        assertTrue(editor.confirmationText().contains("The agent reading-agent refused")
                && editor.confirmationText().contains("--allow qos"), editor.confirmationText());
        shots("qos-remote-03b-refused-without-qos", view);

        // closing the connection: the agent frees the reader, the list forgets it
        ConnectionManager.get().close(remote.system());
        Ui.waitUntil("the reader gone from the list", () -> !OwnEndpoints.get().all().contains(e), () -> view
                .listLabels().toString());
        assertTrue(view.listLabels().stream().noneMatch(l -> l.contains("reading-agent")), view.listLabels()
                .toString());
    }
}
