package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.health.Severity;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.health.WatchStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The desktop's watches kept per connection profile: read back as written, a broken file left alone. */
class WatchStoreTest {

    @TempDir
    Path dir;

    @Test
    void watchesReadBackPerProfile() {
        Path f = dir.resolve("state/watches.json");
        WatchStore s = new WatchStore(f);
        WatchRequest topic = WatchRequest.topic("SensorData", 50.0, 2.5, Severity.ERROR);
        WatchRequest writes = new WatchRequest(WatchRequest.Scope.WRITES, "robot_*", List.of(), null, null, null);
        WatchRequest reads = new WatchRequest(WatchRequest.Scope.READS, "robot_1", List.of("Cmd", "Status"), null, 3.0,
                Severity.INFO, "header.seq");
        s.put("Lab", List.of(topic, writes));
        s.put("Rig \"2\"", List.of(reads));
        WatchStore again = new WatchStore(f);
        assertEquals(List.of(topic, writes), again.of("Lab"));
        assertEquals(List.of(reads), again.of("Rig \"2\""));
        assertEquals(List.of(), again.of("Elsewhere"));
        assertNull(again.unreadable());
        again.put("Lab", List.of());
        assertEquals(List.of(), new WatchStore(f).of("Lab"), "an empty list forgets the profile");
        assertEquals(List.of(reads), new WatchStore(f).of("Rig \"2\""));
    }

    @Test
    void aBrokenFileCountsAsEmptyAndIsLeftAlone() throws Exception {
        Path f = dir.resolve("watches.json");
        Files.writeString(f, "{\"profiles\": {\"Lab\": [");
        WatchStore s = new WatchStore(f);
        assertEquals(List.of(), s.of("Lab"));
        assertTrue(s.unreadable() != null && s.unreadable().startsWith(f.toString()), s.unreadable());
        assertEquals("{\"profiles\": {\"Lab\": [", Files.readString(f));
    }
}
