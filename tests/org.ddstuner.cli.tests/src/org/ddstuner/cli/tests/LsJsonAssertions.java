package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.demo.DemoSystem;
import org.ddstuner.json.StrictJson;

/**
 * Checks the parsed {@code ls --json} / {@code ps --json} of the demo system running in this JVM: every value the
 * demo sets (names, host, process, pid, topics, types, partitions, QoS, matches), not just that a word occurs.
 */
@SuppressWarnings("unchecked")
final class LsJsonAssertions {

    /** The demo's participants and their endpoint counts; Blinker comes and goes, so it is not checked. */
    static final Map<String, Integer> ENDPOINTS = Map.of("SensorHub", 1, "Dashboard", 4, "Controller", 2, "Actuator", 3,
            "Logger", 1, "Radar", 1);

    /** QoS fields that are durations: always seconds (a number) or "infinite". */
    private static final Set<String> DURATIONS = Set.of("period", "duration", "leaseDuration", "maxBlockingTime",
            "minimumSeparation", "autopurgeNoWriterSamplesDelay", "autopurgeDisposedSamplesDelay", "serviceCleanupDelay");

    private LsJsonAssertions() {
    }

    static String hostName() throws IOException {
        return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip(); // what Cyclone announces (gethostname)
    }

    static void assertDemo(String text, long pid) throws IOException {
        Map<String, Object> root = StrictJson.parseMap(text.strip());
        assertEquals(false, root.get("includesOwn"));
        List<Map<String, Object>> participants = (List<Map<String, Object>>) root.get("participants");
        List<Map<String, Object>> endpoints = (List<Map<String, Object>>) root.get("endpoints");
        Map<String, Map<String, Object>> byName = participants.stream()
                .collect(Collectors.toMap(p -> (String) p.get("name"), p -> p, (a, b) -> a));
        for (Map.Entry<String, Integer> e : ENDPOINTS.entrySet()) {
            Map<String, Object> p = byName.get(e.getKey());
            assertNotNull(p, e.getKey() + " in " + byName.keySet());
            assertEquals(hostName(), p.get("host"), e.getKey());
            assertEquals("java", p.get("process"), e.getKey());
            assertEquals(BigInteger.valueOf(pid), p.get("pid"), e.getKey());
            assertEquals(Map.of("id", "0x0110", "name", "Eclipse Cyclone DDS"), p.get("vendor"), e.getKey());
            assertEquals(true, p.get("alive"), e.getKey());
            assertEquals(false, p.get("own"), e.getKey());
            List<String> own = (List<String>) p.get("endpoints");
            assertEquals(e.getValue(), own.size(), e.getKey() + ": " + own);
            assertEquals(Set.copyOf(own), endpoints.stream().filter(x -> x.get("participant").equals(p.get("guid")))
                    .map(x -> (String) x.get("guid")).collect(Collectors.toSet()), e.getKey());
        }
        assertFalse(byName.containsKey("DDS Tuner"), "own participant hidden: " + byName.keySet());

        Map<String, Object> commands = endpoint(endpoints, byName, "Controller", DemoSystem.COMMANDS, "writer");
        assertEquals("demo::Command", commands.get("type"));
        assertEquals(List.of("control"), commands.get("partitions"));
        Map<String, Object> qos = (Map<String, Object>) commands.get("qos");
        assertEquals("RELIABLE", policy(qos, "reliability").get("kind"));
        assertEquals(new BigDecimal("0.1"), policy(qos, "reliability").get("maxBlockingTime"), "Cyclone's 100 ms");
        assertEquals(Map.of("kind", "KEEP_LAST", "depth", BigInteger.valueOf(8)), policy(qos, "history"));
        assertEquals(BigInteger.ONE, policy(qos, "deadline").get("period"), "the demo's 1 s deadline, in seconds");
        assertEquals("infinite", policy(qos, "liveliness").get("leaseDuration"));
        assertEquals("VOLATILE", policy(qos, "durability").get("kind"));

        Map<String, Object> logger = endpoint(endpoints, byName, "Logger", DemoSystem.SENSORS, "reader");
        assertEquals("demo::SensorReading", logger.get("type"));
        assertEquals(List.of("sensors"), logger.get("partitions"));
        assertEquals("TRANSIENT_LOCAL", policy((Map<String, Object>) logger.get("qos"), "durability").get("kind"));
        Map<String, Object> wildcard = endpoint(endpoints, byName, "Controller", DemoSystem.SENSORS, "reader");
        assertEquals(List.of("sens*"), wildcard.get("partitions"));

        for (Map<String, Object> ep : endpoints) {
            durationsAreSeconds((Map<String, Object>) ep.get("qos"), ep.get("topic") + " " + ep.get("kind"));
        }

        Map<String, Object> hub = endpoint(endpoints, byName, "SensorHub", DemoSystem.SENSORS, "writer");
        List<Map<String, Object>> matches = (List<Map<String, Object>>) root.get("matches");
        Map<String, Object> toDashboard = match(matches, hub, endpoint(endpoints, byName, "Dashboard", DemoSystem.SENSORS,
                "reader"));
        assertEquals(true, toDashboard.get("matched"));
        assertEquals(List.of(), toDashboard.get("reasons"));
        assertEquals(true, match(matches, hub, wildcard).get("matched"), "sens* reaches sensors");
        Map<String, Object> toLogger = match(matches, hub, logger);
        assertEquals(false, toLogger.get("matched"));
        String sentence = "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE";
        assertEquals(List.of(sentence), toLogger.get("reasons"));
        assertEquals(List.of(Map.of("check", "durability", "short", "durability: reader TRANSIENT_LOCAL > writer VOLATILE",
                "explanation", sentence, "fix", "give the writer TRANSIENT_LOCAL durability or higher, or the reader "
                        + "VOLATILE")), toLogger.get("why"));
        assertEquals(List.of(), toDashboard.get("why"));
    }

    static void assertDemoProcesses(String text, long pid) throws IOException {
        Map<String, Object> root = StrictJson.parseMap(text.strip());
        assertEquals(Set.of("takenAt", "includesOwn", "hosts"), root.keySet(), "not the ls document");
        List<Map<String, Object>> hosts = (List<Map<String, Object>>) root.get("hosts");
        assertEquals(1, hosts.size(), hosts.toString());
        assertEquals(hostName(), hosts.get(0).get("host"));
        List<Map<String, Object>> processes = (List<Map<String, Object>>) hosts.get(0).get("processes");
        assertEquals(1, processes.size(), "everything runs in this JVM: " + processes);
        Map<String, Object> process = processes.get(0);
        assertEquals(BigInteger.valueOf(pid), process.get("pid"));
        assertEquals("java", process.get("process"));
        Map<String, Integer> counts = ((List<Map<String, Object>>) process.get("participants")).stream()
                .filter(p -> !p.get("name").equals("Blinker")).collect(Collectors.toMap(p -> (String) p.get("name"),
                        p -> ((BigInteger) p.get("endpoints")).intValueExact()));
        assertEquals(ENDPOINTS, counts);
        for (Map<String, Object> p : (List<Map<String, Object>>) process.get("participants")) {
            assertEquals("Eclipse Cyclone DDS", ((Map<String, Object>) p.get("vendor")).get("name"));
            assertTrue(((String) p.get("guid")).matches("[0-9a-f]{8}(:[0-9a-f]{8}){3}"), p.toString());
        }
    }

    private static Map<String, Object> policy(Map<String, Object> qos, String name) {
        Map<String, Object> p = (Map<String, Object>) qos.get(name);
        assertNotNull(p, name + " in " + qos.keySet());
        return p;
    }

    private static void durationsAreSeconds(Map<String, Object> qos, String where) {
        for (Map.Entry<String, Object> policy : qos.entrySet()) {
            if (policy.getValue() instanceof Map<?, ?> fields) {
                fields.forEach((k, v) -> {
                    if (DURATIONS.contains(k)) {
                        String what = where + " " + policy.getKey() + "." + k + " = " + v;
                        assertTrue("infinite".equals(v) || v instanceof Number n && new BigDecimal(n.toString())
                                .compareTo(BigDecimal.valueOf(3600)) <= 0, what + " (seconds or \"infinite\")");
                    }
                });
            }
        }
    }

    private static Map<String, Object> endpoint(List<Map<String, Object>> endpoints, Map<String, Map<String, Object>> byName,
            String participant, String topic, String kind) {
        Object guid = byName.get(participant).get("guid");
        List<Map<String, Object>> found = endpoints.stream().filter(e -> e.get("participant").equals(guid)
                && e.get("topic").equals(topic) && e.get("kind").equals(kind)).toList();
        assertEquals(1, found.size(), participant + " " + kind + " on " + topic + ": " + found);
        return found.get(0);
    }

    private static Map<String, Object> match(List<Map<String, Object>> matches, Map<String, Object> writer,
            Map<String, Object> reader) {
        return matches.stream().filter(m -> m.get("writer").equals(writer.get("guid"))
                && m.get("reader").equals(reader.get("guid"))).findFirst()
                .orElseThrow(() -> new AssertionError("no match entry " + writer.get("guid") + " → " + reader.get("guid")));
    }
}
