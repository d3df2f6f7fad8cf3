package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.ChartsView;
import org.ddstuner.pother.ui.LauncherView;
import org.ddstuner.pother.ui.PercentilesView;
import org.ddstuner.pother.ui.RunsView;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.WorkbenchException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * What the Benchmarks perspective's UI tests share: the perspective open in the real product (benchmark domain 154 from
 * the pom, loopback only, runs saved under target/runs), its views, a way to run the Launcher's form to its end, and the
 * checks several tests make. Each subclass is one concern and runs on its own: it starts the runs and agent processes
 * it needs, and {@link #stopRunsAndAgentsAndResetTheForm()} leaves no run, no local agent process and the Launcher's
 * form at its defaults for the next class, whatever order the classes run in.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class BenchmarksTestBase {

    static LauncherView launcher;
    static ChartsView charts;
    static PercentilesView percentiles;
    static RunsView runs;

    @BeforeAll
    static void openPerspective() throws WorkbenchException {
        PlatformUI.getWorkbench().showPerspective(ViewIds.PERSPECTIVE, Ui.page().getWorkbenchWindow());
        assertEquals(ViewIds.PERSPECTIVE, Ui.page().getPerspective().getId());
        launcher = Ui.view(ViewIds.LAUNCHER, LauncherView.class);
        charts = Ui.view(ViewIds.CHARTS, ChartsView.class);
        percentiles = Ui.view(ViewIds.PERCENTILES, PercentilesView.class);
        runs = Ui.view(ViewIds.RUNS, RunsView.class);
        Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.page().activate(percentiles);
        Ui.spin(300);
    }

    /** No run going on, no local agent process alive, the form as it opens: as the next class expects to find it. */
    @AfterAll
    static void stopRunsAndAgentsAndResetTheForm() {
        BenchmarkSession.get().stop();
        Ui.waitUntil("the run to end", () -> !BenchmarkSession.get().isRunning(), launcher::status);
        var la = BenchmarkSession.get().localAgents().agents();
        List<Long> pids = la == null ? List.of() : la.agents().stream().map(a -> a.pid()).toList();
        BenchmarkSession.get().localAgents().stopAgents();
        Ui.waitUntil("the local agent processes to end", () -> pids.stream()
                .noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)), pids::toString);
        launcher.target().select(0);
        launcher.kind().select(0);
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        launcher.rate().setSelection(0);
        launcher.senders().setSelection(Scenarios.FAN_IN_SENDERS);
        launcher.reliability().select(0);
        launcher.history().select(0);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        launcher.depth().setSelection(1);
        launcher.priority().setSelection(0);
        launcher.budget().setSelection(0);
        launcher.durability().select(0);
        launcher.transport().select(0);
        launcher.duration().setSelection(10);
        launcher.period().setSelection(1000);
        launcher.reveal(launcher.target());
        Ui.spin(300);
    }

    /** Starts the form's test in-process and waits for it to end. */
    static BenchmarkRun runFromLauncher(int kind, String sizes, int seconds) {
        return runFromLauncher(1, kind, sizes, seconds, () -> { });
    }

    /** Starts the form's test on {@code target} (0 local agents, 1 in-process) and waits for it to end. */
    static BenchmarkRun runFromLauncher(int target, int kind, String sizes, int seconds, Runnable whileRunning) {
        launcher.target().select(target);
        launcher.kind().select(kind);
        launcher.sizes().setText(sizes);
        launcher.duration().setSelection(seconds);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        Ui.waitUntil("the run to end", () -> {
            whileRunning.run();
            return run.state() != BenchmarkRun.State.RUNNING;
        }, launcher::status);
        Ui.spin(3 * 250 + 100); // the views' refresh ticks
        assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
        return run;
    }

    /** The newest period of a one-agent run that timed round trips: what the percentile table shows. */
    static Points.Latency newestWithSamples(BenchmarkRun run) {
        List<Points.Latency> points = run.latency();
        for (int i = points.size() - 1; i >= 0; i--) {
            if (points.get(i).count() > 0) {
                return points.get(i);
            }
        }
        throw new AssertionError("no period with round trips: " + points);
    }

    /** {@code c} lies inside every ancestor's visible area: nothing clips it, nothing has to scroll to it. */
    static void assertFullyVisible(Control c, String what) {
        Rectangle bounds = c.getDisplay().map(c.getParent(), null, c.getBounds());
        assertTrue(bounds.width > 0 && bounds.height > 0 && c.isVisible(), what + " shown: " + bounds);
        for (Composite p = c.getParent(); p != null; p = p.getParent()) {
            Rectangle area = c.getDisplay().map(p, null, p.getClientArea());
            assertTrue(area.contains(bounds.x, bounds.y) && area.contains(bounds.x + bounds.width - 1,
                    bounds.y + bounds.height - 1), what + " at " + bounds + " is cut off by " + p + " " + area);
        }
    }

    /**
     * The sentence chart {@code id} shows because it has no points, or null when it has points; an empty chart must
     * list no series in its legend (the series it would draw do not exist for this run).
     */
    static String emptyChartText(ChartId id) {
        var chart = charts.charts().chart(id);
        boolean empty = charts.charts().seriesKeys(id).stream()
                .allMatch(k -> charts.charts().series(id, k).getItemCount() == 0);
        if (!empty) {
            return null;
        }
        assertEquals(0, chart.getXYPlot().getLegendItems().getItemCount(), id + ": no legend entry for series without points");
        String text = chart.getXYPlot().getNoDataMessage();
        assertTrue(text != null && !text.isBlank(), id + " says why it is empty");
        return text;
    }

    static void copyToScreenshots(Path file, String name) throws java.io.IOException {
        Path shots = Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"));
        Files.createDirectories(shots);
        Files.copy(file, shots.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
