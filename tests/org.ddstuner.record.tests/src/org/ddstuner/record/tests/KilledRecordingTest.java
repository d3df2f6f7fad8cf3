package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.json.StrictJson;
import org.ddstuner.record.McapRepair;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording process SIGKILLed while a Cyclone 11 peer writes: the file keeps every chunk written before the kill
 * (at most the last second is lost), opens with the index rebuilt by scanning, and repairs into a complete copy
 * that the {@code mcap} package reads.
 */
class KilledRecordingTest extends LiveConnectionTest {

    private static final int DOMAIN = 62;

    @TempDir
    Path dir;

    @Test
    void aKilledRecordingKeepsWhatItHadAndIsReadable() throws Exception {
        String topic = "KillT_" + ProcessHandle.current().pid();
        closeAfterTest(Peers.start("record_peer", DOMAIN, "--mode", "write", "--topic", topic, "--count", "100000",
                "--period-ms", "2"));
        Path file = dir.resolve("killed.mcap");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), RecordChild.class.getName(), "" + DOMAIN,
                topic, file.toString()));
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        closeAfterTest(child::destroyForcibly);
        long written = 0;
        StringBuilder out = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            long end = System.nanoTime() + 60_000_000_000L;
            for (String line; (line = r.readLine()) != null && System.nanoTime() < end;) {
                out.append(line).append('\n');
                if (line.startsWith("written ")) {
                    written = Long.parseLong(line.substring(8).trim());
                    if (written >= 1500) {
                        break;
                    }
                }
            }
            assertTrue(written >= 1500, "the child recorded:\n" + out);
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no summary
            assertTrue(child.waitFor(10, TimeUnit.SECONDS));
        }
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
        byte[] asKilled = Files.readAllBytes(file);
        long kept;
        try (McapReader r = McapReader.open(file)) {
            assertTrue(r.recovered(), "no summary after a kill");
            assertTrue(String.join("\n", r.notes()).contains("the index was rebuilt by scanning"), r.notes().toString());
            kept = r.countMessages().values().stream().mapToLong(Long::longValue).sum();
            // a chunk is written out once it is a second old: at 500 samples/s at most ~500 (the open chunk) are
            // lost; more than "written" were recorded between its last report and the kill
            assertTrue(kept >= written - 600 && kept <= written + 1000, "kept " + kept + " of " + written);
            assertTrue(kept > 0);
            assertEquals(1, r.schemas().size());
            assertEquals(topic, r.channels().values().iterator().next().topic());
        }
        Path repaired = McapRepair.repairedPath(file);
        assertEquals(kept, McapRepair.repair(file, repaired));
        assertArrayEquals(asKilled, Files.readAllBytes(file), "repair leaves the original as it was");
        JsonNode py = PythonMcap.read(repaired);
        assertEquals(kept, py.get("message_count").asLong());
        assertEquals("tuner::Recorded", py.get("schemas").get(0).get("name").asText());
        StrictJson.write((Object) py.get("channels")); // well-formed
    }

    /** This fragment's host and test classes, the bundles they use, and Jackson: as the CLI's plain class path. */
    private static String classPath() throws Exception {
        ClassLoader l = Recorder.class.getClassLoader();
        List<Class<?>> cs = new ArrayList<>(List.of(RecordChild.class, Recorder.class, l.loadClass(
                "org.ddstuner.dds.Domain"), l.loadClass("org.ddstuner.system.SystemModel"), l.loadClass(
                        "org.ddstuner.types.TypeLibrary"), l.loadClass("org.ddstuner.connection.Connection"), l
                                .loadClass("org.ddstuner.samples.ReaderSession"), l.loadClass(
                                        "org.ddstuner.samples.ReaderSession").getClassLoader().loadClass(
                                                "org.ddstuner.demo.DemoSystem"), l.loadClass(
                                                "org.ddstuner.remote.internal.QosJson"), PeerProcess.class));
        cs.addAll(StrictJson.classPathRoots());
        return ChildClassPath.of(cs.toArray(Class<?>[]::new));
    }
}
