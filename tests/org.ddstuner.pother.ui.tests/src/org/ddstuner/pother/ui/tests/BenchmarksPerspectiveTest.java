package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.Messages;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The Benchmarks perspective as a first start shows it (no run, no agent on the benchmark domain, the Launcher's
 * choices in sight), then two agent processes started from the Agents view: a round trip started from the Launcher
 * on them fills the charts and the percentile table with exactly the values of their reports, the Agents view shows
 * both with their CPU, and an agent killed or frozen shows as gone or unresponsive.
 */
class BenchmarksPerspectiveTest extends BenchmarksTestBase {

    /**
     * As on a fresh start, whatever ran before in this workbench: no run shown, and a controller that has seen no
     * agent (one that saw the agents of an earlier test class still lists them, as stopped).
     */
    @BeforeAll
    static void forgetEarlierRunsAndAgents() {
        BenchmarkSession.get().shutdown(); // the controller is opened again, fresh, on its next use
        BenchmarkSession.get().show(List.of());
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.waitUntil("the Agents view to list no agent", () -> agents.table().getItemCount() == 0, () -> rowsText(agents));
        Ui.waitUntil("the percentile table to show no run", () -> percentiles.heading().equals(Messages.NO_LATENCY_YET),
                percentiles::heading);
    }

    @Test
    @Order(10)
    void perspectiveShowsLauncherAgentsAndEmptyCharts() {
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        String domain = System.getProperty(org.ddstuner.pother.runs.LocalPairRunner.DOMAIN_PROPERTY); // the pom's: 154
        assertEquals(0, agents.table().getItemCount(), "no agent on domain " + domain + " yet");
        assertTrue(agents.status().contains("domain " + domain), agents.status());
        assertEquals(Messages.TARGET_LOCAL_AGENTS, launcher.target().getText(), "agent processes are the default");
        assertEquals(Messages.NO_LATENCY_YET, percentiles.heading());
        assertTrue(launcher.startButton().isEnabled());
        Ui.screenshot("01-benchmarks-empty");
        // the scenarios and the form's choices in sight, without scrolling and not cut off
        assertEquals(Scenarios.all(Duration.ofSeconds(5)).stream().map(Scenario::title).toList(),
                List.of(launcher.scenario().getItems()), "every scenario in the chooser");
        assertFullyVisible(launcher.scenario(), "the scenario chooser");
        assertFullyVisible(launcher.runScenarioButton(), "Run scenario");
        assertFullyVisible(launcher.target(), "the Run on combo");
        assertFullyVisible(launcher.kind(), "the Test combo");
        // the whole QoS group fits in the view at once (scrolled to it: the load fields come first)
        launcher.reveal(launcher.durability());
        Ui.spin(100);
        for (Control c : List.of(launcher.reliability(), launcher.history(), launcher.depth(), launcher.priority(),
                launcher.budget(), launcher.durability())) {
            assertFullyVisible(c, "QoS field " + c);
        }
        launcher.reveal(launcher.target());
        for (Combo combo : List.of(launcher.target(), launcher.kind(), launcher.history(), launcher.reliability(),
                launcher.durability(), launcher.scenario())) {
            assertTrue(combo.computeSize(SWT.DEFAULT, SWT.DEFAULT).x <= combo.getSize().x,
                    "the combo is as wide as its longest item " + Arrays.toString(combo.getItems()) + ": "
                            + combo.getSize().x + " < " + combo.computeSize(SWT.DEFAULT, SWT.DEFAULT).x);
        }
    }

    @Test
    @Order(15)
    void localAgentProcessesRunARoundTripAndShowTheirCpu() {
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.page().activate(agents);
        agents.startButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("two live local agents", () -> agents.rows().stream()
                .filter(r -> r[4].equals("running") && r[7].equals("live") && !r[9].isEmpty()).count() == 2,
                () -> agents.status() + " " + rowsText(agents));
        List<Long> pids = BenchmarkSession.get().localAgents().agents().agents().stream().map(a -> a.pid()).toList();
        for (String[] r : agents.rows()) {
            assertTrue(pids.contains(Long.parseLong(r[3])), "row " + Arrays.toString(r) + " is one of our processes " + pids);
            assertTrue(Double.parseDouble(r[6]) > 10, "RSS of a JVM: " + r[6] + " MB");
        }
        Ui.screenshot("05-local-agents-started");

        // CPU while they ping-pong, as the agents announce it
        double[] maxCpu = new double[2];
        BenchmarkRun run = runFromLauncher(0, 0, "64", 3, () -> {
            List<String[]> rows = agents.rows();
            for (int i = 0; i < Math.min(2, rows.size()); i++) {
                maxCpu[i] = Math.max(maxCpu[i], Double.parseDouble(rows.get(i)[5]));
            }
        });
        assertTrue(maxCpu[0] > 0 && maxCpu[1] > 0, "both agents showed CPU > 0 while measuring: " + Arrays.toString(maxCpu));
        List<Points.Latency> points = run.latency();
        assertTrue(points.size() >= 6, "3 s at 250 ms is 12 periods, at least half even on a busy box: " + points.size() + " " + run.messages());
        String measurer = points.get(0).agent();
        assertTrue(measurer.startsWith("app 10"), "measured by a local agent: " + measurer);
        assertTrue(points.stream().mapToLong(p -> p.report().received()).sum() > 100);
        XYSeries p50 = charts.charts().series(ChartId.RTT, "p50");
        assertEquals(points.size(), p50.getItemCount(), "one chart point per agent report");
        for (int i = 0; i < points.size(); i++) {
            assertEquals(points.get(i).p50Micros(), p50.getY(i).doubleValue(), "p50 µs of report " + i);
        }
        for (String[] r : agents.rows()) {
            String name = "app " + r[0] + " CPU %";
            XYSeries cpu = charts.charts().series(ChartId.CPU, name);
            assertNotNull(cpu, name + " in " + charts.charts().seriesKeys(ChartId.CPU));
            assertTrue(cpu.getItemCount() > 0);
        }
        Points.Latency last = newestWithSamples(run); // what the table shows
        StatSummary trip = last.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
        assertTrue(percentiles.rows().stream().anyMatch(r -> r[0].equals("trip latency") && r[1].equals("100%")
                && r[2].equals(Long.toString(trip.count())) && r[4].equals(Messages.micros(trip.avg()))),
                "the table shows the last agent report");
        Ui.page().activate(percentiles);
        Ui.spin(300);
        Ui.screenshot("06-agents-rtt-run");
        Ui.page().activate(agents);
        Ui.screenshot("07-agents-after-run");

        agents.stopButton().notifyListeners(SWT.Selection, new Event());
        Ui.waitUntil("local agents stopped", () -> BenchmarkSession.get().localAgents().agents() == null
                && pids.stream().noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)),
                () -> agents.status());
        Ui.waitUntil("the view shows them stopped", () -> agents.rows().stream().allMatch(r -> r[4].equals("stopped")),
                () -> rowsText(agents));
    }

    @Test
    @Order(16)
    void aKilledAgentShowsGoneAndAFrozenOneUnresponsiveUntilItResumes() throws Exception {
        AgentsViewLiveness.killOneFreezeOne(Ui.view(ViewIds.AGENTS, AgentsView.class));
    }

    private static String rowsText(AgentsView agents) {
        StringBuilder b = new StringBuilder();
        agents.rows().forEach(r -> b.append(Arrays.toString(r)).append('\n'));
        return b.toString();
    }
}
