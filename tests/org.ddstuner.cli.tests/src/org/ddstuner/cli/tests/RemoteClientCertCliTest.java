package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
        assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    }

    private Path ca(String name) throws Exception {
        String ks = dir.resolve(name + ".p12").toString();
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-ext", "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass", "ca-pass");
        Path pem = dir.resolve(name + ".pem");
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ks, "-storepass", "ca-pass", "-file",
                pem.toString());
        return pem;
    }

    private Path client(String cn, String ca) throws Exception {
        String ks = dir.resolve(cn + ".p12").toString();
        keytool("-genkeypair", "-alias", "client", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + cn,
                "-validity", "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass", cn + "-pass");
        keytool("-certreq", "-alias", "client", "-keystore", ks, "-storepass", cn + "-pass", "-file",
                dir.resolve(cn + ".csr").toString());
        keytool("-gencert", "-alias", "ca", "-keystore", dir.resolve(ca + ".p12").toString(), "-storepass", "ca-pass",
                "-infile", dir.resolve(cn + ".csr").toString(), "-outfile", dir.resolve(cn + ".crt").toString(),
                "-rfc");
        keytool("-importcert", "-noprompt", "-alias", "ca", "-keystore", ks, "-storepass", cn + "-pass", "-file",
                dir.resolve(ca + ".pem").toString());
        keytool("-importcert", "-alias", "client", "-keystore", ks, "-storepass", cn + "-pass", "-file",
                dir.resolve(cn + ".crt").toString());
        Files.writeString(dir.resolve(cn + ".pass"), cn + "-pass\n");
        return Path.of(ks);
    }

    private CliTest.Result ls(String at, String cn) {
        return CliTest.run("ls", "--remote", at, "--client-cert", dir.resolve(cn + ".p12").toString(),
                "--client-cert-pass", dir.resolve(cn + ".pass").toString(), "--known-agents",
                dir.resolve("known-agents").toString(), "--wait", "0");
    }

    @Test
    void aClientCertificateTheCaSignedLogsInWithoutTheToken() throws Exception {
        Path caPem = ca("client-ca");
        ca("rogue-ca");
        client("alice", "client-ca");
        client("mallory", "rogue-ca");
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
