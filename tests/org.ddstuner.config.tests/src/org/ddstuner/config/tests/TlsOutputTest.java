package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.config.scenario.Tls;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS over the tcp scenario: Debian's libddsc 0.10.2 is built with SSL and loads the keystore when it creates the
 * domain, so a real self-signed PEM is accepted and a missing one refused in Cyclone's words.
 */
class TlsOutputTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    private static ScenarioOptions tcp(Tls tls) {
        return new ScenarioOptions("any", "127.0.0.1", List.of("127.0.0.1"), 10, null, null, null, null, null, 0, 7410, null,
                null, null, null, null, tls);
    }

    @Test
    void selfSignedKeystoreAcceptedMissingOneRefused() throws Exception {
        Path key = dir.resolve("key.pem");
        Path cert = dir.resolve("cert.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=node-a", "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl req");
        Path keystore = dir.resolve("node-a.pem");
        Files.writeString(keystore, Files.readString(cert) + Files.readString(key));

        GeneratedConfig g = ScenarioWriter.write(Scenario.TCP, tcp(new Tls(keystore.toString(), null, true, true)));
        String xml = g.xml();
        assertTrue(xml.contains("<Enable>true</Enable>") && xml.contains("<KeystoreFile>" + keystore + "</KeystoreFile>")
                && xml.contains("<MinimumTLSVersion>1.3</MinimumTLSVersion>"), xml);
        CheckReport ok = ConfigChecker.withDefaultLibrary().check(xml, "tls.xml");
        assertEquals("0.10.2", ok.libraryVersion());
        assertTrue(ok.valid() && ok.problems().isEmpty(), ok.problems() + "\n" + xml);

        String missing = ScenarioWriter.write(Scenario.TCP, tcp(new Tls(dir.resolve("nope.pem").toString(), null, true,
                true))).xml();
        CheckReport no = ConfigChecker.withDefaultLibrary().check(missing, "tls-missing.xml");
        assertFalse(no.valid(), no.problems().toString());
        assertTrue(no.problems().toString().contains("failed to load certificate"), no.problems().toString());

        assertThrows(IllegalArgumentException.class, () -> ScenarioWriter.write(Scenario.UNICAST_PEERS,
                tcp(new Tls(keystore.toString(), null, false, true))));
    }
}
