package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code pother-run} checks every option before it joins the domain or starts an agent, and refuses the shared
 * options it has no use for instead of ignoring them. Domain 96 (only used when a check is missing).
 */
class PotherRunOptionsTest {

    private static final String DOMAIN = "96";

    @Test
    void badValuesAreRefusedBeforeAnyAgentStarts() {
        for (List<String> bad : List.of(List.of("--size", "-5"), List.of("--rate", "-5"), List.of("--count", "0"),
                List.of("--period-ms", "5"), List.of("--agent-wait", "x"), List.of("--timeout", "-1"),
                List.of("--timeout", "1e300"), List.of("--agent-wait", "40000000"), List.of("--name", "a b"),
                List.of("--size", "35"), List.of("--reliability", "sometimes"), List.of("--history", "-1"),
                List.of("--transport-priority", "high"), List.of("--latency-budget-us", "-2"),
                List.of("--burst", "0"))) {
            String option = bad.get(0);
            Result r = CliTest.run("pother-run", "--local", "--throughput", "--domain", DOMAIN, option, bad.get(1));
            assertEquals(2, r.code(), bad + ": " + r.err());
            // the local agents would have logged their start on err: only the one error line is there
            List<String> lines = r.err().lines().toList();
            assertEquals(1, lines.size(), bad + ": " + r.err());
            assertTrue(lines.get(0).startsWith("ddstuner: " + option + " takes "), bad + ": " + r.err());
            assertTrue(lines.get(0).contains("\"" + bad.get(1) + "\""), bad + ": " + r.err());
            assertEquals("", r.out(), bad.toString());
        }
    }

    @Test
    void sharedOptionsItWouldIgnoreAreRefused() {
        Result wait = CliTest.run("pother-run", "--local", "--domain", DOMAIN, "--wait", "3");
        assertEquals(2, wait.code(), wait.err());
        assertEquals("ddstuner: pother-run does not use --wait; it waits --agent-wait S for the agents (default 10) "
                + "and --timeout S for the pair (default 120).", wait.err().strip());
        Result shortWait = CliTest.run("pother-run", "-w", "3");
        assertEquals(2, shortWait.code(), shortWait.err());
        assertTrue(shortWait.err().contains("does not use --wait"), shortWait.err());
        Result json = CliTest.run("pother-run", "--json");
        assertEquals(2, json.code(), json.err());
        assertTrue(json.err().contains("does not use --json"), json.err());
    }

    /** Since picocli, each command's options are in its own --help (and help COMMAND), not in the overview. */
    @Test
    void helpDocumentsEveryPotherRunOption() {
        Result help = CliTest.run("pother-run", "--help");
        assertEquals(0, help.code());
        assertEquals(help.out(), CliTest.run("help", "pother-run").out());
        for (String option : List.of("--transceiver-app", "--transponder-app", "--throughput", "--size", "--rate",
                "--count", "--period-ms", "--name", "--agent-wait", "--timeout", "--local", "--burst", "--reliability",
                "--history", "--transport-priority", "--latency-budget-us", "--runs-dir", "--no-save")) {
            assertTrue(help.out().contains(option), option + " missing from help:\n" + help.out());
        }
    }

    @Test
    void optionsThatContradictTheRunAreRefused() {
        Result burst = CliTest.run("pother-run", "--local", "--domain", DOMAIN, "--burst", "10");
        assertEquals(2, burst.code(), burst.err());
        assertTrue(burst.err().contains("--burst is for --throughput pairs"), burst.err());
        Result both = CliTest.run("pother-run", "--local", "--domain", DOMAIN, "--no-save", "--runs-dir", "/tmp/x");
        assertEquals(2, both.code(), both.err());
        assertTrue(both.err().contains("--no-save and --runs-dir"), both.err());
        assertEquals("", both.out());
    }

    /**
     * Every command takes --help: its own usage, exit 0, nothing run. Since picocli the page is picocli's ("Usage:
     * ddstuner COMMAND [OPTIONS]", then the options one per line); {@link CliHelpTest} checks each names its options.
     */
    @Test
    void everyCommandAcceptsHelp() {
        for (String command : List.of("ls", "ps", "demo", "pother", "pother-run", "pother-runs", "pother-agents",
                "typeof", "subscribe", "publish", "version", "help")) {
            Result r = CliTest.run(command, "--help");
            assertEquals(0, r.code(), command + ": " + r.err());
            assertTrue(r.out().contains("Usage: ddstuner " + command + " ["), r.out());
            assertEquals("", r.err(), command);
        }
        Result run = CliTest.run("pother-run", "--local", "--domain", DOMAIN, "--help");
        assertTrue(run.out().contains("--reliability=reliable|best-effort") && run.out().contains("--burst=N")
                && run.out().contains("Ctrl-C"), run.out());
        assertFalse(run.out().contains("pother-agents"), "only pother-run's entry:\n" + run.out());
        assertEquals(2, CliTest.run("nosuch", "--help").code());
    }
}
