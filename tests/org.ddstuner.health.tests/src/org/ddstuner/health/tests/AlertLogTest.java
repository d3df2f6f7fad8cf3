package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.ddstuner.health.AlertLog;
import org.ddstuner.health.Condition;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Alerts history file: read back after a restart, bounded, compacted, a torn last line skipped. */
class AlertLogTest {

    @TempDir
    Path dir;

    private static HealthEvent event(int i, HealthEvent.Kind kind) {
        Instant t = Instant.parse("2026-12-01T10:00:00Z").plusSeconds(i);
        return new HealthEvent(kind, "rule-" + i, Condition.DEADLINE_MISSED, Severity.ERROR, "T" + i,
                i % 2 == 0 ? null : "0110.aa.bb", "peer \"x\"", t, t.minusSeconds(1), "detail " + i);
    }

    @Test
    void survivesARestartBoundedAndCompacted() throws Exception {
        Path f = dir.resolve("state/alerts.jsonl");
        AlertLog log = new AlertLog(f, 3);
        for (int i = 0; i < 8; i++) {
            log.add("demo", event(i, i % 2 == 0 ? HealthEvent.Kind.FIRED : HealthEvent.Kind.CLEARED));
        }
        assertEquals(3, log.entries().size());
        assertEquals(event(7, HealthEvent.Kind.CLEARED), log.entries().get(2).event());
        assertEquals(true, Files.readAllLines(f).size() <= 6, "compacted at twice the capacity");
        Files.writeString(f, Files.readString(f) + "{\"connection\": \"demo\", \"ev", java.nio.file.StandardOpenOption.APPEND);
        AlertLog again = new AlertLog(f, 3);
        assertEquals(log.entries(), again.entries());
        assertEquals(1, again.unreadable());
        again.clear();
        assertEquals(0, new AlertLog(f, 3).entries().size());
    }
}
