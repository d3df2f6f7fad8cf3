package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Qos;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --peer and --config values that cannot work are usage errors (exit 2) that say why, before anything joins a
 * domain: Cyclone itself only logs "unknown address" and carries on, which gave an empty result and exit 0.
 * A good --peer finds a participant on loopback. Domain 97.
 */
class CliPeerAndConfigOptionTest {

    private static final String DOMAIN = "97";

    @Test
    void badPeersAreUsageErrorsThatSayWhy() {
        Map<String, String> cases = Map.of(
                "999.1.1.1", "not an IPv4 address (four numbers 0 to 255).",
                "1.2.3", "not an IPv4 address (four numbers 0 to 255).",
                "not an address", "not an address, host name or host:port.",
                "<evil/>", "not an address, host name or host:port.",
                "127.0.0.1:70000", "the port must be 1 to 65535.",
                "[::1]", "IPv6 peers need an IPv6 configuration (--config FILE with <Transport>udp6</Transport>).",
                "no-such-host.invalid", "unknown host.");
        cases.forEach((peer, why) -> {
            Result r = CliTest.run("ls", "--domain", DOMAIN, "--wait", "0", "--peer", peer);
            assertEquals(2, r.code(), peer + ": " + r.err());
            assertEquals("ddstuner: --peer \"" + peer + "\": " + why, r.err().strip(), peer);
            assertEquals("", r.out(), peer);
        });
    }

    @Test
    void goodPeerFindsAParticipant() {
        try (Domain d = Domain.create(97, CycloneConfig.loopbackOnly())) {
            d.createParticipant(Qos.EMPTY.withEntityName("peer-target"));
            // another process: this JVM has domain 97 open with the loopback configuration already
            try (CliProcess cli = CliProcess.start("ps", "--domain", DOMAIN, "--peer", "127.0.0.1", "--peer",
                    "localhost", "--wait", "5", "--expect-participant", "peer-target")) {
                String out = new String(cli.process.getInputStream().readAllBytes());
                assertEquals(0, cli.process.waitFor(), cli.stderr() + out);
                assertEquals(true, out.contains("peer-target"), out);
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void configThatIsNoFileIsAUsageError(@TempDir Path dir) {
        Result empty = CliTest.run("ls", "--domain", DOMAIN, "--wait", "0", "--config", "");
        assertEquals(2, empty.code(), empty.err());
        assertEquals("ddstuner: --config needs loopback, default or a file, not \"\".", empty.err().strip());
        Result folder = CliTest.run("ls", "--domain", DOMAIN, "--wait", "0", "--config", dir.toString());
        assertEquals(2, folder.code(), folder.err());
        assertEquals("ddstuner: --config needs loopback, default or a file; \"" + dir + "\" is a directory.",
                folder.err().strip());
    }
}
