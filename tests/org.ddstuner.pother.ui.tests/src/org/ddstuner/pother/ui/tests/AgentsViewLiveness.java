package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;

/**
 * What the Agents view shows of local agent processes that die or freeze: one killed with SIGKILL is
 * "unresponsive (silent since hh:mm:ss)" within seconds and "gone (since hh:mm:ss)" once Cyclone drops its
 * participant; one frozen with SIGSTOP is "unresponsive" and "live" again after SIGCONT.
 */
final class AgentsViewLiveness {

    private static final int LIVENESS = 7;
    private static final String CLOCK = "\\d\\d:\\d\\d:\\d\\d";

    private AgentsViewLiveness() {
    }

    static void killOneFreezeOne(AgentsView agents) throws Exception {
        Ui.page().activate(agents);
        agents.startButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("two live local agents", () -> BenchmarkSession.get().localAgents().agents() != null
                && BenchmarkSession.get().localAgents().agents().agents().stream()
                        .allMatch(p -> cell(agents, p.pid()).equals("live")), () -> text(agents));
        List<LocalAgents.AgentProcess> procs = BenchmarkSession.get().localAgents().agents().agents();
        long killed = procs.get(0).pid();
        long frozen = procs.get(1).pid();

        procs.get(0).process().destroyForcibly();
        Ui.waitUntil("the killed agent unresponsive", () -> cell(agents, killed).matches(
                "unresponsive \\(silent since " + CLOCK + "\\)"), () -> text(agents));
        signal("STOP", frozen); // a few seconds later, so that it is unresponsive while the killed one is gone
        try {
            Ui.waitUntil(Duration.ofSeconds(30), "the killed agent gone", () -> cell(agents, killed).matches(
                    "gone \\(since " + CLOCK + "\\)"), () -> text(agents));
            Ui.waitUntil("the frozen agent unresponsive", () -> !cell(agents, frozen).equals("live"), () -> text(agents));
            assertTrue(cell(agents, frozen).matches("unresponsive \\(silent since " + CLOCK + "\\)"), text(agents));
            assertTrue(agents.status().endsWith("Not responding: app " + row(agents, killed)[0] + " gone, app "
                    + row(agents, frozen)[0] + " unresponsive."), agents.status());
            Ui.screenshot("07b-agents-gone-and-unresponsive");
        } finally {
            signal("CONT", frozen);
        }
        Ui.waitUntil("the frozen agent live again", () -> cell(agents, frozen).equals("live"), () -> text(agents));
        assertTrue(cell(agents, killed).matches("gone \\(since " + CLOCK + "\\)"), "gone stays gone: " + text(agents));
        Ui.waitUntil("the status line names only the gone agent", () -> agents.status().endsWith(
                "Not responding: app " + row(agents, killed)[0] + " gone."), agents::status);

        agents.stopButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("local agents stopped", () -> BenchmarkSession.get().localAgents().agents() == null,
                () -> agents.status());
        Ui.waitUntil("the resumed agent shown stopped", () -> cell(agents, frozen).equals("stopped"), () -> text(agents));
        // its last announcement said "running" with the CPU of its last second: neither is true of a gone agent
        String[] gone = row(agents, killed);
        assertEquals(org.ddstuner.pother.ui.Messages.AGENT_GONE, gone[4], Arrays.toString(gone));
        assertEquals(org.ddstuner.pother.ui.Messages.NONE, gone[5], "no CPU: " + Arrays.toString(gone));
        assertEquals(org.ddstuner.pother.ui.Messages.NONE, gone[6], "no RSS: " + Arrays.toString(gone));
    }

    private static String[] row(AgentsView agents, long pid) {
        return agents.rows().stream().filter(r -> r[3].equals(Long.toString(pid))).findFirst()
                .orElse(new String[LIVENESS + 1]);
    }

    private static String cell(AgentsView agents, long pid) {
        String s = row(agents, pid)[LIVENESS];
        return s == null ? "" : s;
    }

    private static String text(AgentsView agents) {
        StringBuilder b = new StringBuilder();
        agents.rows().forEach(r -> b.append(Arrays.toString(r)).append('\n'));
        return b.toString();
    }

    private static void signal(String sig, long pid) throws Exception {
        Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start();
        assertTrue(k.waitFor(10, TimeUnit.SECONDS));
    }
}
