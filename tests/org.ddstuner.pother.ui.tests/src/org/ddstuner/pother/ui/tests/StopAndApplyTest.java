package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Controlling a running test on local agent processes: Stop ends a scenario in its current step and the agents go
 * idle, and Apply changes the sample size of the running test while the run goes on.
 */
class StopAndApplyTest extends BenchmarksTestBase {

    @Test
    @Order(64)
    void stopEndsARunningScenarioAtItsCurrentStepAndTheAgentsGoIdle() throws Exception {
        launcher.target().select(0); // local agent processes, started for the run
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64, 1024, 4096"); // three steps of 60 s: Stop must end it in the first
        launcher.rate().setSelection(200);
        launcher.duration().setSelection(60);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        try {
            Ui.waitUntil("three round-trip reports", () -> run.latency().size() >= 3
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            Ui.spin(300); // the launcher's refresh tick: Stop is enabled while running
            assertTrue(launcher.stopButton().isEnabled() && !launcher.startButton().isEnabled());
            List<Integer> ids = BenchmarkSession.get().localAgents().agents().appIds();
            long stoppedAt = System.nanoTime();
            long stoppedWall = System.currentTimeMillis() * 1_000_000L;
            launcher.stopButton().notifyListeners(SWT.Selection, new Event());
            // promptly: the senders' last reports and the removals take a few periods, not the 60 s of the step
            Ui.waitUntil(Duration.ofSeconds(20), "the run to stop", () -> run.state() != BenchmarkRun.State.RUNNING,
                    () -> launcher.status() + " " + run.messages());
            double seconds = (System.nanoTime() - stoppedAt) / 1e9;
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
            assertEquals("stopped during step 1 of 3", run.endMessage());
            assertEquals(1, run.steps().size(), "the later sizes never started: " + run.steps());
            Ui.waitUntil(Duration.ofSeconds(5), "Start enabled again", () -> launcher.startButton().isEnabled()
                    && !launcher.stopButton().isEnabled() && launcher.status().contains("stopped"), launcher::status);
            assertTrue(launcher.runScenarioButton().isEnabled());
            // the agents' tests were removed over the command topics: their next announcements list none
            var controller = BenchmarkSession.get().controller();
            Ui.waitUntil(Duration.ofSeconds(10), "the agents to announce no tests", () -> ids.stream().allMatch(id -> {
                var a = controller.agents().get(id);
                return a != null && a.timestampNanos() > stoppedWall && a.tests().isEmpty();
            }), () -> ids.stream().map(id -> id + ": " + controller.agents().get(id)).toList().toString());
            var reports = controller.queue(10_000);
            try {
                Ui.spin(1500); // six periods of 250 ms
                List<String> late = reports.stream().filter(r -> ids.contains(r.appId())
                        && (r instanceof org.ddstuner.pother.protocol.LatencyPeriodReport
                                || r instanceof org.ddstuner.pother.protocol.ThroughputPeriodReport))
                        .map(r -> r.appId() + " " + r.name()).toList();
                assertEquals(List.of(), late, "no period report once the agents are idle");
            } finally {
                controller.removeQueue(reports);
            }
            System.out.println("Stop: run ended " + String.format("%.1f", seconds) + " s after the click, "
                    + run.latency().size() + " reports");
            Ui.page().activate(charts);
            Ui.spin(300);
            // a 60 s step stopped early spans less than a decade of latency: its log axis still labels several values
            List<String> yLabels = LogAxisTicksTest.labels(charts.charts().chart(ChartId.RTT).getXYPlot().getRangeAxis(),
                    org.jfree.chart.ui.RectangleEdge.LEFT);
            assertTrue(yLabels.size() >= 2 && yLabels.stream().distinct().count() == yLabels.size(),
                    "readable latency axis: " + yLabels + " over " + charts.charts().chart(ChartId.RTT).getXYPlot()
                            .getRangeAxis().getRange());
            Ui.screenshot("13-stopped-run");

            BenchmarkRun loaded = BenchmarkSession.get().store().load(run.id());
            assertEquals(BenchmarkRun.State.STOPPED, loaded.state(), "the saved run says it was stopped");
            assertEquals(run.endMessage(), loaded.endMessage());
            assertEquals(run.latency().stream().map(Points.Latency::report).toList(),
                    loaded.latency().stream().map(Points.Latency::report).toList(), "the saved run has its reports");
            assertTrue(loaded.latency().size() >= 3);
        } finally {
            BenchmarkSession.get().stop();
            launcher.sizes().setText("64");
            launcher.duration().setSelection(3);
            launcher.rate().setSelection(0);
        }
    }

    @Test
    @Order(80)
    void applyChangesTheSizeOfTheRunningTestAndTheReportsFollow() {
        launcher.target().select(0); // the local agent processes: they rebuild a test redefined while it runs
        launcher.kind().select(RunDefinition.Kind.THROUGHPUT.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        launcher.rate().setSelection(1000);
        launcher.duration().setSelection(60);
        launcher.period().setSelection(250);
        Ui.spin(300);
        assertTrue(!launcher.applyButton().isEnabled(), "nothing to apply to before a test runs");
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        try {
            Ui.waitUntil("two periods of 64-byte samples", () -> run.throughput().stream()
                    .filter(p -> p.report().samples() > 0 && p.report().bytes() == 64L * p.report().samples()).count() >= 2
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            Ui.spin(300);
            assertTrue(launcher.applyButton().isEnabled() && !launcher.startButton().isEnabled());
            // two sizes cannot go to one running test: the status says so and the test goes on
            launcher.sizes().setText("64, 1024");
            launcher.applyButton().notifyListeners(SWT.Selection, new Event());
            assertEquals("Cannot apply: a running test takes one sample size, not 2", launcher.status());
            launcher.sizes().setText("1024");
            int before = run.throughput().size();
            launcher.applyButton().notifyListeners(SWT.Selection, new Event());
            Ui.waitUntil("periods of 1 KiB samples from the same run", () -> run.throughput().stream().skip(before)
                    .filter(p -> p.report().samples() > 0 && p.report().bytes() == 1024L * p.report().samples()).count() >= 2
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), "the run goes on: " + run.endMessage() + " " + run.messages());
            assertTrue(run.messages().stream().anyMatch(m -> m.text().startsWith("changed while running")),
                    run.messages().toString());
            // every period's samples are of the one size or the other (a period across the change holds both)
            assertTrue(run.throughput().stream().filter(p -> p.report().samples() > 0).allMatch(p -> p.report().bytes()
                    >= 64L * p.report().samples() && p.report().bytes() <= 1024L * p.report().samples()));
            Ui.page().activate(charts);
            Ui.spin(600);
            assertTrue(launcher.status().contains("changed while running"), launcher.status());
            Ui.screenshot("13b-applied-while-running");
            launcher.stopButton().notifyListeners(SWT.Selection, new Event());
            Ui.waitUntil(Duration.ofSeconds(30), "the run to stop", () -> run.state() != BenchmarkRun.State.RUNNING,
                    () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
        } finally {
            BenchmarkSession.get().stop();
            launcher.sizes().setText("64");
            launcher.duration().setSelection(3);
            launcher.rate().setSelection(0);
            launcher.kind().select(0);
            launcher.kind().notifyListeners(SWT.Selection, new Event());
        }
    }
}
