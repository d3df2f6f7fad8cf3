package org.ddstuner.remote.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ProfileStore;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.AgentProfileStore;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.remote.ui.AgentConnectJob;
import org.ddstuner.remote.ui.AgentProfilePane;
import org.ddstuner.remote.ui.AgentTokens;
import org.ddstuner.samples.ui.remote.RemoteReaderView;
import org.ddstuner.samples.ui.type.TypeView;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.LiveTreeView;
import org.ddstuner.system.ui.PartitionsView;
import org.ddstuner.system.ui.ProblemsView;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.ui.ConnectionDialog;
import org.ddstuner.ui.TunerWorkbenchAdvisor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The desktop on a remote agent, end to end in the product's workbench: a real {@link RemoteServer} (TLS 1.3 on
 * 127.0.0.1 in the private network namespace) serves the model of the product's own demo connection; the desktop
 * connects to it through a "Remote agent" profile of the connection dialog (token into secure storage, the
 * certificate's fingerprint shown and trusted on first use), and the System, Topics, Partitions, Details and Problems
 * views show the remote system beside the local one. The agent stopped: "disconnected since …", the last picture
 * greyed; the agent back (same journal): resumed, and what changed meanwhile is there. Closing the connection frees
 * the agent's side. A changed certificate is refused with both fingerprints.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteAgentViewsTest {

    private static final String NAME = "Lab agent";

    private static Path home;
    private static Connection demo;
    private static ModelJournal journal;
    private static RemoteServer server;
    private static InetSocketAddress address;
    private static String token;
    private static AgentProfile profile;
    private static RemoteConnection remote;
    private static Participant lateJoiner;
    private static List<String> loggedErrors;

    @BeforeAll
    static void agentServesTheDemo() throws Exception {
        loggedErrors = Ui.collectLoggedErrors();
        home = Files.createTempDirectory("ddstuner-remote-ui");
        System.setProperty("ddstuner.home", home.toString()); // profiles, tokens, known agents: never the real home
        assertTrue(TunerWorkbenchAdvisor.autoConnect(), "the product should auto-connect to the demo by default");
        for (String id : List.of(ViewIds.SYSTEM, ViewIds.TOPICS, ViewIds.PARTITIONS, ViewIds.DETAILS,
                ViewIds.PROBLEMS)) {
            Ui.page().showView(id);
        }
        Ui.waitUntil("the local demo connection", () -> !ConnectionManager.get().connections().isEmpty()
                && ConnectionManager.get().connections().get(0).model().snapshot().participants().stream()
                        .filter(p -> p.alive()).count() >= DemoSystem.PARTICIPANTS.size(),
                () -> ConnectionManager.get().connections().toString());
        demo = ConnectionManager.get().connections().get(0);
        journal = ModelJournal.attach(demo.model());
        // writes allowed, and the operations ddstuner serve registers: type information and sample writes
        server = RemoteServer.serve(journal, demo, ServerOptions.defaults(home.resolve("agent"))
                .withCapabilities(java.util.Set.of(org.ddstuner.remote.Capability.WRITE)));
        org.ddstuner.remote.ops.Operations.samples().forEach(server::register);
        address = server.address();
        token = TokenFile.read(home.resolve("agent/token"));
    }

    @AfterAll
    static void cleanUp() {
        if (remote != null) {
            ConnectionManager.get().close(remote);
        }
        if (lateJoiner != null) {
            lateJoiner.close();
        }
        if (server != null) {
            server.close();
        }
        if (journal != null) {
            journal.close();
        }
        System.clearProperty("ddstuner.home");
    }

    private static String agentAddress() {
        return address.getHostString() + ":" + address.getPort();
    }

    @Test
    @Order(10)
    void theRemoteAgentProfileKeepsItsTokenInSecureStorageOnly() throws Exception {
        ConnectionDialog d = new ConnectionDialog(Ui.page().getWorkbenchWindow().getShell(),
                new ProfileStore(home.resolve("profiles.properties")),
                new AgentProfileStore(home.resolve("agent-profiles.properties")));
        d.setBlockOnOpen(false);
        d.open();
        try {
            AgentProfilePane pane = d.showAgentTab();
            pane.setFields(NAME, "127.0.0.1", "");
            assertTrue(d.currentError().contains("HOST:PORT"), d.currentError());
            assertFalse(d.canConnect());
            pane.setFields(NAME, agentAddress(), "");
            assertTrue(d.currentError().contains("token"), d.currentError());
            pane.setTokenFile(home.resolve("agent/token")); // "From File…"
            Ui.spin(100);
            assertNull(d.currentError(), d.currentError());
            assertTrue(d.canConnect());
            assertTrue(pane.certificateText().contains("not pinned yet"), pane.certificateText());
            pane.pressSave();
            Ui.spin(200);
            Ui.screenshot("remote-01-agent-profile-dialog");
            profile = d.pressConnectAgent();
            assertEquals(new AgentProfile(NAME, address.getHostString(), address.getPort()), profile);
            assertEquals(token, d.agentToken());
        } finally {
            d.close();
        }
        String profiles = Files.readString(home.resolve("agent-profiles.properties"));
        assertTrue(profiles.contains(NAME.replace(" ", "\\ ")) || profiles.contains(NAME), profiles);
        assertFalse(profiles.contains(token), "the token must not be in the plain profile file");
        assertEquals(List.of(profile), new AgentProfileStore(home.resolve("agent-profiles.properties")).load());
        AgentTokens tokens = AgentTokens.defaultTokens();
        assertEquals(Optional.of(token), tokens.token(NAME));
        assertTrue(tokens.isEncrypted(NAME));
        assertFalse(Files.readString(home.resolve("secure_storage")).contains(token), "stored encrypted");
    }

    @Test
    @Order(20)
    void theFirstConnectShowsTheFingerprintToTrustThenTheViewsShowTheRemoteSystem() throws Exception {
        AtomicReference<String> shown = new AtomicReference<>();
        answerDialog("Trust this agent?", "Trust and Connect", "remote-07-first-use-fingerprint", shown);
        AgentConnectJob job = new AgentConnectJob(profile, AgentTokens.defaultTokens().token(NAME).orElseThrow());
        job.schedule();
        Ui.waitUntil("the agent connect job", () -> job.getState() == Job.NONE, () -> String.valueOf(shown.get()));
        assertNull(job.error(), job.error());
        assertNotNull(shown.get(), "the first connect must ask whether to trust the certificate");
        assertTrue(shown.get().contains(server.fingerprint().toString()), shown.get());
        assertTrue(Files.readString(home.resolve("known-agents")).contains(agentAddress() + " "
                + server.fingerprint()), "pinned after the person trusted it");
        remote = job.connection();
        assertNotNull(remote);
        assertTrue(ConnectionManager.get().systems().contains(remote));
        assertEquals(Optional.empty(), remote.local());
        assertTrue(remote.can(SystemConnection.Capability.TYPE_INFO), "the agent finds types (type-info)");
        assertTrue(remote.can(SystemConnection.Capability.WRITE_SAMPLES), "the agent grants write");
        assertFalse(remote.can(SystemConnection.Capability.TUNE_QOS));

        LiveConnection live = waitForLive();
        SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        Node root = waitForRoot(system, "the remote system's root row with the demo's participants",
                n -> n.label().contains(remote.label()) && n.label().contains(DemoSystem.PARTICIPANTS.size()
                        + " participants"));
        assertEquals(2, system.tree().roots().size(), "the local demo and the remote agent side by side: "
                + system.tree().roots());
        assertSamePicture(live);
        system.tree().viewer().expandToLevel(root, 3);
        TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        Node topicsRoot = waitForRoot(topics, "the remote system in the Topics view",
                n -> n.label().startsWith(remote.label()));
        topics.tree().viewer().expandToLevel(topicsRoot, 1);
        Ui.waitUntil("every demo topic under the remote root", () -> childLabels(topics, remote.label()).size()
                >= DemoSystem.TOPICS.size(), () -> childLabels(topics, remote.label()).toString());
        PartitionsView partitions = Ui.view(ViewIds.PARTITIONS, PartitionsView.class);
        waitForRoot(partitions, "the remote system in the Partitions view", n -> n.label().startsWith(remote.label()));
        // waited for: the Blinker's writer comes and goes, and each view refreshes on its own throttle
        Ui.waitUntil("the same partitions on both sides", () -> childLabels(partitions, demo.label()).equals(
                childLabels(partitions, remote.label())), () -> childLabels(partitions, demo.label()) + "\nvs\n"
                        + childLabels(partitions, remote.label()));
        ProblemsView problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
        Ui.waitUntil("the demo's problems, found on the remote model too", () -> problemsOf(problems, remote.label())
                == problemsOf(problems, demo.label()) && problemsOf(problems, demo.label()) > 0,
                () -> problemsOf(problems, remote.label()) + " remote vs " + problemsOf(problems, demo.label()));

        DetailsView details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        details.details().show(EntityRef.of(live));
        Ui.spin(300);
        List<String> rows = details.details().propertiesTable().rows().stream().map(r -> r.name() + "=" + r.value())
                .toList();
        assertTrue(rows.contains("Through=remote agent " + agentAddress() + ", certificate " + server.fingerprint()),
                rows.toString());
        assertTrue(rows.contains("Not available=QoS tuning"), rows.toString());
        assertFalse(rows.contains("Not available=type information") || rows.contains("Not available=writing samples"),
                "the agent serves types and writes: " + rows);
        Ui.page().activate(Ui.view(ViewIds.SYSTEM, SystemView.class));
        Ui.screenshot("remote-02-remote-system-in-the-views");
    }

    @Test
    @Order(30)
    void theTypeViewShowsTheTypeTheAgentFound() throws Exception {
        LiveConnection live = waitForLive();
        String topic = DemoSystem.TRACKS;
        TypeView type = (TypeView) Ui.page().showView(org.ddstuner.samples.ui.SamplesIds.TYPE_VIEW);
        type.show(EntityRef.of(live, live.snapshot().topic(topic).orElseThrow()));
        Ui.waitUntil("the type of " + topic + " from the agent", () -> type.types().shown() != null
                && type.types().leftText().getText().contains("struct Track"), () -> allText(type.types()));
        String idl = type.types().leftText().getText();
        assertTrue(idl.contains("sequence<Position, 16> history"), idl);
        assertTrue(idl.contains("@optional double speed"), idl);
        assertTrue(type.types().headerText().contains("demo::Track"), type.types().headerText());
        assertTrue(type.types().shown().failures().isEmpty(), type.types().shown().failures().toString());
        assertTrue(idl.startsWith("// found by the remote agent, "), idl);
        Ui.page().activate(type);
        Ui.page().toggleZoom(Ui.page().getReference(type)); // big enough to read in the screenshot
        Ui.spin(300);
        Ui.screenshot("remote-03-type-view-on-remote");
        Ui.page().toggleZoom(Ui.page().getReference(type));
        Ui.page().hideView(type);
    }

    @Test
    @Order(32)
    void theWriterViewWritesThroughTheAgent() throws Exception {
        LiveConnection live = waitForLive();
        String topic = DemoSystem.COMMANDS;
        assertTrue(remote.can(SystemConnection.Capability.WRITE_SAMPLES), "the agent grants write");
        org.ddstuner.samples.ui.common.TopicTarget target = org.ddstuner.samples.ui.common.TopicTarget.of(
                EntityRef.of(live, live.snapshot().topic(topic).orElseThrow())).orElseThrow();
        org.ddstuner.samples.ResolvedType type = org.ddstuner.samples.ui.common.RemoteTypes.resolve(remote.client(),
                topic, null);
        assertEquals("demo::Command", type.typeName());
        org.ddstuner.remote.RemoteSubscription seen = remote.client().subscribe(topic, 1000, 1000);
        org.ddstuner.samples.ui.writer.WriterView writer = (org.ddstuner.samples.ui.writer.WriterView) Ui.page()
                .showView(org.ddstuner.samples.ui.writer.WriterView.ID, target.secondaryId(),
                        org.eclipse.ui.IWorkbenchPage.VIEW_ACTIVATE);
        org.ddstuner.samples.ui.common.SharedType shared = org.ddstuner.samples.ui.common.SharedType.of(type);
        writer.start(target, shared, org.ddstuner.samples.QosDeriver.forWriter(remote.model().snapshot(true), topic,
                type), null);
        shared.release();
        writer.setValue(org.ddstuner.samples.SampleJson.fromJson(type.library(), type.type().orElseThrow(),
                "{\"target\":\"from-the-desktop\",\"code\":777,\"setpoint\":2.5}"));
        AtomicReference<String> asked = new AtomicReference<>();
        answerDialog("Write into a live system?", "Write into the system", "remote-09-writer-confirm", asked);
        assertTrue(writer.writeSample(), writer.status());
        assertTrue(asked.get() != null && asked.get().contains("through the remote agent of"), asked.get());
        assertTrue(writer.status().contains("matched readers"), writer.status());
        List<com.fasterxml.jackson.databind.JsonNode> got = new ArrayList<>();
        Ui.waitUntil("the written sample, read back through the agent", () -> {
            try {
                got.addAll(seen.poll(1000, java.time.Duration.ofMillis(50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return got.stream().anyMatch(j -> j.path("value").path("code").asInt() == 777);
        }, got::toString);
        seen.close();
        Ui.page().toggleZoom(Ui.page().getReference(writer));
        Ui.spin(300);
        Ui.screenshot("remote-10-writer-through-the-agent");
        Ui.page().toggleZoom(Ui.page().getReference(writer));
        Ui.page().hideView(writer);
    }

    @Test
    @Order(35)
    void theReaderShowsSamplesTheAgentReadsWithWhatWasDropped() throws Exception {
        LiveConnection live = waitForLive();
        String topic = DemoSystem.SENSORS;
        RemoteReaderView reader = (RemoteReaderView) Ui.page().showView(RemoteReaderView.ID, "remote-test",
                org.eclipse.ui.IWorkbenchPage.VIEW_ACTIVATE);
        reader.start(live, remote, topic);
        Ui.waitUntil("samples of " + topic + " through the agent", () -> reader.shownRows().size() >= 5,
                reader::headerText);
        assertTrue(reader.shownRows().stream().allMatch(r -> r.has("value") && r.has("writer")),
                reader.shownRows().toString());
        assertTrue(reader.headerText().contains("dropped"), reader.headerText());
        assertTrue(reader.headerText().contains("Topic " + topic + " on " + remote.label()), reader.headerText());
        Ui.spin(500);
        Ui.screenshot("remote-08-reader-through-the-agent");
        Ui.page().hideView(reader); // unsubscribes: the agent deletes its reader
    }

    @Test
    @Order(40)
    void aStoppedAgentLeavesTheLastPictureGreyedAndItCatchesUpWhenBack() throws Exception {
        LiveConnection live = waitForLive();
        SystemView system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        long resumesBefore = remote.client().stats().resumes();
        server.close(); // the agent is gone: the client sees its link drop
        Node root = waitForRoot(system, "\"disconnected since\" on the remote root row",
                n -> n.label().startsWith(remote.label() + " — disconnected since "));
        assertTrue(root.stale(), "the last picture is greyed");
        assertTrue(childLabels(system, remote.label()).size() > 0, "the last picture stays");
        assertFalse(Node.find(system.tree().roots(), n -> n.label().startsWith(demo.label())).stale(),
                "the local connection is not greyed");
        ProblemsView problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
        Ui.waitUntil("the remote problems greyed, the local ones not", () -> {
            problems.problems().refresh();
            var rows = problems.problems().rows();
            return rows.stream().anyMatch(r -> r.connection() == live) && rows.stream()
                    .allMatch(r -> r.stale() == (r.connection() == live));
        }, () -> problems.problems().rows().toString());
        // meanwhile the system changes
        lateJoiner = demo.domain().createParticipant(Qos.EMPTY.withEntityName("Late joiner"));
        Ui.spin(500);
        system.tree().viewer().expandToLevel(root, 3);
        Ui.spin(300);
        Ui.screenshot("remote-04-disconnected-greyed");
        assertFalse(live.snapshot().participants().stream().anyMatch(p -> "Late joiner".equals(p.name())),
                "nothing new arrives while the link is down");

        server = RemoteServer.serve(journal, demo, ServerOptions.defaults(home.resolve("agent")).withListen(address));
        Ui.waitUntil(java.time.Duration.ofSeconds(30), "the remote connection back and caught up",
                () -> !live.stale() && live.snapshot().participants().stream()
                        .anyMatch(p -> "Late joiner".equals(p.name())),
                () -> live.label() + " " + remote.client().stats());
        assertTrue(remote.client().stats().resumes() > resumesBefore, "resumed from the last sequence number: "
                + remote.client().stats());
        Node back = waitForRoot(system, "the root row without the note", n -> n.label().startsWith(remote.label())
                && !n.label().contains("disconnected"));
        assertFalse(back.stale());
        assertSamePicture(live);
        Ui.waitUntil("no problem row greyed any more", () -> {
            problems.problems().refresh();
            return problems.problems().rows().stream().noneMatch(r -> r.stale());
        }, () -> problems.problems().rows().toString());
        Ui.screenshot("remote-05-reconnected");
    }

    @Test
    @Order(50)
    void closingTheConnectionFreesTheAgentsSide() {
        assertEquals(1, server.openConnections(), "one client on the agent");
        ConnectionManager.get().close(remote);
        remote = null;
        Ui.waitUntil("the agent freed the client", () -> server.openConnections() == 0,
                () -> server.stats().toString());
        Ui.waitUntil("the remote root row gone", () -> Ui.view(ViewIds.SYSTEM, SystemView.class).tree().roots()
                .size() == 1, () -> Ui.view(ViewIds.SYSTEM, SystemView.class).tree().roots().toString());
    }

    @Test
    @Order(55)
    void aProfileTrustingACaConnectsWithoutAskingOrPinning() throws Exception {
        Path ca = home.resolve("lab-ca");
        Path caPem = home.resolve("lab-ca.pem");
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=Lab CA",
                "-ext", "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ca + ".p12", "-storepass",
                "ca-pass");
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca + ".p12", "-storepass", "ca-pass", "-file",
                caPem.toString());
        Path dir = Files.createDirectories(home.resolve("ca-agent"));
        String ks = dir.resolve("agent.p12").toString();
        keytool("-genkeypair", "-alias", "ddstuner-agent", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=DDS Tuner agent lab", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass",
                "agent-pass");
        keytool("-certreq", "-alias", "ddstuner-agent", "-keystore", ks, "-storepass", "agent-pass", "-file",
                dir.resolve("agent.csr").toString());
        keytool("-gencert", "-alias", "ca", "-keystore", ca + ".p12", "-storepass", "ca-pass", "-infile",
                dir.resolve("agent.csr").toString(), "-outfile", dir.resolve("agent.pem").toString(), "-rfc");
        keytool("-importcert", "-noprompt", "-alias", "ca", "-keystore", ks, "-storepass", "agent-pass", "-file",
                caPem.toString());
        keytool("-importcert", "-alias", "ddstuner-agent", "-keystore", ks, "-storepass", "agent-pass", "-file",
                dir.resolve("agent.pem").toString());
        Files.writeString(dir.resolve("agent.p12.pass"), "agent-pass\n");
        try (RemoteServer signed = RemoteServer.serve(journal, demo, ServerOptions.defaults(dir))) {
            String at = signed.address().getHostString() + ":" + signed.address().getPort();
            ConnectionDialog d = new ConnectionDialog(Ui.page().getWorkbenchWindow().getShell(),
                    new ProfileStore(home.resolve("profiles.properties")),
                    new AgentProfileStore(home.resolve("agent-profiles.properties")));
            d.setBlockOnOpen(false);
            d.open();
            AgentProfile withCa;
            try {
                AgentProfilePane pane = d.showAgentTab();
                pane.setFields("CA agent", at, "");
                pane.setTokenFile(dir.resolve("token"));
                pane.setCaFile(home.resolve("no-such.pem").toString());
                assertTrue(d.currentError() != null && d.currentError().contains("CA file"), d.currentError());
                pane.setCaFile(caPem.toString());
                Ui.spin(100);
                assertNull(d.currentError(), d.currentError());
                assertTrue(pane.certificateText().contains("trusted when a CA in " + caPem), pane.certificateText());
                pane.pressSave();
                Ui.spin(200);
                Ui.screenshot("remote-11-profile-trusting-a-ca");
                withCa = d.pressConnectAgent();
            } finally {
                d.close();
            }
            assertEquals(caPem, withCa.caFile());
            assertTrue(new AgentProfileStore(home.resolve("agent-profiles.properties")).load().contains(withCa));
            AgentConnectJob job = new AgentConnectJob(withCa, TokenFile.read(dir.resolve("token")));
            job.schedule(); // no "Trust this agent?" question: it would block the job until the wait below gives up
            Ui.waitUntil("the connect job trusting the CA", () -> job.getState() == Job.NONE, () -> "");
            assertNull(job.error(), job.error());
            RemoteConnection c = job.connection();
            assertNotNull(c);
            assertTrue(signed.fingerprint().sameAs(c.client().fingerprint()));
            assertFalse(Files.readString(home.resolve("known-agents")).contains(at), "nothing pinned for " + at);
            ConnectionManager.get().close(c);
        }
    }

    @Test
    @Order(56)
    void aProfileWithAClientCertificateLogsInWithoutAToken() throws Exception {
        Path ca = home.resolve("client-ca");
        Path caPem = home.resolve("client-ca.pem");
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=Client CA",
                "-ext", "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ca + ".p12", "-storepass",
                "ca-pass");
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca + ".p12", "-storepass", "ca-pass", "-file",
                caPem.toString());
        Path p12 = home.resolve("desk.p12");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=desk",
                "-validity", "30", "-storetype", "PKCS12", "-keystore", p12.toString(), "-storepass", "desk-pass");
        keytool("-certreq", "-alias", "client", "-keystore", p12.toString(), "-storepass", "desk-pass", "-file",
                home.resolve("desk.csr").toString());
        keytool("-gencert", "-alias", "ca", "-keystore", ca + ".p12", "-storepass", "ca-pass", "-infile",
                home.resolve("desk.csr").toString(), "-outfile", home.resolve("desk.crt").toString(), "-rfc");
        keytool("-importcert", "-noprompt", "-alias", "ca", "-keystore", p12.toString(), "-storepass", "desk-pass",
                "-file", caPem.toString());
        keytool("-importcert", "-alias", "client", "-keystore", p12.toString(), "-storepass", "desk-pass", "-file",
                home.resolve("desk.crt").toString());
        Files.writeString(home.resolve("desk.p12.pass"), "desk-pass\n");
        try (RemoteServer certs = RemoteServer.serve(journal, demo, ServerOptions.defaults(home.resolve("cert-agent"))
                .withClientCa(caPem))) {
            String at = certs.address().getHostString() + ":" + certs.address().getPort();
            ConnectionDialog d = new ConnectionDialog(Ui.page().getWorkbenchWindow().getShell(),
                    new ProfileStore(home.resolve("profiles.properties")),
                    new AgentProfileStore(home.resolve("agent-profiles.properties")));
            d.setBlockOnOpen(false);
            d.open();
            AgentProfile withCert;
            try {
                AgentProfilePane pane = d.showAgentTab();
                pane.setFields("Certificate agent", at, "");
                assertTrue(d.currentError() != null && d.currentError().contains("token"), d.currentError());
                pane.setClientCert(home.resolve("no-such.p12").toString());
                assertTrue(d.currentError() != null && d.currentError().contains("client certificate"),
                        d.currentError());
                pane.setClientCert(p12.toString());
                Ui.spin(100);
                assertNull(d.currentError(), "no token needed with a client certificate: " + d.currentError());
                pane.pressSave();
                Ui.spin(200);
                Ui.screenshot("remote-12-profile-with-a-client-certificate");
                withCert = d.pressConnectAgent();
            } finally {
                d.close();
            }
            assertEquals(p12, withCert.clientCert());
            assertTrue(new AgentProfileStore(home.resolve("agent-profiles.properties")).load().contains(withCert));
            AgentConnectJob job = new AgentConnectJob(withCert, "", (agent, seen, known) -> true);
            job.schedule();
            Ui.waitUntil("the connect job with a client certificate", () -> job.getState() == Job.NONE, () -> "");
            assertNull(job.error(), job.error());
            assertNotNull(job.connection());
            assertEquals(0, certs.stats().refusedLogins());
            assertTrue(Files.readString(home.resolve("cert-agent/audit.log")).contains("by certificate CN=desk"));
            ConnectionManager.get().close(job.connection());
        }
    }

    private static void keytool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "keytool hung");
        assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    }

    @Test
    @Order(60)
    void aChangedCertificateIsRefusedWithBothFingerprints() throws Exception {
        String pinned = server.fingerprint().toString();
        server.close();
        server = RemoteServer.serve(journal, demo, ServerOptions.defaults(home.resolve("other-agent"))
                .withListen(address));
        String presented = server.fingerprint().toString();
        assertFalse(pinned.equals(presented));
        AtomicReference<String> asked = new AtomicReference<>();
        AtomicReference<String> refused = new AtomicReference<>();
        answerDialog("Trust this agent?", "Cancel", "remote-unexpected-trust-question", asked);
        answerDialog("Remote agent", "OK", "remote-06-changed-certificate-refused", refused);
        AgentConnectJob job = new AgentConnectJob(profile, token);
        job.schedule();
        Ui.waitUntil("the agent connect job", () -> job.getState() == Job.NONE, () -> "");
        assertNull(job.connection());
        assertNotNull(job.error());
        assertTrue(job.error().contains(pinned) && job.error().contains(presented), job.error());
        Ui.waitUntil("the error dialog shown and answered", () -> refused.get() != null, () -> "");
        assertTrue(refused.get().contains(pinned) && refused.get().contains(presented), refused.get());
        assertNull(asked.get(), "a pinned agent never asks again");
        assertEquals(0, server.openConnections(), "refused before login");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void nothingWentWrongInTheEventLoop() {
        Ui.spin(300);
        assertTrue(loggedErrors.isEmpty(), "errors logged while the views ran: " + loggedErrors);
    }

    // ---- helpers ----

    private static LiveConnection waitForLive() {
        Ui.waitUntil("the remote connection in the views", () -> LiveSystems.get().find(remote) != null, () -> "");
        return LiveSystems.get().find(remote);
    }

    /** Compares the remote model's picture with the agent's own: same participants, endpoints and topics. */
    private static void assertSamePicture(LiveConnection live) {
        Ui.waitUntil("the same picture on both sides", () -> picture(live.system().model().snapshot())
                .equals(picture(demo.model().snapshot())), () -> picture(live.system().model().snapshot()) + "\nvs\n"
                        + picture(demo.model().snapshot()));
    }

    private static List<String> picture(org.ddstuner.system.SystemSnapshot s) {
        List<String> out = new ArrayList<>();
        s.participants().stream().filter(p -> p.alive()).forEach(p -> out.add("P " + p.guid() + " " + p.name()));
        s.endpoints().stream().filter(e -> e.alive()).forEach(e -> out.add("E " + e.guid() + " " + e.topicName()));
        s.topics().forEach(t -> out.add("T " + t.name()));
        out.sort(null);
        return out;
    }

    private static Node waitForRoot(LiveTreeView view, String what, java.util.function.Predicate<Node> p) {
        Ui.waitUntil(what, () -> view.tree().roots().stream().anyMatch(p),
                () -> view.tree().roots().stream().map(Node::label).toList().toString());
        return view.tree().roots().stream().filter(p).findFirst().orElseThrow();
    }

    private static List<String> childLabels(LiveTreeView view, String rootLabel) {
        return view.tree().roots().stream().filter(n -> n.label().startsWith(rootLabel)).findFirst()
                .map(n -> java.util.Arrays.stream(n.children()).map(Node::label).toList()).orElse(List.of());
    }

    private static long problemsOf(ProblemsView view, String connectionLabel) {
        view.problems().refresh();
        return view.problems().rows().stream().filter(r -> r.connection().label().startsWith(connectionLabel))
                .count();
    }

    private static Shell shell(String title) {
        for (Shell s : Ui.display().getShells()) {
            if (!s.isDisposed() && s.isVisible() && title.equals(s.getText())) {
                return s;
            }
        }
        return null;
    }

    /**
     * Answers the dialog titled {@code title} when it opens (it runs its own event loop, so the answer is given from
     * a timer inside it): records its text, takes a screenshot, presses {@code buttonText}. Gives up after 20 s.
     */
    private static void answerDialog(String title, String buttonText, String screenshot, AtomicReference<String> shown) {
        long end = System.currentTimeMillis() + 20_000;
        Runnable[] poll = new Runnable[1];
        poll[0] = () -> {
            Shell s = shell(title);
            if (s == null) {
                if (System.currentTimeMillis() < end) {
                    Ui.display().timerExec(100, poll[0]);
                }
                return;
            }
            shown.set(allText(s));
            Ui.screenshot(screenshot);
            button(s, buttonText).notifyListeners(SWT.Selection, new Event());
        };
        Ui.display().timerExec(100, poll[0]);
    }

    private static Button button(Composite c, String text) {
        for (Control k : c.getChildren()) {
            if (k instanceof Button b && text.equals(b.getText())) {
                return b;
            }
            if (k instanceof Composite sub) {
                Button b = button(sub, text);
                if (b != null) {
                    return b;
                }
            }
        }
        return null;
    }

    private static String allText(Composite c) {
        StringBuilder sb = new StringBuilder();
        for (Control k : c.getChildren()) {
            if (k instanceof Label l) {
                sb.append(l.getText()).append('\n');
            } else if (k instanceof org.eclipse.swt.widgets.Text t) {
                sb.append(t.getText()).append('\n');
            } else if (k instanceof org.eclipse.swt.custom.StyledText t) {
                sb.append(t.getText()).append('\n');
            }
            if (k instanceof Composite sub) {
                sb.append(allText(sub));
            }
        }
        return sb.toString();
    }
}
