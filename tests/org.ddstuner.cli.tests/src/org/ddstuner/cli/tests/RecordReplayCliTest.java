package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ddstuner record} and {@code replay} against a foreign Cyclone DDS 11 Python application: the counts line,
 * a replay its own reader (partition "sensors", as recorded) matches, {@code --repair} of a cut copy, and bad
 * input — a file that is not MCAP, an existing output, a topic not recorded — refused with exit 2, files untouched.
 */
class RecordReplayCliTest {

    private static final int DOMAIN = 166;
    private static PeerProcess peer;

    @TempDir
    Path dir;

    @BeforeAll
    static void startPeer() {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        peer = Peers.startCyclonePeer(DOMAIN, "--period-ms", "50");
    }

    @AfterAll
    static void stopPeer() {
        if (peer != null) {
            peer.close();
        }
    }

    @Test
    void recordsPrintsCountsReplaysRepairsAndRefusesBadInput() throws Exception {
        Path f = dir.resolve("s.mcap");
        Result rec = CliTest.run("record", "--domain", "" + DOMAIN, "--wait", "10", "--topic", "SensorData",
                "--output", f.toString(), "--duration", "2");
        assertEquals(0, rec.code(), rec.err());
        Matcher m = Pattern.compile("received (\\d+), written (\\d+), dropped (\\d+)").matcher(rec.out());
        assertTrue(m.find(), rec.out());
        long written = Long.parseLong(m.group(2));
        assertTrue(written >= 20, rec.out()); // 3 sensors every 50 ms for 2 s
        assertEquals(Long.parseLong(m.group(1)), written + Long.parseLong(m.group(3)), rec.out());

        // the peer's own SensorData reader (partition "sensors") matches the replay's writer
        Result rep = CliTest.run("replay", f.toString(), "--domain", "" + DOMAIN, "--wait", "10", "--speed", "4");
        assertEquals(0, rep.code(), rep.err() + rep.out());
        assertTrue(rep.out().contains("written " + written + " "), rep.out());
        assertTrue(rep.err().contains("partitions=[sensors]"), rep.err());
        assertTrue(rep.out().contains("timing error p50"), rep.out());

        // the recorded QoS edited: --qos as qos set takes it
        Result edited = CliTest.run("replay", f.toString(), "--domain", "" + DOMAIN, "--wait", "10", "--speed", "0",
                "--qos", "history=keep_last,5");
        assertEquals(0, edited.code(), edited.err());
        assertTrue(edited.err().contains("history=KEEP_LAST(5)"), edited.err());
        Result badQos = CliTest.run("replay", f.toString(), "--domain", "" + DOMAIN, "--qos", "reliability=bogus");
        assertEquals(2, badQos.code(), badQos.err());
        assertTrue(badQos.err().contains("bad value for reliability"), badQos.err());

        // bad input: exit 2, nothing changed
        Result notThere = CliTest.run("replay", f.toString(), "--domain", "" + DOMAIN, "--topic", "Nope");
        assertEquals(2, notThere.code(), notThere.err());
        assertTrue(notThere.err().contains("topic 'Nope' is not in the recording"), notThere.err());
        Path foreign = dir.resolve("foreign.mcap");
        Files.writeString(foreign, "just text, not MCAP");
        Result bad = CliTest.run("replay", foreign.toString(), "--domain", "" + DOMAIN);
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("not an MCAP file") && bad.err().contains("byte offset 0"), bad.err());
        assertEquals("just text, not MCAP", Files.readString(foreign));
        byte[] before = Files.readAllBytes(f);
        Result exists = CliTest.run("record", "--domain", "" + DOMAIN, "--topic", "SensorData", "--output",
                f.toString(), "--duration", "1");
        assertEquals(2, exists.code(), exists.err());
        assertTrue(exists.err().contains("exists already: not overwritten"), exists.err());
        assertArrayEquals(before, Files.readAllBytes(f));

        // a cut copy (as a killed recording leaves it) repairs into a complete one
        Path cut = dir.resolve("cut.mcap");
        Files.write(cut, java.util.Arrays.copyOf(before, before.length - 200));
        Result repair = CliTest.run("record", "--repair", cut.toString());
        assertEquals(0, repair.code(), repair.err());
        assertTrue(Files.isRegularFile(dir.resolve("cut.repaired.mcap")), repair.out());
        assertTrue(repair.out().contains("repaired " + cut), repair.out());
        Result badRepair = CliTest.run("record", "--repair", foreign.toString());
        assertEquals(2, badRepair.code(), badRepair.err());
        assertTrue(badRepair.err().contains("byte offset 0"), badRepair.err());
    }
}
