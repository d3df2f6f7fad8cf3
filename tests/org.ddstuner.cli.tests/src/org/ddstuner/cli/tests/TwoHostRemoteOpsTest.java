package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's operations across a real link (issue 15, way 2): the demo, {@code ddstuner serve --allow write} and a
 * {@code subscribe} run in namespace A; this JVM (namespace B, joined only by a veth pair, {@link TwoHosts}) asks
 * {@code typeof --remote} and {@code publish --remote}: the type the agent learned over the wire from the demo's
 * process, and a sample that reaches the reader in A. B never joins A's domain.
 */
class TwoHostRemoteOpsTest {

    private static final String DOMAIN = "127";
    private static final Pattern READY = Pattern.compile("READY serving domain 127 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(more));
        args.addAll(List.of("--remote", TwoHosts.A_ADDRESS + ":" + port, "--token-file", dir.resolve("token")
                .toString(), "--known-agents", dir.resolve("known-agents").toString()));
        return args.toArray(String[]::new);
    }

    @Test
    void typeofAndPublishFromTheOtherHost() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", DOMAIN, "--duration", "180");
                CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                        "--token-file", dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent")
                                .toString(), "--audit-log", dir.resolve("audit.log").toString(), "--allow", "write",
                        "--domain", DOMAIN);
                CliProcess sub = CliProcess.startIn(hosts.a(), "subscribe", "Commands", "--domain", DOMAIN, "--json",
                        "--wait", "30", "--timeout", "90")) {
            demo.awaitLine("READY");
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            String port = m.group(1);
            assertTrue(sub.awaitStderr("subscribed to 'Commands'", 40), sub.stderr());

            CliTest.Result type = CliTest.run(remote(port, "typeof", "Tracks"));
            assertEquals(0, type.code(), type.err());
            assertTrue(type.out().startsWith("// topic Tracks: type demo::Track (over the wire"), type.out());
            assertTrue(type.out().contains("resolved by the agent at " + TwoHosts.A_ADDRESS + ":" + port), type.out());

            Thread.sleep(2000); // the subscriber's reader is discovered by the agent
            CliTest.Result pub = CliTest.run(remote(port, "publish", "Commands", "--json",
                    "{\"target\":\"from-host-b\",\"code\":27,\"setpoint\":0.5}"));
            assertEquals(0, pub.code(), pub.err() + pub.out());
            String line;
            boolean arrived = false;
            long end = System.nanoTime() + 20_000_000_000L;
            while (!arrived && System.nanoTime() < end && (line = sub.out.readLine()) != null) {
                arrived = line.contains("\"from-host-b\"");
            }
            assertTrue(arrived, "the sample published from B did not reach the reader in A; " + sub.stderr());
            assertTrue(Files.readString(dir.resolve("audit.log")).contains("write-sample"), "audited");
        }
    }
}
