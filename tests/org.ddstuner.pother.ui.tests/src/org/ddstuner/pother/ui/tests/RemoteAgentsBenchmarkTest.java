package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.pother.remote.RemoteBenchmarkSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.testsupport.CliChild;
import org.ddstuner.testsupport.TwoHosts;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Issue 15: a benchmark between two Pother agents of a remote system runs and charts on the desktop. Namespace A
 * ({@link TwoHosts}, joined to this JVM's namespace B by a veth pair only) runs two {@code ddstuner pother} agents and
 * {@code ddstuner serve --allow benchmark}; the desktop connects to the agent as a "Remote agent" connection, the
 * Launcher offers "Agents via Lab agent", and a throughput run on the remote agents 31 and 32 charts here. The link
 * is cut mid-run for longer than the heartbeat silence limit: the Launcher says "disconnected since …", the run goes
 * on at the agent, and after the link is back the charts catch up and the run ends FINISHED with every period.
 */
class RemoteAgentsBenchmarkTest extends BenchmarksTestBase {

    private static final String DOMAIN = "125";
    private static final String NAME = "Lab agent";
    private static final Pattern READY = Pattern.compile("READY serving domain 125 on 10\\.77\\.0\\.1:(\\d+), .*");

    private static TwoHosts hosts;
    private static CliChild agent31;
    private static CliChild agent32;
    private static CliChild serve;
    private static RemoteConnection remote;

    @AfterAll
    static void stopEverything() throws Exception {
        if (remote != null) {
            ConnectionManager.get().close(remote);
        }
        for (CliChild c : Arrays.asList(serve, agent31, agent32)) {
            if (c != null) {
                c.close();
            }
        }
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    @Order(10)
    void aRunOnTwoRemoteAgentsChartsHereAndCatchesUpAfterALinkCut() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-remote-bench");
        hosts = TwoHosts.startHereAsB();
        agent31 = CliChild.start(hosts.a(), "pother", "--app-id", "31", "--domain", DOMAIN, "--duration", "600");
        agent32 = CliChild.start(hosts.a(), "pother", "--app-id", "32", "--domain", DOMAIN, "--duration", "600");
        serve = CliChild.start(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--allow",
                "benchmark", "--domain", DOMAIN);
        agent31.awaitLine("READY", 60);
        agent32.awaitLine("READY", 60);
        Matcher m = READY.matcher(serve.awaitLine("READY", 60));
        assertTrue(m.matches(), m.toString());
        ClientOptions co = ClientOptions.of(TwoHosts.A_ADDRESS, Integer.parseInt(m.group(1)),
                TokenFile.read(dir.resolve("token"))).withKnownAgents(dir.resolve("known-agents"));
        remote = new RemoteConnection(NAME, RemoteClient.connect(co));
        ConnectionManager.get().add(remote);
        List<RemoteBenchmarkSource.Agent> seen = RemoteBenchmarkSource.agents(remote.client());
        Ui.waitUntil("agents 31 and 32 through the agent", () -> {
            try {
                return RemoteBenchmarkSource.agents(remote.client()).stream().filter(a -> a.live()).count() == 2;
            } catch (java.io.IOException e) {
                return false;
            }
        }, seen::toString);

        String item = Messages.TARGET_REMOTE + NAME;
        Ui.waitUntil("the Launcher offers the remote agent's Pother agents", () -> launcher.target().getItemCount() == 4
                && item.equals(launcher.target().getItem(3)), () -> List.of(launcher.target().getItems()).toString());
        launcher.target().select(3);
        launcher.target().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.agentIds().isEnabled(), "the agents field applies to a remote target");
        launcher.agentIds().setText("31, 32");
        launcher.kind().select(1); // throughput
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("256");
        launcher.rate().setSelection(2000);
        launcher.duration().setSelection(45);
        launcher.period().setSelection(1000);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        Ui.waitUntil("periods of the remote agents on the charts", () -> run.throughput().size() >= 6,
                () -> launcher.status() + " " + run.messages());
        assertTrue(run.throughput().stream().allMatch(p -> p.agent().equals("app 32")), "the receiver measures: "
                + run.throughput().stream().map(Points.Throughput::agent).distinct().toList());
        Ui.spin(1200);
        Ui.screenshot("remote-bench-01-running-on-remote-agents");

        hosts.linkDown();
        int atCut = run.throughput().size();
        Ui.waitUntil(Duration.ofSeconds(60), "the Launcher says the remote agent is disconnected",
                () -> launcher.status().contains(Messages.REMOTE_DISCONNECTED)
                        && remote.link().state() == SystemConnection.LinkState.DISCONNECTED,
                launcher::status);
        assertEquals(BenchmarkRun.State.RUNNING, run.state(), "the run waits for the link: " + run.endMessage());
        Ui.spin(1200);
        Ui.screenshot("remote-bench-02-link-cut-mid-run");

        hosts.linkUp();
        Ui.waitUntil(Duration.ofSeconds(120), "the run to end after the link came back",
                () -> run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
        assertTrue(run.throughput().size() >= 45 && run.throughput().size() > atCut + 15,
                "the periods measured while the link was down arrived after it: " + atCut + " then "
                        + run.throughput().size());
        assertTrue(run.throughput().stream().allMatch(p -> p.report().lostTotal() == 0), "no sample lost between the "
                + "remote agents");
        // caught-up periods are charted when the agent measured them: one a second, no gap for the outage, no pile-up
        List<Double> times = run.throughput().stream().map(Points.Throughput::time).toList();
        for (int i = 1; i < times.size() - 1; i++) {
            double step = times.get(i) - times.get(i - 1);
            assertTrue(step > 0.3 && step < 2.0, "period " + i + " at " + times.get(i) + " s, " + step + " s after the "
                    + "one before: " + times);
        }
        List<String> texts = run.messages().stream().map(Points.Message::text).toList();
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("link to the agent lost")), texts.toString());
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("link to the agent back")), texts.toString());
        Ui.waitUntil("the Launcher's note gone", () -> !launcher.status().contains(Messages.REMOTE_DISCONNECTED),
                launcher::status);
        Ui.spin(1500);
        Ui.screenshot("remote-bench-03-caught-up-and-finished");
    }
}
