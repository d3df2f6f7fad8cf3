package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16: {@code config new --scenario security --tool-subject DN} makes DDS Tuner's own configuration for a secured
 * domain with subscribe-only permissions signed by the domain's permissions CA. On a real secured domain (DDS Security,
 * files from {@code resources/security/make-domain.sh}) the tool with that file reads the demo's samples and cannot
 * write: Cyclone's access control refuses its writer.
 */
class ConfigToolPermissionsTest {

    private static final String DOMAIN = "131";

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void theToolsSubscribeOnlyFileReadsASecuredDomainAndCannotWrite() throws Exception {
        Path script = RepoLocator.repoRoot().resolve("tests/org.ddstuner.cli.tests/resources/security/make-domain.sh");
        Process make = new ProcessBuilder("bash", script.toString(), dir.toString(), "demo", "tool")
                .redirectErrorStream(true).start();
        String made = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(make.waitFor(60, TimeUnit.SECONDS) && make.exitValue() == 0, made);
        Path tool = dir.resolve("tool");
        Files.createDirectories(dir.resolve("ro"));
        Path p7s = dir.resolve("ro/permissions.p7s");
        Path xml = dir.resolve("tool.xml");
        Result r = CliTest.run("config", "new", "--scenario", "security", "--interface", "127.0.0.1", "--peer",
                "127.0.0.1", "--domain-id", DOMAIN, "--identity-ca", tool.resolve("identity_ca.pem").toString(),
                "--identity-certificate", tool.resolve("identity.pem").toString(), "--private-key",
                tool.resolve("identity_key.pem").toString(), "--permissions-ca",
                tool.resolve("permissions_ca.pem").toString(), "--governance", tool.resolve("governance.p7s").toString(),
                "--permissions", p7s.toString(), "--tool-subject", "CN=tool,O=DDS Tuner test,C=NL",
                "--permissions-ca-key", dir.resolve("ca/ca_key.pem").toString(), "--output", xml.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("checked: Cyclone 0.10.2 accepts it"), r.err());
        assertTrue(r.err().contains("subscribe-only permissions for CN=tool,O=DDS Tuner test,C=NL"), r.err());
        String permissions = Files.readString(dir.resolve("ro/permissions.xml"));
        assertTrue(permissions.contains("<subscribe>") && !permissions.contains("<publish>")
                && permissions.contains("<id>" + DOMAIN + "</id>"), permissions);
        assertTrue(Files.readString(p7s).contains("MIME-Version"), "signed (S/MIME)");
        assertTrue(Files.readString(xml).contains("<Permissions>file:" + p7s.toAbsolutePath() + "</Permissions>"),
                Files.readString(xml));

        try (CliProcess demo = CliProcess.start("demo", "--domain", DOMAIN, "--peer", "127.0.0.1", "--security",
                dir.resolve("demo").toString(), "--duration", "180")) {
            String line;
            do {
                line = demo.out.readLine();
            } while (line != null && !line.startsWith("READY"));
            assertNotNull(line, "the secured demo did not start: " + demo.stderr());

            Result read = CliTest.run("subscribe", "SensorReadings", "--domain", DOMAIN, "--config", xml.toString(),
                    "--count", "3", "--json", "--timeout", "60");
            assertEquals(0, read.code(), "the tool reads the secured domain: " + read.err());
            String[] samples = read.out().strip().split("\n");
            assertEquals(3, samples.length, read.out());
            assertTrue(StrictJson.parse(samples[0]).toString().contains("sensor_id"), samples[0]);

            Result write = CliTest.run("publish", "Commands", "--domain", DOMAIN, "--config", xml.toString(), "--json",
                    "{\"target\": \"pump\", \"code\": 7, \"setpoint\": 1.5}", "--wait", "20");
            assertNotEquals(0, write.code(), "the tool must not write: " + write.out() + write.err());
            assertFalse(write.out().contains("wrote"), write.out());
            System.out.println("publish refused: exit " + write.code() + ": " + write.err().strip());
        }
    }
}
