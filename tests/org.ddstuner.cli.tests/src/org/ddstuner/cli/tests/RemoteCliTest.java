package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code ddstuner serve} and {@code ddstuner demo} as processes on a loopback-only domain, read by {@code ls/ps
 * --remote} over TLS on 127.0.0.1: the same entities and topics as {@code ls --domain}; the agent's certificate pinned
 * on first use (its fingerprint printed) in a --known-agents file in a temporary folder, a changed one (the agent
 * restarted with a new identity) refused with exit 4 unless --trust-fingerprint; a wrong token refused with exit 4.
 */
class RemoteCliTest {

    private static final String DOMAIN = "121";
    private static final Pattern READY = Pattern.compile(
            "READY serving domain 121 on 127\\.0\\.0\\.1:(\\d+), fingerprint (SHA256:\\S+), token file (\\S+)");

    @TempDir
    Path dir;

    private CliProcess serve(String identity, String port) throws IOException {
        return CliProcess.start("serve", "--listen", "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                "--identity-dir", dir.resolve(identity).toString(), "--audit-log", dir.resolve("audit.log").toString(),
                "--domain", DOMAIN);
    }

    private String[] remote(String port, String command, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(command, "--remote", "127.0.0.1:" + port, "--token-file",
                dir.resolve("token").toString(), "--known-agents", dir.resolve("known-agents").toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * Alive participants (Blinker comes and goes, and a model that saw it go keeps it for a while) with their
     * endpoints, and topics with their types: what both sides must agree on.
     */
    private static Map<String, String> picture(String lsJson) {
        JsonNode root = StrictJson.parse(lsJson);
        Map<String, String> p = new TreeMap<>();
        for (JsonNode part : root.get("participants")) {
            if (part.get("alive").asBoolean() && !"Blinker".equals(part.get("name").asText())) {
                TreeSet<String> endpoints = new TreeSet<>();
                part.get("endpoints").forEach(e -> endpoints.add(e.asText()));
                p.put("P " + part.get("guid").asText(), part.get("name").asText() + " " + endpoints);
            }
        }
        for (JsonNode t : root.get("topics")) {
            p.put("T " + t.get("name").asText(), t.get("types").toString());
        }
        return p;
    }

    @Test
    void lsRemoteEqualsLsLocalAndTheAgentIsPinnedOnFirstUse() throws Exception {
        try (CliProcess demo = CliProcess.start("demo", "--domain", DOMAIN, "--duration", "120");
                CliProcess agent = serve("agent", "0")) {
            demo.awaitLine("READY");
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            String port = m.group(1);
            String fingerprint = m.group(2);
            Path token = dir.resolve("token");
            assertEquals(token.toAbsolutePath().toString(), m.group(3));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(token)),
                    "the token file is created mode 0600");

            CliTest.Result local = CliTest.run("ls", "--domain", DOMAIN, "--json", "--wait", "4");
            assertEquals(0, local.code(), local.err());
            CliTest.Result first = CliTest.run(remote(port, "ls", "--json", "--wait", "0"));
            assertEquals(0, first.code(), first.err());
            assertTrue(first.err().contains("pinned the certificate of the agent at 127.0.0.1:" + port + ", fingerprint "
                    + fingerprint), first.err());
            assertTrue(Files.readString(dir.resolve("known-agents")).contains(fingerprint));
            Map<String, String> expected = picture(local.out());
            assertEquals(LsJsonAssertions.ENDPOINTS.size(), expected.keySet().stream().filter(k -> k.startsWith("P "))
                    .count(), "the demo's steady participants, seen locally: " + expected);
            assertTrue(expected.keySet().stream().filter(k -> k.startsWith("T ")).count() >= 5, expected.toString());
            assertEquals(expected, picture(first.out()), "ls --remote shows what ls --domain shows");

            CliTest.Result again = CliTest.run(remote(port, "ps", "--json", "--wait", "0"));
            assertEquals(0, again.code(), again.err());
            assertFalse(again.err().contains("pinned"), "pinned once: " + again.err());
            for (String name : LsJsonAssertions.ENDPOINTS.keySet()) {
                assertTrue(again.out().contains("\"" + name + "\""), name + " in ps --remote: " + again.out());
            }
            assertTrue(Files.readString(dir.resolve("audit.log")).contains("ddstuner-cli"), "the agent audits logins");
        }
    }

    /** What pother-agents prints of an agent that does not change while the two commands run. */
    private static Map<String, String> agents(String json) {
        Map<String, String> m = new TreeMap<>();
        for (String line : json.strip().split("\n")) {
            JsonNode a = StrictJson.parse(line);
            m.put(a.get("app_id").asText(), String.join(" ", a.get("host").asText(), a.get("pid").asText(),
                    a.get("state").asText(), a.get("liveness").asText(), a.get("tests").asText(),
                    a.get("duplicate").asText()));
        }
        return m;
    }

    @Test
    void potherAgentsRemotePrintsWhatALocalRunPrints() throws Exception {
        try (CliProcess pother = CliProcess.start("pother", "--app-id", "17", "--domain", DOMAIN);
                CliProcess agent = serve("agent", "0")) {
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            CliTest.Result local = CliTest.run("pother-agents", "--domain", DOMAIN, "--json", "--wait", "4");
            assertEquals(0, local.code(), local.err() + local.out());
            CliTest.Result remote = CliTest.run(remote(m.group(1), "pother-agents", "--json", "--wait", "4"));
            assertEquals(0, remote.code(), remote.err() + remote.out());
            Map<String, String> expected = agents(local.out());
            assertTrue(expected.containsKey("17") && expected.get("17").contains(" live "), expected.toString());
            assertEquals(expected, agents(remote.out()), "pother-agents --remote prints what a local run does");

            CliTest.Result text = CliTest.run(remote(m.group(1), "pother-agents", "--wait", "0"));
            assertTrue(text.out().contains("app 17 on ") && text.out().contains(" pid " + pother.process.pid()),
                    text.out());
            CliTest.Result both = CliTest.run(remote(m.group(1), "pother-agents", "--domain", DOMAIN));
            assertEquals(2, both.code(), "--domain belongs to the agent: " + both.err());
        }
    }

    @Test
    void aWrongTokenAndAChangedFingerprintExitFour() throws Exception {
        String port;
        String oldPrint;
        try (CliProcess agent = serve("agent", "0")) {
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches());
            port = m.group(1);
            oldPrint = m.group(2);
            CliTest.Result ok = CliTest.run(remote(port, "ls", "--wait", "0"));
            assertEquals(0, ok.code(), ok.err());

            Path bad = dir.resolve("bad-token");
            Files.writeString(bad, "not-the-token\n");
            Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("rw-------"));
            CliTest.Result wrong = CliTest.run("ls", "--remote", "127.0.0.1:" + port, "--token-file", bad.toString(),
                    "--known-agents", dir.resolve("known-agents").toString(), "--wait", "0");
            assertEquals(4, wrong.code(), wrong.err() + wrong.out());
            assertTrue(wrong.err().startsWith("ddstuner: refused ("), wrong.err());
            assertTrue(wrong.out().isEmpty(), wrong.out());
            // SIGTERM (through the handle: Process.destroy would also close our end of its stdout)
            agent.process.toHandle().destroy();
            assertEquals("stopped", agent.awaitLine("stopped"), "serve closes the agent and the domain on SIGTERM");
            assertTrue(agent.process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS));
        }
        // the same address, another identity: a certificate that is not the pinned one
        try (CliProcess agent = serve("other-agent", port)) {
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            String newPrint = m.group(2);
            assertFalse(newPrint.equals(oldPrint));
            CliTest.Result changed = CliTest.run(remote(port, "ls", "--wait", "0"));
            assertEquals(4, changed.code(), changed.err() + changed.out());
            assertTrue(changed.err().contains("presents the certificate " + newPrint), changed.err());
            assertTrue(changed.err().contains("--trust-fingerprint " + newPrint), changed.err());
            assertTrue(changed.out().isEmpty(), changed.out());

            CliTest.Result trusted = CliTest.run(remote(port, "ls", "--wait", "0", "--trust-fingerprint", newPrint));
            assertEquals(0, trusted.code(), trusted.err());
            assertTrue(trusted.err().contains("fingerprint " + newPrint), trusted.err());
            CliTest.Result after = CliTest.run(remote(port, "ls", "--wait", "0"));
            assertEquals(0, after.code(), "the new fingerprint is pinned now: " + after.err());
        }
    }

    @Test
    void remoteOptionsAreCheckedBeforeConnecting() {
        CliTest.Result noToken = CliTest.run("ls", "--remote", "127.0.0.1:1");
        assertEquals(2, noToken.code());
        assertTrue(noToken.err().contains("--remote needs --token-file"), noToken.err());
        CliTest.Result badAddress = CliTest.run("ps", "--remote", "127.0.0.1", "--token-file", "x");
        assertEquals(2, badAddress.code());
        assertTrue(badAddress.err().contains("is not HOST:PORT"), badAddress.err());
        CliTest.Result both = CliTest.run("ls", "--remote", "127.0.0.1:1", "--domain", "3");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("--remote reads the agent's domain"), both.err());
        CliTest.Result sub = CliTest.run("subscribe", "T", "--remote", "127.0.0.1:1");
        assertEquals(2, sub.code());
        assertTrue(sub.err().contains("--remote needs --token-file"), sub.err());
        CliTest.Result subFilter = CliTest.run("subscribe", "T", "--remote", "127.0.0.1:1", "--filter", "x == 1");
        assertEquals(2, subFilter.code());
        assertTrue(subFilter.err().contains("subscribe --remote reads through the agent"), subFilter.err());
        CliTest.Result rateAlone = CliTest.run("subscribe", "T", "--max-rate", "5");
        assertEquals(2, rateAlone.code());
        assertTrue(rateAlone.err().contains("--max-rate and --queue go with --remote"), rateAlone.err());
        CliTest.Result listen = CliTest.run("serve", "--listen", "127.0.0.1:99999");
        assertEquals(2, listen.code());
        assertTrue(listen.err().contains("port 99999"), listen.err());
    }
}
