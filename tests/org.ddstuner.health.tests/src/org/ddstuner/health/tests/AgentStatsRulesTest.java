package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.Guid;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.TunedApp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Rules on the statistics that an application's embedded agent publishes, end to end with {@code ddstuner watch
 * --json}: the agent tests' C application (linked with libddstuner_agent) writes bursts of 50 x 3000-byte samples
 * every 100 ms to a second, plain copy of it in another process; that reader process is stopped with SIGSTOP for
 * 2.5 s. Its socket buffer overflows, and on SIGCONT it NACKs what it lost: a KEEP_LAST 100 writer retransmits
 * (rexmit_bytes), a KEEP_ALL writer throttles while the reader is stopped (throttle_count). Nothing fires while the
 * reader keeps up.
 */
class AgentStatsRulesTest {

    @TempDir
    Path dir;
    private String port;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void stoppedReaderMakesTheWriterRetransmit() throws Exception {
        Path rules = rules("""
                {"rules": [{"name": "app-rexmit", "when": "retransmit-rate", "topic": "Tuned*", "threshold": 10000,
                            "severity": "error"}]}""");
        List<ObjectNode> events = provoke(66, "100", rules, "app-rexmit", 5, false);
        ObjectNode fired = find(events, "app-rexmit", "fired");
        assertEquals("retransmit-rate", fired.get("condition").asText());
        assertTrue(fired.get("detail").asText().matches("\\d+ bytes/s retransmitted over the last 2 s \\(\\d+ bytes, 1 "
                + "writer\\(s\\).*"), fired.toString());
    }

    /**
     * The same through a remote agent ({@code ddstuner serve} of the domain, {@code watch --remote}): the agent's
     * watcher reads the applications' statistics on its host, the alert comes back to the client.
     */
    @Test
    void theRetransmitRuleWorksInAWatchThroughARemoteAgent() throws Exception {
        Path rules = rules("""
                {"rules": [{"name": "app-rexmit", "when": "retransmit-rate", "topic": "Tuned*", "threshold": 10000,
                            "severity": "error"}]}""");
        List<ObjectNode> events = provoke(68, "100", rules, "app-rexmit", 5, true);
        ObjectNode fired = find(events, "app-rexmit", "fired");
        assertEquals("retransmit-rate", fired.get("condition").asText());
        assertTrue(fired.get("detail").asText().contains("bytes/s retransmitted"), fired.toString());
    }

    @Test
    void stoppedReaderThrottlesAKeepAllWriter() throws Exception {
        Path rules = rules("""
                {"rules": [{"name": "app-throttle", "when": "throttling", "topic": "TunedTopic", "threshold": 10,
                            "severity": "warning"}]}""");
        // threshold 10: on a busy machine a KEEP_ALL writer throttles now and then for a few ms while the reader
        // keeps up (seen once: 1 time, 10 ms); stopped, the reader makes it throttle dozens of times
        List<ObjectNode> events = provoke(67, "all", rules, "app-throttle", 0, false);
        ObjectNode fired = find(events, "app-throttle", "fired");
        assertEquals("throttling", fired.get("condition").asText());
        assertTrue(fired.get("detail").asText().matches("writer throttled \\d+ time\\(s\\) in the last 2 s, blocked "
                + "\\d+ ms.*"), fired.toString());
    }

    /** Runs writer, reader and watch; stops the reader; returns the events once {@code rule} fired and cleared. */
    private List<ObjectNode> provoke(int domain, String history, Path rules, String rule, int exit, boolean remote)
            throws Exception {
        Path app = TunedApp.build(dir, true);
        Path plain = TunedApp.build(dir, false);
        try (TunedApp writer = new TunedApp(app, domain, Map.of("DDSTUNER_AGENT_STATS_MS", "250", "TUNED_BURST", "50",
                "TUNED_TEXT_BYTES", "3000", "TUNED_HISTORY", history), dir.resolve("writer.err"));
                TunedApp reader = new TunedApp(plain, domain, Map.of(), dir.resolve("reader.err"));
                Processes.Child agent = remote ? serve(domain) : null;
                Processes.Child watch = remote
                        ? Processes.cli("watch", "-r", rules.toString(), "--json", "--duration", "20", "--remote",
                                "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                                "--known-agents", dir.resolve("known-agents").toString())
                        : Processes.cli("watch", "-d", Integer.toString(domain), "-r", rules.toString(), "--json",
                                "--duration", "16")) {
            assertTrue(watch.awaitStderr("reading the statistics of applications' DDS Tuner agents", 15), watch.stderr());
            Thread.sleep(3000); // discovery, and a few statistics periods with the reader keeping up
            // A loaded box can make the writer throttle or resend with its reader running (a KEEP_ALL writer did,
            // beside another build): start from a quiet state; only what comes after the stop is looked at below.
            List<ObjectNode> before = watch.drain();
            long quiet = System.nanoTime() + 15_000_000_000L;
            while (firing(before, rule) && System.nanoTime() < quiet) {
                before.addAll(watch.collect(0.5, evs -> false));
            }
            assertFalse(firing(before, rule), "the reader keeps up, so the alert clears: " + before);
            Processes.signal(reader.pid, "STOP");
            try {
                Thread.sleep(2500);
            } finally {
                Processes.signal(reader.pid, "CONT");
            }
            List<ObjectNode> events = watch.collect(10, evs -> find(evs, rule, "cleared") != null);
            ObjectNode fired = find(events, rule, "fired");
            assertNotNull(fired, events + "\n" + watch.stderr());
            assertNotNull(find(events, rule, "cleared"), "clears once the reader caught up: " + events);
            assertEquals("TunedTopic", fired.get("topic").asText());
            assertEquals(Guid.parse(writer.writerGuid).participantGuid().toString(), fired.get("participantGuid").asText(),
                    fired.toString());
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS), "watch stops after --duration");
            assertEquals(exit, watch.process.exitValue(), watch.stderr());
            return events;
        }
    }

    /** {@code ddstuner serve} of {@code domain} on a free loopback port, once it is ready; its port in {@link #port}. */
    private Processes.Child serve(int domain) throws Exception {
        Processes.Child agent = Processes.cli("serve", "--listen", "127.0.0.1:0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--domain",
                Integer.toString(domain));
        String l = agent.next(60);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^READY serving domain \\d+ on 127\\.0\\.0\\.1:(\\d+),")
                .matcher(l == null ? "" : l);
        assertTrue(m.find(), l + " " + agent.stderr());
        port = m.group(1);
        return agent;
    }

    /** Whether {@code rule} fired more often than it cleared in {@code events}. */
    private static boolean firing(List<ObjectNode> events, String rule) {
        long fired = events.stream().filter(e -> e.path("rule").asText().equals(rule)
                && e.path("event").asText().equals("fired")).count();
        long cleared = events.stream().filter(e -> e.path("rule").asText().equals(rule)
                && e.path("event").asText().equals("cleared")).count();
        return fired > cleared;
    }

    private Path rules(String text) throws Exception {
        Path f = dir.resolve("rules.json");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static ObjectNode find(List<ObjectNode> evs, String rule, String event) {
        return evs.stream().filter(e -> e.get("rule").asText().equals(rule) && e.get("event").asText().equals(event))
                .findFirst().orElse(null);
    }
}
