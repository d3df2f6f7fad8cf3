package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --client-ca F} and {@code ls --remote --client-cert P12 --client-cert-pass F} as processes on
 * loopback: a client whose certificate (made with keytool) the CA signed lists the model without a token file; one
 * another CA signed exits 4 saying {@code bad-certificate}, and the agent audits both.
 */
class RemoteClientCertCliTest {

    private static final Pattern READY = Pattern.compile("READY serving domain 126 on 127\\.0\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    private Path client(Keytool keytool, String cn, String ca) throws Exception {
        Path ks = dir.resolve(cn + ".p12");
        keytool.signedKey(ks, cn + "-pass", "client", "CN=" + cn, ca);
        Files.writeString(dir.resolve(cn + ".pass"), cn + "-pass\n");
        return ks;
    }

    private CliTest.Result ls(String at, String cn) {
        return CliTest.run("ls", "--remote", at, "--client-cert", dir.resolve(cn + ".p12").toString(),
                "--client-cert-pass", dir.resolve(cn + ".pass").toString(), "--known-agents",
                dir.resolve("known-agents").toString(), "--wait", "0");
    }

    @Test
    void aClientCertificateTheCaSignedLogsInWithoutTheToken() throws Exception {
        Keytool keytool = new Keytool(dir);
        Path caPem = keytool.ca("client-ca");
        keytool.ca("rogue-ca");
        client(keytool, "alice", "client-ca");
        client(keytool, "mallory", "rogue-ca");
        Path audit = dir.resolve("audit.log");
        try (CliProcess serve = CliProcess.start("serve", "--listen", "127.0.0.1:0", "--identity-dir",
                dir.resolve("agent").toString(), "--token-file", dir.resolve("token").toString(), "--client-ca",
                caPem.toString(), "--audit-log", audit.toString(), "--domain", "126")) {
            String line;
            do {
                line = serve.out.readLine();
            } while (line != null && !line.startsWith("READY"));
            assertNotNull(line, serve.stderr());
            Matcher m = READY.matcher(line);
            assertTrue(m.matches(), line);
            assertTrue(line.contains("client CAs " + caPem), line);
            String at = "127.0.0.1:" + m.group(1);

            CliTest.Result alice = ls(at, "alice");
            assertEquals(0, alice.code(), alice.err());

            CliTest.Result mallory = ls(at, "mallory");
            assertEquals(4, mallory.code(), mallory.err());
            assertTrue(mallory.err().contains("refused (bad-certificate)") && mallory.err().contains("CN=mallory"),
                    mallory.err());
            assertTrue(mallory.out().isEmpty(), mallory.out());

            assertEquals(2, CliTest.run("ls", "--remote", at, "--wait", "0").code(),
                    "neither a token file nor a client certificate: a usage error");
        }
        String log = Files.readString(audit);
        assertTrue(log.contains("by certificate CN=alice") && log.contains("bad-certificate"), log);
    }
}
