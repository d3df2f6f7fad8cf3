package org.ddstuner.connection.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Real connections on loopback-only domains 150–153 (run inside the test namespace). */
class ConnectionManagerTest {

    private final ConnectionManager manager = ConnectionManager.get();

    @AfterEach
    void closeAll() {
        manager.closeAll();
    }

    static void waitFor(String what, Duration timeout, BooleanSupplier condition) {
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void demoConnectionShowsTheDemoSystemAndHidesOwnParticipant() {
        ConnectionProfile p = new ConnectionProfile("demo", 150, ConfigKind.LOOPBACK_ONLY, "", List.of(), true);
        Connection c = manager.open(p);
        assertTrue(c.hasDemo());
        waitFor("all demo topics", Duration.ofSeconds(10),
                () -> DemoSystem.TOPICS.stream().allMatch(t -> c.model().snapshot(false).topic(t).isPresent()));
        SystemSnapshot s = c.model().snapshot(false);
        List<String> names = s.participants().stream().map(Participant::name).toList();
        assertTrue(names.containsAll(List.of("SensorHub", "Dashboard", "Controller", "Actuator", "Logger")), names.toString());
        assertFalse(names.contains(Connection.OWN_PARTICIPANT_NAME), "own participant hidden by default: " + names);
        SystemSnapshot withOwn = c.model().snapshot(true);
        assertTrue(withOwn.participants().stream().anyMatch(x -> x.own() && Connection.OWN_PARTICIPANT_NAME.equals(x.name())));
        assertTrue(s.partitions().stream().anyMatch(x -> x.name().equals("sens*")), s.partitions().toString());
    }

    @Test
    void blinkerComesAndGoes() {
        Connection c = manager.open(new ConnectionProfile("demo", 151, ConfigKind.LOOPBACK_ONLY, "", List.of(), true));
        waitFor("Blinker alive", Duration.ofSeconds(10), () -> blinker(c, true));
        waitFor("Blinker marked gone", DemoSystem.BLINK_ON.plusSeconds(10), () -> blinker(c, false));
    }

    private static boolean blinker(Connection c, boolean alive) {
        return c.model().snapshot(false).participants().stream()
                .anyMatch(p -> "Blinker".equals(p.name()) && p.alive() == alive);
    }

    @Test
    void secondConnectionToSameDomainIsRefusedClearly() {
        manager.open(ConnectionProfile.loopback("first", 152));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> manager.open(ConnectionProfile.loopback("second", 152)));
        assertTrue(e.getMessage().contains("first"), e.getMessage());
    }

    @Test
    void listenersHearOpenAndCloseAndClosedConnectionIsClosed() {
        AtomicInteger changes = new AtomicInteger();
        Runnable l = changes::incrementAndGet;
        manager.addListener(l);
        try {
            Connection c = manager.open(ConnectionProfile.loopback("x", 153));
            assertEquals(1, manager.connections().size());
            manager.close(c);
            assertFalse(c.isOpen());
            assertTrue(manager.connections().isEmpty());
            assertEquals(2, changes.get());
            // the domain is free again
            manager.close(manager.open(ConnectionProfile.loopback("again", 153)));
        } finally {
            manager.removeListener(l);
        }
    }
}
