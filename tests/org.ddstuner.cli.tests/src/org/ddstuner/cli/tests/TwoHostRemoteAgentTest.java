package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Issue 15, way 2 across a real link: the demo and {@code ddstuner serve --listen 10.77.0.1:PORT} run in namespace A,
 * this JVM (namespace B, at 10.77.0.2) is the client, joined to A only by a veth pair ({@link TwoHosts}).
 * {@code ls/ps --remote} see the demo; then the link is cut for longer than the heartbeat silence limit (4 × 5 s) while
 * a client mirrors the model and {@code subscribe --remote} streams samples, and a new participant (a Pother agent)
 * appears in A meanwhile: the client reports "disconnected since …", reconnects, resumes the model from its last
 * sequence number (no new snapshot: nothing lost, nothing applied twice) and ends with the same model and sequence as a
 * fresh client; the sample stream continues with no sample twice.
 */
class TwoHostRemoteAgentTest {

    private static final String DOMAIN = "123";
    private static final Pattern READY = Pattern.compile("READY serving domain 123 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    /** Alive participants and endpoints by GUID: what a client that lost nothing has. */
    private static Set<String> picture(SystemSnapshot s) {
        Set<String> p = new TreeSet<>();
        s.participants().stream().filter(x -> x.alive()).forEach(x -> p.add("P " + x.guid() + " " + x.name()));
        s.endpoints().stream().filter(x -> x.alive()).forEach(x -> p.add("E " + x.guid() + " " + x.topicName()));
        return p;
    }

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, "--remote", TwoHosts.A_ADDRESS + ":" + port,
                "--token-file", dir.resolve("token").toString(), "--known-agents",
                dir.resolve("known-agents").toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void lsPsAndSubscribeThroughTheAgentAcrossALinkCutAndRestored() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB()) {
            try (CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", DOMAIN, "--duration", "300");
                    CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                            "--token-file", dir.resolve("token").toString(), "--identity-dir",
                            dir.resolve("agent").toString(), "--domain", DOMAIN)) {
                demo.awaitLine("READY");
                Matcher m = READY.matcher(agent.awaitLine("READY"));
                assertTrue(m.matches(), m.toString());
                String port = m.group(1);

                CliTest.Result ls = CliTest.run(remote(port, "ls", "--json", "--wait", "0"));
                assertEquals(0, ls.code(), ls.err());
                JsonNode root = StrictJson.parse(ls.out());
                Set<String> names = new HashSet<>();
                root.get("participants").forEach(p -> names.add(p.get("name").asText()));
                assertTrue(names.containsAll(LsJsonAssertions.ENDPOINTS.keySet()), "ls --remote from B sees the demo "
                        + "in A: " + names);
                CliTest.Result ps = CliTest.run(remote(port, "ps", "--wait", "0"));
                assertEquals(0, ps.code(), ps.err());
                assertTrue(ps.out().contains("SensorHub"), ps.out());

                ClientOptions co = ClientOptions.of(TwoHosts.A_ADDRESS, Integer.parseInt(port),
                        TokenFile.read(dir.resolve("token"))).withKnownAgents(dir.resolve("known-agents"));
                List<RemoteClient.Status> statuses = new CopyOnWriteArrayList<>();
                try (RemoteClient client = RemoteClient.connect(co)) {
                    client.addStatusListener(statuses::add);
                    // the sample stream in a child process (this namespace too), so its lines are seen as they come
                    try (CliProcess sub = CliProcess.start(remote(port, "subscribe", "SensorReadings", "--json",
                            "--timeout", "90"))) {
                    List<String> lines = new CopyOnWriteArrayList<>();
                    Thread reader = Thread.ofPlatform().daemon().start(() -> {
                        try {
                            for (String line; (line = sub.out.readLine()) != null;) {
                                lines.add(line);
                            }
                        } catch (IOException e) {
                            // the process ended
                        }
                    });
                    assertTrue(Await.until(() -> lines.size() >= 40, 60), "samples stream before the cut: " + sub.stderr());
                    hosts.linkDown();
                    try (CliProcess pother = CliProcess.startIn(hosts.a(), "pother", "--app-id", "15", "--domain",
                            DOMAIN, "--duration", "200")) {
                        pother.awaitLine("READY");
                        assertTrue(Await.until(() -> statuses.stream().anyMatch(
                                s -> s.state() == RemoteClient.State.DISCONNECTED), 40),
                                "the client notices the cut link: " + statuses);
                        Thread.sleep(2000);
                        hosts.linkUp();
                        assertTrue(Await.until(() -> client.status().state() == RemoteClient.State.CONNECTED
                                && statuses.size() >= 2, 40), "reconnected after the link came back: " + statuses);

                        try (RemoteClient fresh = RemoteClient.connect(co)) {
                            assertTrue(Await.until(() -> client.seq() == fresh.seq()
                                    && picture(client.model().snapshot(true)).equals(picture(fresh.model().snapshot(true))),
                                    20), "the resumed client has what a fresh one has: seq " + client.seq() + " vs "
                                            + fresh.seq() + "\n" + picture(client.model().snapshot(true)) + "\n"
                                            + picture(fresh.model().snapshot(true)));
                        }
                        assertTrue(client.model().snapshot(true).participants().stream()
                                .anyMatch(p -> p.alive() && p.name().contains("Pother agent 15")),
                                "the participant that appeared during the outage arrived: "
                                        + picture(client.model().snapshot(true)));
                        RemoteClient.Stats st = client.stats();
                        assertEquals(1, st.snapshots(), "resumed from the sequence number, no new snapshot: " + st);
                        assertTrue(st.resumes() >= 1 && st.reconnects() >= 1, st.toString());
                    }

                    int atRestore = lines.size();
                    assertTrue(Await.until(() -> lines.size() >= atRestore + 40, 60), "samples stream after the restore: "
                            + sub.stderr());
                    sub.process.toHandle().destroy(); // SIGTERM: subscribe prints its totals and ends
                    assertTrue(sub.process.waitFor(30, TimeUnit.SECONDS));
                    reader.join(5000);
                    CliTest.Result s = new CliTest.Result(sub.process.exitValue(), String.join("\n", lines),
                            sub.stderr());
                    assertEquals(143, s.code(), "SIGTERM, after the totals (as the local subscribe): " + s.err());
                    assertTrue(s.err().contains("disconnected from the agent at " + TwoHosts.A_ADDRESS + ":" + port
                            + " since "), s.err());
                    assertTrue(s.err().contains("connected again to the agent"), s.err());
                    assertTrue(s.err().contains("received ") && s.err().contains("dropped "), s.err());
                    Set<String> seen = new HashSet<>();
                    long before = 0;
                    long after = 0;
                    for (String line : s.out().split("\n")) {
                        if (line.isBlank()) {
                            continue;
                        }
                        JsonNode v = StrictJson.parse(line).get("value");
                        String key = v.get("sensor_id").asText() + "/" + v.get("seq").asText();
                        assertTrue(seen.add(key), "sample " + key + " twice");
                    }
                    List<Long> seqs = seen.stream().map(k -> Long.parseLong(k.substring(k.indexOf('/') + 1)))
                            .sorted().toList();
                    // the demo writes 4 sensors at 10 Hz: samples before the cut and after the restore
                    for (int i = 1; i < seqs.size(); i++) {
                        if (seqs.get(i) - seqs.get(i - 1) > 100) {
                            before = i;
                            after = seqs.size() - i;
                        }
                    }
                    assertTrue(before > 20 && after > 20, "samples on both sides of the outage: " + before + " / "
                            + after + " of " + seqs.size());
                    }
                }
            }
        }
    }
}
