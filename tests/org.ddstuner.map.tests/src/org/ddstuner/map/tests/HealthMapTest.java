package org.ddstuner.map.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatcher;
import org.ddstuner.health.RuleSet;
import org.ddstuner.map.EdgeState;
import org.ddstuner.map.MapBuilder;
import org.ddstuner.map.MapEdge;
import org.ddstuner.map.MapGraph;
import org.ddstuner.map.MapTexts;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real topic watch's problem on the map: a {@link BeatWriter} in another process (deadline 300 ms) watched by a
 * {@link HealthWatcher} on a loopback connection in this namespace, then paused with SIGSTOP: the deadline-missed
 * event the watcher fires turns the writer's edge to {@link EdgeState#DEADLINE_MISSED}, with the watch's detail in
 * its tooltip; without the watch's problems the same edge is not.
 */
class HealthMapTest {

    private static final int DOMAIN = 142;
    private static final String TOPIC = "MapBeat";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static Process writer;
    private static Connection connection;
    private static HealthWatcher watcher;

    @BeforeAll
    static void writerWatchedAndPaused() throws Exception {
        NetNs.requireIsolated();
        String cp = ChildClassPath.of(BeatWriter.class, org.ddstuner.dds.Domain.class);
        writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", cp, BeatWriter.class.getName(), Integer.toString(DOMAIN),
                "beat", TOPIC).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("READY", out.readLine());
        connection = ConnectionManager.get().open(ConnectionProfile.loopback("map health", DOMAIN));
        waitFor("the " + TOPIC + " writer", () -> writerOf(connection.model().snapshot(false)) != null);
        watcher = new HealthWatcher(connection, RuleSet.parse("{\"version\": 1, \"rules\": [{\"name\": \"beat-deadline\", "
                + "\"when\": \"deadline-missed\", \"topic\": \"" + TOPIC + "\", \"severity\": \"error\"}]}", "test rules"))
                .start();
        waitFor("a watch reader on " + TOPIC, () -> watcher.watchedTopics().contains(TOPIC));
        Thread.sleep(1000); // samples flow to the watch before the pause
        signal("STOP");
        waitFor("the deadline-missed problem", () -> watcher.active().stream()
                .anyMatch(e -> e.condition() == Condition.DEADLINE_MISSED && e.topic().equals(TOPIC)));
    }

    @AfterAll
    static void stop() throws Exception {
        if (writer != null) {
            signal("CONT");
            writer.getOutputStream().close();
            if (!writer.waitFor(5, TimeUnit.SECONDS)) {
                writer.destroyForcibly();
            }
        }
        if (watcher != null) {
            watcher.close();
        }
        if (connection != null) {
            ConnectionManager.get().close(connection);
        }
    }

    @Test
    void theWatchesDeadlineProblemColoursTheWritersEdge() {
        SystemSnapshot s = connection.model().snapshot(false);
        Endpoint w = writerOf(s);
        assertNotNull(w);
        List<HealthEvent> active = watcher.active();
        String edgeId = "P:" + w.participantGuid() + "->t:" + TOPIC;
        MapGraph plain = new MapBuilder().build(s);
        MapEdge before = plain.edge(edgeId);
        assertNotNull(before, "the writer's edge: " + plain.edges());
        assertTrue(before.state() != EdgeState.DEADLINE_MISSED, "without the watch's problems: " + before.state());
        MapGraph g = new MapBuilder().build(s, active, NameFilter.ALL);
        MapEdge e = g.edge(edgeId);
        assertEquals(EdgeState.DEADLINE_MISSED, e.state(), "active: " + active);
        String tip = MapTexts.tooltip(g, edgeId);
        assertTrue(tip.contains("deadline missed") && tip.contains("beat-deadline"), tip);
    }

    private static Endpoint writerOf(SystemSnapshot s) {
        return s.endpoints().stream().filter(e -> e.topicName().equals(TOPIC) && !e.isReader() && e.alive()).findFirst()
                .orElse(null);
    }

    private static void signal(String sig) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + sig, Long.toString(writer.pid())).start().waitFor());
    }

    private static void waitFor(String what, BooleanSupplier condition) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + TIMEOUT + " waiting for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
