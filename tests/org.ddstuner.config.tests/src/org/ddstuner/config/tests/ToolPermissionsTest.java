package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.config.check.ConfigOutline;
import org.ddstuner.config.scenario.ToolPermissions;
import org.junit.jupiter.api.Test;

/** The tool's subscribe-only permissions: well-formed, no publish rule, and signable/verifiable with openssl. */
class ToolPermissionsTest {

    @Test
    void subscribeOnlyAndSignedByAPermissionsCa() throws Exception {
        String xml = ToolPermissions.xml("CN=ddstuner,O=Example", List.of(0, 7), LocalDate.of(2026, 1, 1),
                LocalDate.of(2027, 1, 1));
        ConfigOutline o = ConfigOutline.parse(xml);
        assertTrue(o.nodes().stream().anyMatch(n -> n.name().equals("subscribe")));
        assertFalse(o.nodes().stream().anyMatch(n -> n.name().equals("publish")), xml);
        assertEquals(List.of("0", "7"), o.nodes().stream().filter(n -> n.name().equals("id")).map(ConfigOutline.Node::text)
                .toList());
        assertEquals("DENY", o.nodes().stream().filter(n -> n.name().equals("default")).findFirst().orElseThrow().text());
        // a throw-away permissions CA signs it as the printed command says; openssl verifies the signature
        Path dir = Files.createTempDirectory("perm");
        run(dir, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
                "-days", "2", "-subj", "/CN=Permissions CA");
        Files.writeString(dir.resolve("permissions.xml"), xml);
        List<String> sign = new ArrayList<>(List.of(
                ToolPermissions.signCommand("permissions.xml", "permissions.p7s", "ca.pem", "ca.key").split(" ")));
        run(dir, sign.toArray(String[]::new));
        String verified = run(dir, "openssl", "smime", "-verify", "-in", "permissions.p7s", "-CAfile", "ca.pem");
        assertTrue(verified.contains("<subject_name>CN=ddstuner,O=Example</subject_name>"), verified);
    }

    private static String run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
