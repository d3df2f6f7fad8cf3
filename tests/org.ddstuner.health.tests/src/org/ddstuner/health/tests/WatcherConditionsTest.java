package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.connection.Connection;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatcher;
import org.ddstuner.health.RuleSet;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;

/**
 * The conditions that come from the writers' set rather than from a pause, on {@link HealthWatcher} in this JVM with
 * real writers in other processes: two versions of a type that cannot read each other (Cyclone 11 Python peers),
 * writers whose ownership no single reader can match, a writer slower than the floor and then gone.
 */
class WatcherConditionsTest extends LiveConnectionTest {

    private final List<HealthEvent> events = new CopyOnWriteArrayList<>();
    private final List<String> notes = new CopyOnWriteArrayList<>();

    private HealthWatcher watch(Connection c, String rules) throws Exception {
        HealthWatcher w = closeAfterTest(new HealthWatcher(c, RuleSet.parse(rules, "test")));
        w.addListener(events::add);
        w.addNoteListener(notes::add);
        return w.start();
    }

    private HealthEvent await(String rule, HealthEvent.Kind kind, double seconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            for (HealthEvent e : events) {
                if (e.rule().equals(rule) && e.kind() == kind) {
                    return e;
                }
            }
            Thread.sleep(50);
        }
        return null;
    }

    @Test
    void typeVersionsThatCannotReadEachOtherAreATypeMismatch() throws Exception {
        Peers.requireAvailable();
        closeAfterTest(Peers.start("version_peer", 67, "--version", "1"));
        closeAfterTest(Peers.start("version_peer", 67, "--version", "3"));
        Connection c = connect(67);
        watch(c, """
                {"rules": [{"name": "types", "when": "type-mismatch", "topic": "Readings", "severity": "error"},
                           {"name": "qos", "when": "incompatible-qos", "topic": "Readings"}]}""");
        HealthEvent fired = await("types", HealthEvent.Kind.FIRED, 20);
        assertNotNull(fired, events + " " + notes);
        assertTrue(fired.detail().contains("TYPE_CONSISTENCY") || fired.detail().contains("DATA_REPRESENTATION"),
                fired.detail());
        assertTrue(events.stream().noneMatch(e -> e.rule().equals("qos")), "a type is not a QoS problem: " + events);
    }

    @Test
    void ownershipNoReaderCanMatchIsIncompatibleQos() throws Exception {
        closeAfterTest(Processes.writer(68, "beat", "HealthOwned"));
        closeAfterTest(Processes.writer(68, "exclusive", "HealthOwned"));
        Connection c = connect(68);
        watch(c, """
                {"rules": [{"name": "owned", "when": "incompatible-qos", "topic": "HealthOwned", "severity": "error"}]}""");
        HealthEvent fired = await("owned", HealthEvent.Kind.FIRED, 20);
        assertNotNull(fired, events + " " + notes);
        assertTrue(fired.detail().equals("1 of 2 writer(s) not matched: incompatible OWNERSHIP"), fired.detail());
    }

    @Test
    void slowWriterIsBelowTheFloorThenGone() throws Exception {
        Processes.Child writer = closeAfterTest(Processes.writer(69, "beat", "HealthRate"));
        Connection c = connect(69);
        watch(c, """
                {"rules": [{"name": "floor", "when": "rate-below", "topic": "HealthRate", "threshold": 50, "window": 1},
                           {"name": "fast-enough", "when": "rate-below", "topic": "HealthRate", "threshold": 5, "window": 1},
                           {"name": "gone", "when": "no-writers", "topic": "HealthRate", "severity": "error"}]}""");
        HealthEvent floor = await("floor", HealthEvent.Kind.FIRED, 20);
        assertNotNull(floor, events + " " + notes);
        assertTrue(floor.detail().matches("\\d+\\.\\d samples/s over the last 1 s, below 50"), floor.detail());
        assertTrue(events.stream().noneMatch(e -> e.rule().equals("fast-enough")), "20 samples/s is above 5: " + events);
        assertTrue(events.stream().noneMatch(e -> e.rule().equals("gone")), events.toString());
        writer.process.getOutputStream().close(); // the writer deletes its entities and exits
        HealthEvent gone = await("gone", HealthEvent.Kind.FIRED, 15);
        assertNotNull(gone, events + " " + notes);
        assertNotNull(await("floor", HealthEvent.Kind.CLEARED, 5), "no writer: the floor is no-writers' business " + events);
    }
}
