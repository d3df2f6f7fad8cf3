package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.remote.PotherOperations;
import org.ddstuner.pother.remote.RemoteBenchmarkSource;
import org.ddstuner.pother.runs.AgentResources;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.ReportSink;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Issue 15, Pother control through the agent across a real link: two Pother agents and {@code ddstuner serve --allow
 * benchmark} run in namespace A; this JVM (namespace B) lists the agents through it, runs {@code pother-run --remote}
 * (a throughput pair between the two remote agents, its reports printed here), and then runs a throughput benchmark
 * in-process through {@link RemoteBenchmarkSource} while the link is cut for longer than the heartbeat silence limit:
 * the run goes on at the agent, the client says the link is lost and back, and in the end has each of the agent's
 * reports exactly once (its count equals the agent's). An agent started without {@code benchmark} refuses (exit 4).
 */
class TwoHostRemoteBenchmarkTest {

    private static final String DOMAIN = "124";
    private static final Pattern READY = Pattern.compile("READY serving domain 124 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, "--remote", TwoHosts.A_ADDRESS + ":" + port,
                "--token-file", dir.resolve("token").toString(), "--known-agents",
                dir.resolve("known-agents").toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private CliProcess serve(TwoHosts hosts, String name, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("serve", "--listen", TwoHosts.A_ADDRESS + ":0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve(name).toString(), "--domain", DOMAIN));
        args.addAll(List.of(more));
        return CliProcess.startIn(hosts.a(), args.toArray(String[]::new));
    }

    private static String port(CliProcess serve) throws IOException {
        Matcher m = READY.matcher(serve.awaitLine("READY"));
        assertTrue(m.matches(), m.toString());
        return m.group(1);
    }

    @Test
    void aBenchmarkBetweenTwoRemoteAgentsRunsThroughTheAgentAndSurvivesALinkCut() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess agent1 = CliProcess.startIn(hosts.a(), "pother", "--app-id", "1", "--domain", DOMAIN,
                        "--duration", "300");
                CliProcess agent2 = CliProcess.startIn(hosts.a(), "pother", "--app-id", "2", "--domain", DOMAIN,
                        "--duration", "300");
                CliProcess agent = serve(hosts, "agent", "--allow", "benchmark", "--audit-log",
                        dir.resolve("audit.log").toString())) {
            agent1.awaitLine("READY");
            agent2.awaitLine("READY");
            String port = port(agent);

            // the command line: a throughput pair between the remote agents, reports printed here
            CliTest.Result run = CliTest.run(remote(port, "pother-run", "--throughput", "--rate", "2000", "--size",
                    "256", "--period-ms", "500", "--duration", "4", "--no-save"));
            assertEquals(0, run.code(), run.out() + "\n" + run.err());
            assertTrue(run.out().contains("through the agent at " + TwoHosts.A_ADDRESS), run.out());
            Matcher result = Pattern.compile("RESULT periods=(\\d+) received=(\\d+) lost=(\\d+)").matcher(run.out());
            assertTrue(result.find(), run.out());
            assertTrue(Integer.parseInt(result.group(1)) >= 8, "8 periods of 0.5 s: " + run.out());
            assertTrue(Long.parseLong(result.group(2)) > 4000, "about 2000 samples/s for 4 s arrived: " + run.out());
            assertEquals("0", result.group(3), run.out());

            ClientOptions co = ClientOptions.of(TwoHosts.A_ADDRESS, Integer.parseInt(port),
                    TokenFile.read(dir.resolve("token"))).withKnownAgents(dir.resolve("known-agents"));
            List<RemoteClient.Status> statuses = new CopyOnWriteArrayList<>();
            try (RemoteClient client = RemoteClient.connect(co)) {
                client.addStatusListener(statuses::add);
                List<RemoteBenchmarkSource.Agent> seen = RemoteBenchmarkSource.agents(client);
                assertEquals(List.of(1, 2), seen.stream().map(RemoteBenchmarkSource.Agent::appId).toList(),
                        seen.toString());
                assertTrue(seen.stream().allMatch(RemoteBenchmarkSource.Agent::live), seen.toString());

                // 40 periods of 1 s; the link goes down after a few for longer than the heartbeat silence limit
                RunDefinition d = RunDefinition.throughput(256, Duration.ofSeconds(40)).withRate(1000, 1);
                BenchmarkRun bench = BenchmarkRun.unsaved(d, RunEnvironment.capture(null));
                AtomicLong events = new AtomicLong();
                List<String> messages = new CopyOnWriteArrayList<>();
                ReportSink counting = counting(bench, events, messages);
                RemoteBenchmarkSource source = RemoteBenchmarkSource.of(client, List.of(1, 2));
                List<Throwable> failure = new CopyOnWriteArrayList<>();
                Thread t = Thread.ofPlatform().start(() -> {
                    try {
                        source.run(d, counting, () -> false);
                    } catch (Throwable e) {
                        failure.add(e);
                    }
                });
                assertTrue(Await.until(() -> bench.throughput().size() >= 5, 40), "reports before the cut: " + messages);
                RemoteClient.Reply busy = client.request(PotherOperations.START, JsonNodeFactory.instance.objectNode()
                        .<com.fasterxml.jackson.databind.node.ObjectNode>set("definition",
                                org.ddstuner.json.StrictJson.parse(org.ddstuner.pother.runs.ReportEvents.definition(d)))
                        .set("agents", JsonNodeFactory.instance.arrayNode().add(1).add(2)), Duration.ofSeconds(10));
                assertEquals("busy", busy.code(), "one run at a time: " + busy);
                hosts.linkDown();
                long cut = System.nanoTime();
                assertTrue(Await.until(() -> statuses.stream().anyMatch(s -> s.state() == RemoteClient.State.DISCONNECTED),
                        40), "the client notices the cut link: " + statuses);
                // the silence limit is 4 heartbeats (20 s); closing the dead TLS link must not add another 20 s
                long noticedMs = (System.nanoTime() - cut) / 1_000_000;
                assertTrue(noticedMs < 35_000, "noticed " + noticedMs + " ms after the cut");
                int atCut = bench.throughput().size();
                Thread.sleep(3000);
                hosts.linkUp();
                t.join(120_000);
                assertTrue(failure.isEmpty(), () -> "the run ends well: " + failure + " " + messages);
                assertTrue(messages.stream().anyMatch(m -> m.startsWith("link to the agent lost")), messages.toString());
                assertTrue(messages.stream().anyMatch(m -> m.startsWith("link to the agent back")), messages.toString());
                assertTrue(bench.throughput().size() >= 40 && bench.throughput().size() > atCut + 10,
                        "the periods measured during the outage arrived after it: " + atCut + " then "
                                + bench.throughput().size());
                assertTrue(bench.throughput().stream().allMatch(p -> p.report().lostTotal() == 0),
                        "no sample lost between the agents (the cut link is not theirs)");
                // each of the agent's reports once: the agent's count of this run's events is the client's
                String id = messages.stream().filter(m -> m.startsWith("run ")).findFirst().orElseThrow().split(" ")[1];
                JsonNode page = client.request(PotherOperations.REPORTS, JsonNodeFactory.instance.objectNode()
                        .put("run", id).put("after", Long.MAX_VALUE / 2), Duration.ofSeconds(10)).orThrow();
                assertEquals("finished", page.path("state").asText(), page.toString());
                assertEquals(page.path("total").asLong(), events.get(), "every report of the agent once: " + page);
                RemoteClient.Reply unknown = client.request(PotherOperations.REPORTS, JsonNodeFactory.instance
                        .objectNode().put("run", "r99"), Duration.ofSeconds(10));
                assertEquals(PotherOperations.NO_RUN, unknown.code(), unknown.toString());
                RemoteClient.Reply bad = client.request(PotherOperations.START, JsonNodeFactory.instance.objectNode()
                        .set("definition", JsonNodeFactory.instance.objectNode().put("kind", "NONSENSE")),
                        Duration.ofSeconds(10));
                assertEquals(PotherOperations.BAD_ARGS, bad.code(), bad.toString());
            }

            String audit = java.nio.file.Files.readString(dir.resolve("audit.log"));
            assertTrue(audit.contains("\"pother-start\"") || audit.contains("pother-start"), audit);

            try (CliProcess readOnly = serve(hosts, "agent")) {
                String roPort = port(readOnly);
                CliTest.Result refused = CliTest.run(remote(roPort, "pother-run", "--duration", "2", "--no-save"));
                assertEquals(4, refused.code(), refused.out() + refused.err());
                assertTrue(refused.err().contains("not-allowed"), refused.err());
            }
        }
    }

    /** Records into {@code run}, counts every call (the agent's events) and keeps the messages. */
    private static ReportSink counting(BenchmarkRun run, AtomicLong events, List<String> messages) {
        return new ReportSink() {
            @Override
            public void step(int index, RunDefinition definition) {
                run.step(index, definition);
            }

            @Override
            public void latency(String agent, LatencyReport report, AgentResources resources) {
                events.incrementAndGet();
                run.latency(agent, report, resources);
            }

            @Override
            public void throughput(String agent, ThroughputReport report, AgentResources resources) {
                events.incrementAndGet();
                run.throughput(agent, report, resources);
            }

            @Override
            public void resources(String agent, AgentResources resources) {
                events.incrementAndGet();
                run.resources(agent, resources);
            }

            @Override
            public void message(String agent, String text) {
                if (!agent.equals(RemoteBenchmarkSource.AGENT_NAME)) {
                    events.incrementAndGet(); // the agent's own messages are events; the source's are not
                }
                messages.add(text);
                run.message(agent, text);
            }
        };
    }
}
