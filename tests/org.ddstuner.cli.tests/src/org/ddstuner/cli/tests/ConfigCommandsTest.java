package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ddstuner config new | check | explain} end to end, Cyclone's verdict from libddsc 0.10.2. */
class ConfigCommandsTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void newWritesACheckedFileAndCheckAcceptsIt() throws Exception {
        Path f = dir.resolve("node.xml");
        Result r = CliTest.run("config", "new", "--scenario", "unicast-peers", "--interface", "127.0.0.1", "--peer",
                "127.0.0.1", "--peer", "127.0.0.2", "--processes", "4", "--monitor-port", "0", "--output", f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("export CYCLONEDDS_URI=file://" + f.toAbsolutePath() + "\n", r.out());
        assertTrue(r.err().contains("checked: Cyclone 0.10.2 accepts it"), r.err());
        assertTrue(r.err().contains("without authentication"), r.err());
        String xml = Files.readString(f);
        assertTrue(xml.contains("<MaxAutoParticipantIndex>3</MaxAutoParticipantIndex>"), xml);
        assertTrue(xml.contains("<Peer address=\"127.0.0.2\"/>"), xml);
        Result check = CliTest.run("config", "check", f.toString());
        assertEquals(0, check.code(), check.out() + check.err());
        assertTrue(check.err().contains("valid for Cyclone 0.10.2"), check.err());
    }

    @Test
    void checkPrintsFileLineElementMessageAndExitCodes() throws Exception {
        Path f = dir.resolve("bad.xml");
        Files.writeString(f, """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain Id="any">
                    <General>
                      <Interfaces><NetworkInterface name="enp9s0" address="192.168.77.5"/></Interfaces>
                      <MaxMessageSize>lots</MaxMessageSize>
                    </General>
                  </Domain>
                </CycloneDDS>
                """);
        Result r = CliTest.run("config", "check", f.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains(f + ":5: //CycloneDDS/Domain/General/MaxMessageSize"), r.out());
        assertTrue(r.out().contains(f + ":4: //CycloneDDS/Domain/General/Interfaces/NetworkInterface: this host has no "
                + "interface named enp9s0"), r.out());
        assertTrue(r.out().contains("(this host)"), r.out());
        Result json = CliTest.run("config", "check", f.toString(), "--json");
        assertEquals(1, json.code());
        Map<String, Object> m = StrictJson.parseMap(json.out());
        assertEquals(false, m.get("valid"));
        assertEquals("0.10.2", m.get("library"));
        assertTrue(json.out().contains("\"kind\":\"rejected\"") && json.out().contains("\"kind\":\"interface_missing\""),
                json.out());
        Files.writeString(f, "<CycloneDDS><Domain>");
        Result malformed = CliTest.run("config", "check", f.toString());
        assertEquals(1, malformed.code());
        assertTrue(malformed.out().startsWith(f + ":1: (XML): not well-formed XML"), malformed.out());
        Result missing = CliTest.run("config", "check", dir.resolve("nope.xml").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("cannot read"), missing.err());
    }

    @Test
    void aDeploymentIsOneCheckedFilePerNodeWithTheOthersAsPeers() throws Exception {
        Path out = dir.resolve("deployment");
        Result r = CliTest.run("config", "new", "--scenario", "unicast-peers", "--node", "a=127.0.0.1", "--node",
                "b=10.9.0.2", "--node", "c=10.9.0.3", "--processes", "3", "--output-dir", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("a: export CYCLONEDDS_URI=file://" + out.resolve("a.xml").toAbsolutePath() + "\n"
                + "b: export CYCLONEDDS_URI=file://" + out.resolve("b.xml").toAbsolutePath() + "\n"
                + "c: export CYCLONEDDS_URI=file://" + out.resolve("c.xml").toAbsolutePath() + "\n", r.out());
        String b = Files.readString(out.resolve("b.xml"));
        assertTrue(b.contains("<NetworkInterface address=\"10.9.0.2\"/>") && b.contains("<Peer address=\"127.0.0.1\"/>")
                && b.contains("<Peer address=\"10.9.0.3\"/>") && !b.contains("<Peer address=\"10.9.0.2\"/>"), b);
        // nodes b and c are other machines: this host lacks their interfaces, which is no error
        assertTrue(r.err().contains("(this host; node b)") && r.err().contains("(this host; node c)"), r.err());
        assertFalse(r.err().contains("(this host; node a)"), r.err());
    }

    @Test
    void newRefusesWhatItCannotWrite() {
        Result none = CliTest.run("config", "new", "--scenario", "unicast-peers");
        assertEquals(2, none.code());
        assertTrue(none.err().contains("needs at least one --peer"), none.err());
        Result unknown = CliTest.run("config", "new", "--scenario", "carrier-pigeon");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("loopback-dev, unicast-peers"), unknown.err());
        Path out = dir.resolve("ttl.xml");
        Result bad = CliTest.run("config", "new", "--scenario", "multicast-lan", "--multicast-ttl", "300", "--output",
                out.toString());
        assertEquals(1, bad.code(), bad.err());
        assertTrue(bad.err().contains("MulticastTimeToLive") && bad.err().contains("nothing written"), bad.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void largeDataPrintsSysctlLinesAndXmlOnStdout() {
        Result r = CliTest.run("config", "new", "--scenario", "large-data", "--peer", "127.0.0.1", "--interface", "127.0.0.1",
                "--socket-buffer", "1073741824");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("<CycloneDDS"), r.out());
        assertTrue(r.err().contains("sudo sysctl -w net.core.rmem_max=1073741824"), r.err());
        assertTrue(r.err().contains("sudo sysctl -w net.core.wmem_max=1073741824"), r.err());
    }

    @Test
    void explainGivesBothLibraryLines() {
        Result r = CliTest.run("config", "explain", "Discovery/MaxAutoParticipantIndex");
        assertEquals(0, r.code(), r.err());
        int v010 = r.out().indexOf("== Cyclone 0.10.x");
        int v11 = r.out().indexOf("== Cyclone 11.x");
        assertTrue(v010 >= 0 && v11 > v010, r.out());
        assertTrue(r.out().substring(v010, v11).contains("default:  9"), r.out());
        assertTrue(r.out().substring(v11).contains("default:  99"), r.out());
        Result size = CliTest.run("config", "explain", "//CycloneDDS/Domain/General/FragmentSize");
        assertTrue(size.out().contains("unit:     memsize") && size.out().contains("range:    0 B … 65535 B"), size.out());
        Result moved = CliTest.run("config", "explain", "CycloneDDS/General/MaxMessageSize");
        assertEquals(0, moved.code());
        assertTrue(moved.out().contains("moved: write it as //CycloneDDS/Domain/General/MaxMessageSize"), moved.out());
        Result shm = CliTest.run("config", "explain", "SharedMemory/Enable");
        assertTrue(shm.out().substring(shm.out().indexOf("== Cyclone 11.x")).contains("DEPRECATED"), shm.out());
        Result none = CliTest.run("config", "explain", "Domain/Frobnicate");
        assertEquals(1, none.code());
    }
}
