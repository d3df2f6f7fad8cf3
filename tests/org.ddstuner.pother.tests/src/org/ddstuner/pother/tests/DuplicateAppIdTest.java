package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.junit.jupiter.api.Test;

/**
 * Two agents with one app id would both obey its commands and mix their reports. A second {@code ddstuner pother
 * --app-id 1} refuses to start (non-zero exit, naming the first one's pid); an agent with that app id that gets in
 * anyway (started in a process without the check) is flagged by the controller, and so by {@code pother-agents}; a
 * restart after a clean stop is no duplicate. Real agent processes on loopback-only domain 144.
 */
class DuplicateAppIdTest {

    private static final int DOMAIN = 144;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aSecondAgentWithTheSameAppIdRefusesToStart() throws Exception {
        try (AgentChild first = AgentChild.start(DOMAIN, 1)) {
            Path log = Files.createTempFile("duplicate-agent", ".log");
            Process second = run(log, "pother", "--app-id", "1", "--domain", "" + DOMAIN, "--config", "loopback");
            boolean ended = second.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
            second.destroyForcibly();
            String out = Files.readString(log);
            assertTrue(ended, "the second agent ended by itself:\n" + out);
            assertNotEquals(0, second.exitValue(), out);
            assertTrue(out.contains("app id 1 is taken: agent 1 is already running (pid " + first.process().pid()), out);
            assertTrue(!out.contains("READY"), "it never said it was ready:\n" + out);
            assertTrue(first.process().isAlive(), "the first agent runs on:\n" + first.output());
        }
        // the first one said "stopped" on its way out: its app id is free again at once
        try (AgentChild again = AgentChild.start(DOMAIN, 1)) {
            assertTrue(again.output().contains("READY pother agent app-id 1"), again.output());
        }
    }

    @Test
    void theControllerAndPotherAgentsFlagAnAppIdHeldTwice() throws Exception {
        try (AgentChild child = AgentChild.start(DOMAIN, 7);
                Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                PotherController controller = PotherController.open(domain)) {
            assertTrue(controller.awaitAgents(WAIT, 7), "agent 7 announced: " + controller.agents());
            long mine = ProcessHandle.current().pid();
            long theirs = child.process().pid();
            try (Agent twin = Agent.start(domain, 7, "", System.out::println)) { // in-process: no check
                AgentStatus flagged = await(() -> {
                    AgentStatus s = controller.status(7);
                    return s != null && s.duplicate() != null ? s : null;
                });
                assertNotNull(flagged, "the controller flags app id 7: " + controller.statuses());
                assertTrue(flagged.duplicate().startsWith("DUPLICATE app id 7: pids "), flagged.duplicate());
                assertTrue(flagged.duplicate().contains("" + mine) && flagged.duplicate().contains("" + theirs),
                        flagged.duplicate());
                assertTrue(flagged.describe().contains(flagged.duplicate()), "the views' text says it: " + flagged.describe());

                Path log = Files.createTempFile("pother-agents", ".log");
                Process cli = run(log, "pother-agents", "--domain", "" + DOMAIN, "--config", "loopback", "--wait", "4");
                boolean ended = cli.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
                cli.destroyForcibly();
                String out = Files.readString(log);
                assertTrue(ended, out);
                assertTrue(out.contains("DUPLICATE app id 7: pids "), "pother-agents says so:\n" + out);
                assertEquals(1, cli.exitValue(), "an app id held twice is a problem:\n" + out);
            }
            // the twin announced "stopped": one holder again
            assertNotNull(await(() -> {
                AgentStatus s = controller.status(7);
                return s != null && s.duplicate() == null && s.live() ? s : null;
            }), "no duplicate once the twin stopped: " + controller.statuses());
        }
    }

    private static <T> T await(Supplier<T> value) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < end) {
            T v = value.get();
            if (v != null) {
                return v;
            }
            Thread.sleep(100);
        }
        return null;
    }

    /** {@code ddstuner ARGS} in a process of its own, stdout and stderr into {@code log}. */
    private static Process run(Path log, String... args) throws Exception {
        return new ProcessBuilder(AgentChild.command(args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
