package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.junit.jupiter.api.Test;

/**
 * An agent in a separate JVM, started the way the product's start script starts the CLI ({@code java -cp
 * <the headless jars> org.ddstuner.cli.Main pother --app-id 5}), driven from this JVM over loopback-only
 * domain 224 against an in-process transponder agent.
 */
class AgentProcessTest {

    private static final int DOMAIN = 224;
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The folder or jar each class was loaded from (Equinox gives a bundle's location as its code source). */
    static String classPath(Class<?>... classes) throws URISyntaxException {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : classes) {
            var src = c.getProtectionDomain().getCodeSource();
            assertNotNull(src, "no code source for " + c.getName());
            Path p = Path.of(src.getLocation().toURI());
            assertTrue(Files.exists(p), "code source of " + c.getName() + " exists: " + p);
            entries.add(p.toString());
            Path classes2 = p.resolve("target/classes"); // a bundle folder in a workspace-style runtime
            if (Files.isDirectory(p) && Files.isDirectory(classes2)) {
                entries.add(classes2.toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    @Test
    void anAgentProcessStartedByTheCliRunsATransceiverDefinedOverDds() throws Exception {
        ClassLoader cli = org.ddstuner.cli.Main.class.getClassLoader();
        String cp = classPath(org.ddstuner.cli.Main.class, org.ddstuner.dds.Domain.class, Agent.class,
                cli.loadClass("org.ddstuner.connection.ConnectionProfile"), cli.loadClass("org.ddstuner.system.SystemModel"),
                cli.loadClass("org.ddstuner.demo.DemoSystem"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", cp, "org.ddstuner.cli.Main", "pother",
                "--app-id", "5", "--group-id", "proc", "--domain", "" + DOMAIN, "--config", "loopback");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(1);
        Thread pump = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (output) {
                        output.add(line);
                    }
                    if (line.startsWith("READY pother agent app-id 5")) {
                        ready.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                // the process ended
            }
        });
        ReportLog log = new ReportLog();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                Agent echo = Agent.start(domain, 6, "proc", System.out::println);
                PotherController c = PotherController.open(domain)) {
            assertTrue(ready.await(WAIT.toSeconds(), TimeUnit.SECONDS), "the agent process printed READY:\n" + output(output));
            c.addListener(log);
            assertTrue(c.awaitAgents(WAIT, 5, 6), "both agents announced: " + c.agents() + "\n" + output(output));
            AgentAnnouncement five = c.agents().get(5);
            assertEquals(p.pid(), five.pid(), "agent 5 is the child process");
            assertEquals("proc", five.groupId());
            assertTrue(five.usage().rssBytes() > 10 << 20, five.toString());

            int n = 300;
            c.send(TestDefinition.transponder(Target.app(6), "proc_rtt"));
            c.send(TestDefinition.transceiver(Target.app(5), "proc_tx", "proc_rtt", 100).withSampleCount(n)
                    .withReportPeriodMillis(250));
            LatencyPeriodReport last = log.await(LatencyPeriodReport.class, r -> r.name().equals("proc_tx") && r.last(), WAIT);
            assertNotNull(last, "the child's transceiver finished:\n" + log.dump() + output(output));
            List<LatencyPeriodReport> all = log.all(LatencyPeriodReport.class, r -> r.name().equals("proc_tx"));
            assertEquals(n, all.stream().mapToLong(r -> r.report().sent()).sum());
            assertEquals(n, all.stream().mapToLong(r -> r.report().received()).sum());
            assertTrue(all.stream().allMatch(r -> r.appId() == 5 && r.usage().rssBytes() > 10 << 20));

            p.destroy(); // SIGTERM: the agent stops its tests and says so before the JVM ends
            assertNotNull(log.await(AgentAnnouncement.class, a -> a.appId() == 5 && !a.running(), WAIT),
                    "the agent announced that it stopped:\n" + output(output));
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the agent process ended");
            synchronized (output) {
                assertTrue(output.stream().anyMatch(l -> l.contains("transceiver proc_tx: transponder proc_rtt matched")),
                        output(output));
            }
            c.remove(TestDefinition.transponder(Target.app(6), "proc_rtt"));
        } finally {
            p.destroyForcibly();
            pump.join(2000);
        }
    }

    private static String output(List<String> lines) {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }
}
