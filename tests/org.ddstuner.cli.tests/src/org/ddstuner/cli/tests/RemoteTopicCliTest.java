package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code typeof --remote} and {@code publish --remote} through {@code ddstuner serve} as processes, next to
 * {@code ddstuner demo} on a loopback-only domain: the type as the agent resolved it; a sample published through the
 * agent reaches a reader of the domain (a local {@code subscribe}); a bad field exits 2 naming it and writes nothing;
 * an agent without {@code --allow write} refuses with exit 4; the agent audits both.
 */
class RemoteTopicCliTest {

    private static final String DOMAIN = "123";
    private static final Pattern READY = Pattern.compile(
            "READY serving domain 123 on 127\\.0\\.0\\.1:(\\d+), fingerprint (SHA256:\\S+), token file (\\S+).*");

    @TempDir
    Path dir;

    private CliProcess serve(String identity, String... allow) throws IOException {
        List<String> args = new ArrayList<>(List.of("serve", "--listen", "127.0.0.1:0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve(identity).toString(), "--audit-log",
                dir.resolve(identity + "-audit.log").toString(), "--domain", DOMAIN));
        args.addAll(List.of(allow));
        return CliProcess.start(args.toArray(String[]::new));
    }

    private static String port(CliProcess agent) throws IOException {
        Matcher m = READY.matcher(agent.awaitLine("READY"));
        assertTrue(m.matches(), m.toString());
        return m.group(1);
    }

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(more));
        args.addAll(List.of("--remote", "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                "--known-agents", dir.resolve("known-agents").toString()));
        return args.toArray(String[]::new);
    }

    @Test
    void typeofAndPublishGoThroughTheAgent() throws Exception {
        try (CliProcess demo = CliProcess.start("demo", "--domain", DOMAIN, "--duration", "120");
                CliProcess agent = serve("agent", "--allow", "write");
                CliProcess sub = CliProcess.start("subscribe", "Commands", "--domain", DOMAIN, "--json", "--wait", "20", "--timeout",
                        "60")) {
            demo.awaitLine("READY");
            String port = port(agent);
            assertTrue(sub.awaitStderr("subscribed to 'Commands'", 30), sub.stderr());

            CliTest.Result type = CliTest.run(remote(port, "typeof", "Tracks"));
            assertEquals(0, type.code(), type.err());
            assertTrue(type.out().startsWith("// topic Tracks: type demo::Track (over the wire"), type.out());
            assertTrue(type.out().contains("resolved by the agent at 127.0.0.1:" + port), type.out());
            assertTrue(type.out().contains("struct Track") && type.out().contains("sequence<Position, 16> history"),
                    type.out());
            CliTest.Result json = CliTest.run(remote(port, "typeof", "Tracks", "--json"));
            assertEquals(0, json.code(), json.err());
            JsonNode j = StrictJson.parse(json.out());
            assertEquals("demo::Track", j.get("typeName").asText());
            assertTrue(j.get("idl").asText().contains("@optional double speed"), json.out());
            CliTest.Result none = CliTest.run(remote(port, "typeof", "NoSuchTopic"));
            assertEquals(1, none.code(), none.err());
            assertTrue(none.err().contains("(no-type)"), none.err());

            CliTest.Result bad = CliTest.run(remote(port, "publish", "Commands", "--json",
                    "[{\"target\":\"cli-bad\",\"code\":1,\"setpoint\":0},{\"target\":\"cli-bad\",\"code\":\"nope\","
                            + "\"setpoint\":0}]"));
            assertEquals(2, bad.code(), bad.err() + bad.out());
            assertTrue(bad.err().contains("(bad-value)") && bad.err().contains("$[1].code")
                    && bad.err().contains("nothing written"), bad.err());

            Thread.sleep(2000); // the local subscriber's reader is discovered by the agent
            CliTest.Result pub = CliTest.run(remote(port, "publish", "Commands", "--json",
                    "{\"target\":\"cli-remote\",\"code\":31,\"setpoint\":1.25}"));
            assertEquals(0, pub.code(), pub.err() + pub.out());
            assertTrue(pub.out().startsWith("publish: wrote 1 sample to topic 'Commands' through the agent at "),
                    pub.out());
            String line;
            long end = System.nanoTime() + 20_000_000_000L;
            boolean arrived = false;
            boolean badArrived = false;
            while (!arrived && System.nanoTime() < end && (line = sub.out.readLine()) != null) {
                arrived = line.contains("\"cli-remote\"") && line.contains("31");
                badArrived |= line.contains("cli-bad");
            }
            assertTrue(arrived, "the published sample did not reach the local subscriber; " + sub.stderr());
            assertTrue(!badArrived, "a sample of the refused publish arrived");

            List<String> audit = Files.readAllLines(dir.resolve("agent-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("bad-value")),
                    audit.toString());
            assertTrue(audit.stream().anyMatch(l -> l.contains("\"request\"") && l.contains("write-sample")),
                    audit.toString());
        }
    }

    @Test
    void anAgentWithoutWriteRefusesWithExitFour() throws Exception {
        try (CliProcess agent = serve("readonly")) {
            String port = port(agent);
            CliTest.Result r = CliTest.run(remote(port, "publish", "Commands", "--json",
                    "{\"target\":\"cli-remote\",\"code\":31,\"setpoint\":1.25}"));
            assertEquals(4, r.code(), r.err() + r.out());
            assertTrue(r.err().contains("(not-allowed)") && r.err().contains("--allow write"), r.err());
            CliTest.Result usage = CliTest.run(remote(port, "publish", "Commands", "--json", "{}", "--idl", "x.idl"));
            assertEquals(2, usage.code(), usage.err());
            List<String> audit = Files.readAllLines(dir.resolve("readonly-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")),
                    audit.toString());
        }
    }
}
