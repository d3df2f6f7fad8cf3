package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ca-file}: {@code ddstuner serve} with a CA-signed certificate in its {@code agent.p12} (made with the JDK's
 * keytool, as an operator would) is trusted by {@code ls --remote --ca-file} without pinning; another CA is refused
 * with exit 4; {@code --ca-file} with {@code --trust-fingerprint} is a usage error.
 */
class RemoteCaCliTest {

    private static final Pattern READY = Pattern.compile("READY serving domain 125 on 127\\.0\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    @Test
    void anAgentTheCaSignedIsTrustedWithoutPinning() throws Exception {
        Keytool keytool = new Keytool(dir);
        Path caPem = keytool.ca("lab-ca");
        Path otherPem = keytool.ca("other-ca");
        Path agent = Files.createDirectories(dir.resolve("agent"));
        String ks = agent.resolve("agent.p12").toString();
        keytool.signedKey(Path.of(ks), "agent-pass", "ddstuner-agent", "CN=DDS Tuner agent lab", "lab-ca");
        Files.writeString(agent.resolve("agent.p12.pass"), "agent-pass\n");
        Path known = dir.resolve("known-agents");
        try (CliProcess serve = CliProcess.start("serve", "--listen", "127.0.0.1:0", "--identity-dir",
                agent.toString(), "--token-file", dir.resolve("token").toString(), "--domain", "125")) {
            String line;
            do {
                line = serve.out.readLine();
            } while (line != null && !line.startsWith("READY"));
            assertNotNull(line, serve.stderr());
            Matcher m = READY.matcher(line);
            assertTrue(m.matches(), line);
            String at = "127.0.0.1:" + m.group(1);
            List<String> common = List.of("--remote", at, "--token-file", dir.resolve("token").toString(),
                    "--known-agents", known.toString(), "--wait", "0");
            List<String> ok = new ArrayList<>(List.of("ls"));
            ok.addAll(common);
            ok.addAll(List.of("--ca-file", caPem.toString()));
            CliTest.Result trusted = CliTest.run(ok.toArray(String[]::new));
            assertEquals(0, trusted.code(), trusted.err());
            assertFalse(trusted.err().contains("pinned"), trusted.err());
            assertFalse(Files.exists(known), "nothing pinned");

            List<String> other = new ArrayList<>(List.of("ls"));
            other.addAll(common);
            other.addAll(List.of("--ca-file", otherPem.toString()));
            CliTest.Result refused = CliTest.run(other.toArray(String[]::new));
            assertEquals(4, refused.code(), refused.err());
            assertTrue(refused.err().contains("tls-failed") && refused.err().contains("which no CA in " + otherPem),
                    refused.err());

            List<String> both = new ArrayList<>(ok);
            both.addAll(List.of("--trust-fingerprint", "SHA256:" + "A".repeat(43)));
            assertEquals(2, CliTest.run(both.toArray(String[]::new)).code());
        }
    }
}
