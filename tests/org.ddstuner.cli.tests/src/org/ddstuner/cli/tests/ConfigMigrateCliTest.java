package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ddstuner config migrate}: an old file's moved names rewritten; libddsc 0.10.2 then checks it silently. */
class ConfigMigrateCliTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void migratedFileChecksWithoutWarnings() throws Exception {
        Path old = dir.resolve("old.xml");
        Files.writeString(old, """
                <!-- site A: keep -->
                <CycloneDDS>
                  <Domain><Id>any</Id></Domain>
                  <General>
                    <AllowMulticast>false</AllowMulticast> <!-- no multicast on this LAN -->
                    <Interfaces><NetworkInterface address="127.0.0.1"/></Interfaces>
                  </General>
                  <Internal><MaxMessageSize>14720 B</MaxMessageSize></Internal>
                </CycloneDDS>
                """);
        Result before = CliTest.run("config", "check", old.toString());
        assertEquals(0, before.code(), before.out() + before.err());
        assertTrue(before.out().contains("(warning)"), before.out());

        Path out = dir.resolve("new.xml");
        Result r = CliTest.run("config", "migrate", old.toString(), "--output", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains(old + ": //CycloneDDS/General → //CycloneDDS/Domain/General"), r.err());
        assertTrue(r.err().contains("//CycloneDDS/Domain/Internal/MaxMessageSize → //CycloneDDS/Domain/General/MaxMessageSize"),
                r.err());
        String xml = Files.readString(out);
        assertTrue(xml.startsWith("<!-- site A: keep -->\n<CycloneDDS>\n  <Domain Id=\"any\">"), xml);
        assertTrue(xml.contains("<!-- no multicast on this LAN -->"), xml);
        Result after = CliTest.run("config", "check", out.toString());
        assertEquals(0, after.code(), after.out() + after.err());
        assertEquals("", after.out(), xml);
        assertTrue(after.err().contains("valid for Cyclone 0.10.2"), after.err());

        Result stdout = CliTest.run("config", "migrate", out.toString(), "--library", "11");
        assertEquals(0, stdout.code(), stdout.err());
        assertEquals(xml, stdout.out());
        assertTrue(stdout.err().contains("nothing to migrate for Cyclone 11.0.1"), stdout.err());
        assertEquals(2, CliTest.run("config", "migrate", out.toString(), "--library", "0.9").code());
    }

    @Test
    void newWritesThroughputSettingsCycloneAccepts() throws Exception {
        Path f = dir.resolve("fast.xml");
        Result r = CliTest.run("config", "new", "--scenario", "loopback-dev", "--writer-history", "bulk", "--delivery",
                "async", "--whc-high", "8 MiB", "--output", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("checked: Cyclone 0.10.2 accepts it"), r.err());
        assertTrue(r.err().contains("Writer history: suspended at 8 MiB unacknowledged, resumed at 1 MiB"), r.err());
        String xml = Files.readString(f);
        assertTrue(xml.contains("<WhcHigh>8 MiB</WhcHigh>") && xml.contains("<WhcHighInit>8 MiB</WhcHighInit>")
                && xml.contains("<WhcAdaptive>false</WhcAdaptive>")
                && xml.contains("<SynchronousDeliveryPriorityThreshold>1</SynchronousDeliveryPriorityThreshold>"), xml);
        Result bad = CliTest.run("config", "new", "--scenario", "loopback-dev", "--delivery", "sometimes");
        assertEquals(2, bad.code(), bad.err());
        // WhcLow above WhcHigh: Cyclone's own refusal, nothing written
        Path refused = dir.resolve("refused.xml");
        Result no = CliTest.run("config", "new", "--scenario", "loopback-dev", "--whc-high", "64 kB", "--whc-low", "1 MiB",
                "--output", refused.toString());
        assertEquals(1, no.code(), no.err());
        assertTrue(no.err().contains("Invalid watermark settings"), no.err());
        assertTrue(!Files.exists(refused));
    }

    @Test
    void tlsKeystoreIsLoadedByCyclonesCheck() throws Exception {
        Result r = CliTest.run("config", "new", "--scenario", "tcp", "--interface", "127.0.0.1", "--peer", "127.0.0.1",
                "--tcp-port", "7410", "--tls-keystore", dir.resolve("missing.pem").toString(), "--tls-self-signed");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("failed to load certificate"), r.err());
        assertEquals(2, CliTest.run("config", "new", "--scenario", "unicast-peers", "--peer", "127.0.0.1",
                "--tls-keystore", "k.pem").code());
    }
}
