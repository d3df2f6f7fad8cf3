package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code ddstuner watch --remote} (issue 15) in a private network namespace, all real processes: a
 * {@code BeatWriter} (deadline 1 s) and {@code ddstuner serve} in domain 69, the watch connected to the agent with a
 * deadline rule. Pausing the writer (SIGSTOP) fires the deadline in the agent's watcher and the event arrives at the
 * client as a local watch prints it (fired, then cleared once the writer continues). The agent is then killed and
 * started again on the same port and identity: the client reconnects, says it created the watch again (and that
 * alerts of the gap may be missed), and the next pause fires again through the new agent. Ctrl-C ends it with the
 * totals.
 */
class RemoteWatchCliTest {

    private static final String DOMAIN = "69";
    private static final String TOPIC = "RemoteHealthBeat";

    @TempDir
    Path dir;

    private Processes.Child serve(int port) throws Exception {
        Processes.Child agent = Processes.cli("serve", "--listen", "127.0.0.1:" + port, "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--domain", DOMAIN);
        String l = agent.next(60);
        assertTrue(l != null && l.startsWith("READY serving domain " + DOMAIN), l + " " + agent.stderr());
        return agent;
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void theAgentWatchesForTheClientAndTheWatchComesBackAfterTheAgentRestarts() throws Exception {
        NetNs.requireIsolated();
        Path rules = dir.resolve("rules.json");
        Files.writeString(rules, """
                {"rules": [
                  {"name": "beat-deadline", "when": "deadline-missed", "topic": "RemoteHealthBeat", "severity": "error",
                   "window": 1}
                ]}""", StandardCharsets.UTF_8);
        int port = freePort();
        try (Processes.Child usage = Processes.cli("watch", "--rules", rules.toString(), "--idl", "x.idl", "--remote",
                "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString())) {
            assertTrue(usage.process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(2, usage.process.exitValue(), "the agent resolves the types: " + usage.stderr());
            assertTrue(usage.stderr().contains("watch --remote watches in the agent's domain"), usage.stderr());
        }
        Processes.Child agent = serve(port);
        try (Processes.Child writer = Processes.writer(69, "beat", TOPIC);
                Processes.Child watch = Processes.cli("watch", "--rules", rules.toString(), "--json", "--duration", "60",
                        "--remote", "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                        "--known-agents", dir.resolve("known-agents").toString())) {
            assertTrue(watch.awaitStderr("watching through the agent at 127.0.0.1:" + port + " with 1 rule(s)", 30),
                    watch.stderr());
            assertTrue(watch.awaitStderr("runs this watch in its domain", 20), watch.stderr());
            assertTrue(watch.awaitStderr("note: watching '" + TOPIC + "'", 20), watch.stderr());
            Thread.sleep(1500);
            assertEquals(List.of(), watch.drain(), "a healthy writer fires nothing");

            List<ObjectNode> events = pause(writer, watch);
            ObjectNode fired = find(events, "fired");
            assertNotNull(fired, events + "\n" + watch.stderr());
            assertEquals(TOPIC, fired.get("topic").asText());
            assertEquals("deadline-missed", fired.get("condition").asText());
            assertEquals("error", fired.get("severity").asText());
            assertTrue(fired.hasNonNull("participantGuid"), fired.toString());
            assertNotNull(find(events, "cleared"), events + "\n" + watch.stderr());

            agent.close(); // killed: its watch goes with it
            assertTrue(watch.awaitStderr("disconnected from the agent at 127.0.0.1:" + port, 20), watch.stderr());
            agent = serve(port);
            assertTrue(watch.awaitStderr("created it again; alerts while it was gone may have been missed", 40),
                    watch.stderr());
            assertTrue(watch.awaitStderr("connected again to the agent", 5), watch.stderr());
            long watching = 0;
            for (long end = System.nanoTime() + 20_000_000_000L; watching < 2 && System.nanoTime() < end;) {
                watching = watch.stderr().lines().filter(l -> l.contains("note: watching '" + TOPIC + "'")).count();
                Thread.sleep(100);
            }
            assertEquals(2, watching, "the new agent opened its reader: " + watch.stderr());
            Thread.sleep(1500);
            watch.drain();
            List<ObjectNode> again = pause(writer, watch);
            assertNotNull(find(again, "fired"), "fired through the restarted agent: " + again + "\n" + watch.stderr());
            assertNotNull(find(again, "cleared"), again + "\n" + watch.stderr());

            watch.signal("INT"); // Ctrl-C: exit 130 as for a local watch (exit 5 is for an error at --duration's end)
            assertTrue(watch.process.waitFor(20, TimeUnit.SECONDS), watch.stderr());
            assertEquals(130, watch.process.exitValue(), watch.stderr());
            assertTrue(java.util.regex.Pattern.compile("\\d+ event\\(s\\), [2-9]\\d* error\\(s\\) fired, 0 problem\\(s\\) "
                    + "active at the end; topics watched: \\[" + TOPIC + "\\]").matcher(watch.stderr()).find(),
                    watch.stderr());
        } finally {
            agent.close();
        }
    }

    /** Pauses the writer for 3 s; the events until the deadline problem fired and cleared (or 15 s). */
    private static List<ObjectNode> pause(Processes.Child writer, Processes.Child watch) throws Exception {
        writer.signal("STOP");
        try {
            Thread.sleep(3000);
        } finally {
            writer.signal("CONT");
        }
        return watch.collect(15, evs -> find(evs, "cleared") != null && find(evs, "fired") != null);
    }

    private static ObjectNode find(List<ObjectNode> evs, String event) {
        return evs.stream().filter(e -> e.get("rule").asText().equals("beat-deadline")
                && e.get("event").asText().equals(event)).findFirst().orElse(null);
    }
}
