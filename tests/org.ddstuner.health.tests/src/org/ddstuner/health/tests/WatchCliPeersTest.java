package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code ddstuner watch --json} as a CI job runs it, against real writers in other processes: a Java writer and the
 * Cyclone DDS 11 Python peer paused with SIGSTOP (deadline missed, liveliness lost, silence — each fired, then cleared
 * once the writer continues), a best-effort flood (samples lost), writers whose ownership no reader matches both
 * (incompatible QoS), an application's reader and then the writer going away (no readers, no writers any more),
 * two versions of a type that cannot read each other (Cyclone DDS 11 Python peers: type mismatch), and a broken
 * rules file. Exit status 5 when an error fired, 0 when only warnings did, 2 for the rules file.
 */
class WatchCliPeersTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void pausedJavaWriterMissesDeadlineAndLosesLiveliness() throws Exception {
        Path rules = rules("""
                {"rules": [
                  {"name": "beat-deadline", "when": "deadline-missed", "topic": "HealthBeat", "severity": "error", "window": 1},
                  {"name": "beat-liveliness", "when": "liveliness-lost", "topic": "HealthBeat", "severity": "error"},
                  {"name": "beat-silence", "when": "silence", "topic": "Health*", "threshold": 1.5},
                  {"name": "other-topic", "when": "silence", "topic": "Elsewhere"}
                ]}""");
        try (Processes.Child writer = Processes.writer(61, "beat", "HealthBeat");
                Processes.Child watch = Processes.cli("watch", "--domain", "61", "--rules", rules.toString(), "--json",
                        "--duration", "16")) {
            assertTrue(watch.awaitStderr("watching 'HealthBeat'", 15), watch.stderr());
            Thread.sleep(1500);
            List<ObjectNode> before = watch.drain();
            assertEquals(List.of(), before, "a healthy writer fires nothing");
            writer.signal("STOP");
            Thread.sleep(3000);
            writer.signal("CONT");
            List<ObjectNode> events = watch.collect(12, evs -> Set.of("beat-deadline", "beat-liveliness", "beat-silence")
                    .stream().allMatch(r -> has(evs, r, "cleared")));
            for (String r : List.of("beat-deadline", "beat-liveliness", "beat-silence")) {
                ObjectNode fired = find(events, r, "fired");
                ObjectNode cleared = find(events, r, "cleared");
                assertNotNull(fired, r + " fired: " + events + "\n" + watch.stderr());
                assertNotNull(cleared, r + " cleared: " + events + "\n" + watch.stderr());
                assertEquals("HealthBeat", fired.get("topic").asText());
                assertEquals(fired.get("time").asText(), cleared.get("firedAt").asText());
                assertTrue(Instant.parse(cleared.get("time").asText()).isAfter(Instant.parse(fired.get("time").asText())));
                assertTrue(fired.hasNonNull("participantGuid"), fired.toString());
            }
            assertEquals("error", find(events, "beat-deadline", "fired").get("severity").asText());
            assertEquals("deadline-missed", find(events, "beat-deadline", "fired").get("condition").asText());
            assertTrue(find(events, "beat-liveliness", "fired").get("detail").asText().contains("lost liveliness"));
            assertTrue(events.stream().noneMatch(e -> e.get("rule").asText().equals("other-topic")));
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS), "watch stops after --duration");
            assertEquals(5, watch.process.exitValue(), "an error fired: " + watch.stderr());
        }
    }

    @Test
    void pausedCyclone11PeerMissesItsDeadline() throws Exception {
        Peers.requireAvailable();
        Path rules = rules("""
                {"rules": [{"name": "sensor-deadline", "when": "deadline-missed", "topic": "SensorData",
                            "participant": "*peer*", "severity": "error"},
                           {"name": "peer-silence", "when": "silence", "participant": "*peer*", "threshold": 1.5}]}""");
        // a rule with only a participant pattern watches every topic that participant writes
        try (PeerProcess peer = Peers.startCyclonePeer(62);
                Processes.Child watch = Processes.cli("watch", "-d", "62", "-r", rules.toString(), "--json",
                        "--duration", "14")) {
            assertTrue(watch.awaitStderr("watching 'SensorData'", 15) && watch.awaitStderr("watching 'Commands'", 10)
                    && watch.awaitStderr("watching 'Status'", 10), watch.stderr());
            Thread.sleep(1500); // the peer writes every 200 ms, its deadline is 1 s
            assertEquals(List.of(), watch.drain());
            Processes.signal(peer.pid(), "STOP");
            try {
                Thread.sleep(3000);
            } finally {
                Processes.signal(peer.pid(), "CONT");
            }
            Set<String> peerTopics = Set.of("SensorData", "Commands", "Status"); // all the peer writes
            List<ObjectNode> events = watch.collect(10, evs -> has(evs, "sensor-deadline", "cleared")
                    && peerTopics.stream().allMatch(t -> evs.stream().anyMatch(e -> e.get("rule").asText()
                            .equals("peer-silence") && e.get("topic").asText().equals(t)
                            && e.get("event").asText().equals("cleared"))));
            for (String t : peerTopics) {
                assertTrue(events.stream().anyMatch(e -> e.get("rule").asText().equals("peer-silence")
                        && e.get("topic").asText().equals(t) && e.get("event").asText().equals("fired")),
                        "silence on " + t + ": " + events + "\n" + watch.stderr());
            }
            ObjectNode fired = find(events, "sensor-deadline", "fired");
            assertNotNull(fired, events + "\n" + watch.stderr());
            assertNotNull(find(events, "sensor-deadline", "cleared"), events + "\n" + watch.stderr());
            assertTrue(fired.get("participant").asText().contains("peer"), fired.toString());
            assertTrue(fired.get("detail").asText().contains("requested deadline 1 s"), fired.toString());
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS));
            assertEquals(5, watch.process.exitValue(), watch.stderr());
        }
    }

    @Test
    void bestEffortFloodLosesSamples() throws Exception {
        Path rules = rules("""
                {"rules": [{"name": "flood-lost", "when": "sample-lost", "topic": "HealthFlood", "severity": "warning",
                            "sequenceField": "seq"}]}""");
        // the writer sends no type information: its IDL, so that the watch can read the seq field
        Path idl = dir.resolve("blob.idl");
        Files.writeString(idl, "module health { struct Blob { unsigned long seq; string data; }; };\n");
        try (Processes.Child watch = Processes.cli("watch", "-d", "63", "-r", rules.toString(), "--idl", idl.toString(),
                "--json", "--duration", "12");
                Processes.Child writer = Processes.writer(63, "flood", "HealthFlood")) {
            assertTrue(watch.awaitStderr("watching 'HealthFlood'", 15), watch.stderr());
            List<ObjectNode> events = watch.collect(8, evs -> has(evs, "flood-lost", "fired"));
            ObjectNode fired = find(events, "flood-lost", "fired");
            assertNotNull(fired, events + "\n" + watch.stderr());
            assertEquals("sample-lost", fired.get("condition").asText());
            assertTrue(fired.get("detail").asText().matches("\\d+ sample\\(s\\) lost in the last 2 s"), fired.toString());
            writer.close();
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS));
            assertEquals(0, watch.process.exitValue(), "warnings only: " + watch.stderr());
        }
    }

    @Test
    void ownershipThenReadersAndWritersGone() throws Exception {
        Path rules = rules("""
                {"rules": [{"name": "owned-qos", "when": "incompatible-qos", "topic": "CliOwned", "severity": "error"},
                           {"name": "beat-readers", "when": "no-readers", "topic": "CliBeat"},
                           {"name": "beat-writers", "when": "no-writers", "topic": "CliBeat", "severity": "error"}]}""");
        try (Processes.Child shared = Processes.writer(65, "beat", "CliOwned");
                Processes.Child exclusive = Processes.writer(65, "exclusive", "CliOwned");
                Processes.Child beat = Processes.writer(65, "beat", "CliBeat");
                Processes.Child reader = Processes.writer(65, "reader", "CliBeat");
                Processes.Child watch = Processes.cli("watch", "-d", "65", "-r", rules.toString(), "--json",
                        "--duration", "14")) {
            assertTrue(watch.awaitStderr("watching 'CliBeat'", 15), watch.stderr());
            List<ObjectNode> events = watch.collect(6, evs -> has(evs, "owned-qos", "fired"));
            Thread.sleep(500);
            events.addAll(watch.drain());
            ObjectNode owned = find(events, "owned-qos", "fired");
            assertNotNull(owned, events + "\n" + watch.stderr());
            assertEquals("incompatible-qos", owned.get("condition").asText());
            assertEquals("1 of 2 writer(s) not matched: incompatible OWNERSHIP", owned.get("detail").asText());
            assertTrue(events.stream().noneMatch(e -> e.get("topic").asText().equals("CliBeat")), events.toString());
            reader.process.getOutputStream().close(); // the reader deletes its entities and exits
            events.addAll(watch.collect(8, evs -> has(evs, "beat-readers", "fired")));
            ObjectNode readers = find(events, "beat-readers", "fired");
            assertNotNull(readers, events + "\n" + watch.stderr());
            assertEquals("no-readers", readers.get("condition").asText());
            assertEquals("no reader of the topic is alive any more (1 writer(s) still writing)",
                    readers.get("detail").asText());
            beat.process.getOutputStream().close();
            events.addAll(watch.collect(8, evs -> has(evs, "beat-writers", "fired")));
            ObjectNode writers = find(events, "beat-writers", "fired");
            assertNotNull(writers, events + "\n" + watch.stderr());
            assertEquals("no-writers", writers.get("condition").asText());
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS));
            assertEquals(5, watch.process.exitValue(), "errors fired: " + watch.stderr());
        }
    }

    @Test
    void typeVersionsThatCannotReadEachOtherInJson() throws Exception {
        Peers.requireAvailable();
        Path rules = rules("""
                {"rules": [{"name": "readings-type", "when": "type-mismatch", "topic": "Readings", "severity": "error"}]}""");
        try (PeerProcess v1 = Peers.start("version_peer", 60, "--version", "1");
                PeerProcess v3 = Peers.start("version_peer", 60, "--version", "3");
                Processes.Child watch = Processes.cli("watch", "-d", "60", "-r", rules.toString(), "--json",
                        "--duration", "12")) {
            List<ObjectNode> events = watch.collect(15, evs -> has(evs, "readings-type", "fired"));
            ObjectNode fired = find(events, "readings-type", "fired");
            assertNotNull(fired, events + "\n" + watch.stderr());
            assertEquals("type-mismatch", fired.get("condition").asText());
            assertTrue(fired.get("detail").asText().contains("TYPE_CONSISTENCY")
                    || fired.get("detail").asText().contains("DATA_REPRESENTATION")
                    || fired.get("detail").asText().contains("types"), fired.toString());
            assertTrue(watch.process.waitFor(25, TimeUnit.SECONDS));
            assertEquals(5, watch.process.exitValue(), watch.stderr());
        }
    }

    @Test
    void brokenRulesFileSaysWhereAndIsLeftAlone() throws Exception {
        String text = "{\"rules\": [\n  {\"when\": \"deadline-missed\", \"severity\": \"fatal\"}\n]}\n";
        Path rules = rules(text);
        byte[] before = Files.readAllBytes(rules);
        try (Processes.Child watch = Processes.cli("watch", "-d", "64", "-r", rules.toString(), "--json")) {
            assertTrue(watch.process.waitFor(20, TimeUnit.SECONDS));
            assertEquals(2, watch.process.exitValue(), watch.stderr());
            assertTrue(watch.stderr().contains(rules + ": line 2, column 43: unknown severity \"fatal\""), watch.stderr());
            assertEquals(null, watch.next(0.1), "nothing on stdout");
        }
        assertArrayEquals(before, Files.readAllBytes(rules));
    }

    private Path rules(String text) throws Exception {
        Path f = dir.resolve("rules.json");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static boolean has(List<ObjectNode> evs, String rule, String event) {
        return find(evs, rule, event) != null;
    }

    private static ObjectNode find(List<ObjectNode> evs, String rule, String event) {
        return evs.stream().filter(e -> e.get("rule").asText().equals(rule) && e.get("event").asText().equals(event))
                .findFirst().orElse(null);
    }
}
