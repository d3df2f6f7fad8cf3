package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ddstuner config try FILE --against CURRENT}: a round trip on two local agent processes (children of the CLI,
 * itself a child JVM on the product's class path) under each configuration, both figures and the ratio printed, both
 * runs saved; a TCP file is refused with the reason.
 */
class ConfigTryCliTest {

    private static final Pattern RESULT = Pattern.compile(
            "RESULT step=64_B_p50 current=(\\d+\\.\\d+) new=(\\d+\\.\\d+) unit=µs ratio=(\\d+\\.\\d+)");

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void aRoundTripUnderTheCurrentAndTheNewConfiguration() throws Exception {
        Path current = dir.resolve("current.xml");
        Path candidate = dir.resolve("new.xml");
        assertEquals(0, CliTest.run("config", "new", "--scenario", "loopback-dev", "--no-check", "--output",
                current.toString()).code());
        Result made = CliTest.run("config", "new", "--scenario", "large-data", "--interface", "10.3.3.3", "--peer",
                "10.3.3.4", "--no-check", "--output", candidate.toString());
        assertEquals(0, made.code(), made.err());
        try (CliProcess p = CliProcess.start("config", "try", candidate.toString(), "--against", current.toString(),
                "--scenario", "rtt", "--step-seconds", "3", "--runs-dir", dir.resolve("runs").toString())) {
            String out = new String(p.process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.process.waitFor(300, TimeUnit.SECONDS), out + p.stderr());
            System.out.println(out);
            assertEquals(0, p.process.exitValue(), out + p.stderr());
            Matcher m = RESULT.matcher(out);
            assertTrue(m.find(), out);
            double a = Double.parseDouble(m.group(1));
            double b = Double.parseDouble(m.group(2));
            assertTrue(a > 0 && b > 0, out);
            assertEquals(b / a, Double.parseDouble(m.group(3)), 0.01, out);
            assertTrue(out.contains("# current: " + current) && out.contains("# new: " + candidate), out);
            assertTrue(p.stderr().contains("loopback copy") && p.stderr().contains("127.0.0.1"), p.stderr());
            try (var runs = Files.list(dir.resolve("runs"))) {
                assertEquals(2, runs.count(), "both runs saved");
            }
        }
        Result tcp = CliTest.run("config", "new", "--scenario", "tcp", "--peer", "10.3.3.4", "--no-check", "--output",
                dir.resolve("tcp.xml").toString());
        assertEquals(0, tcp.code(), tcp.err());
        Result refused = CliTest.run("config", "try", dir.resolve("tcp.xml").toString(), "--no-save");
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(refused.err().contains("Transport tcp"), refused.err());
    }
}
