package org.ddstuner.config.ui;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.config.trial.ConfigTrial;
import org.ddstuner.config.trial.LoopbackSandbox;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.ui.AgentClassPath;
import org.ddstuner.pother.ui.charts.BenchmarkCharts;
import org.ddstuner.pother.ui.charts.ChartExport;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * "Try with a benchmark": a Pother scenario on two local agent processes under the current configuration (run A),
 * then under the new one (run B), drawn live and overlaid in the Benchmarks charts, with each step's figure and the
 * ratio new/current below. Each configuration runs as its loopback-only copy ({@link LoopbackSandbox}), so nothing
 * is sent off this host; the runs are saved in the Benchmarks' run store (Saved Runs can overlay them again).
 */
public final class TryBenchmarkDialog extends Dialog {

    /** The Benchmarks' run store property (as BenchmarkSession reads it). */
    static final String RUNS_DIR_PROPERTY = "ddstuner.runs.dir";

    private final String currentXml;
    private final String currentName;
    private final String candidateXml;
    private final String candidateName;
    private final List<BenchmarkRun> runs = new CopyOnWriteArrayList<>();
    private BenchmarkCharts charts;
    private Combo scenario;
    private Spinner seconds;
    private Button run;
    private Button stop;
    private Label status;
    private Text results;
    private volatile boolean cancel;
    private volatile Job job;
    private volatile List<ConfigTrial.Row> rows = List.of();

    /**
     * @param currentXml    the configuration to beat ({@code null}: Cyclone's defaults)
     * @param currentName   how to name it ("the saved file", "Cyclone's defaults")
     * @param candidateXml  the new configuration
     * @param candidateName how to name it
     */
    public TryBenchmarkDialog(Shell parent, String currentXml, String currentName, String candidateXml,
            String candidateName) {
        super(parent);
        this.currentXml = currentXml == null ? "<CycloneDDS xmlns=\"https://cdds.io/config\"/>" : currentXml;
        this.currentName = currentXml == null ? "Cyclone's defaults" : currentName;
        this.candidateXml = candidateXml;
        this.candidateName = candidateName;
        setShellStyle(SWT.DIALOG_TRIM | SWT.RESIZE | SWT.MAX | SWT.MODELESS);
        setBlockOnOpen(false);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Try with a benchmark");
    }

    @Override
    protected Point getInitialSize() {
        return new Point(1300, 860);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite c = (Composite) super.createDialogArea(parent);
        GridLayoutFactory.swtDefaults().numColumns(7).applyTo(c);
        Label what = new Label(c, SWT.WRAP);
        what.setText("Runs a Pother scenario on two local agent processes under the current configuration (A: "
                + currentName + "), then under the new one (B: " + candidateName + "). Each runs as a loopback-only "
                + "copy: its interfaces, multicast, peers, network partitions, monitor port and tracing become "
                + "127.0.0.1 with unicast discovery, everything else (sizes, buffers, watermarks, timing) is kept — "
                + "so the tuning is compared and nothing leaves this host. Both runs are saved in Saved Runs.");
        GridDataFactory.fillDefaults().span(7, 1).grab(true, false).hint(1200, SWT.DEFAULT).applyTo(what);
        new Label(c, SWT.NONE).setText("Scenario:");
        scenario = new Combo(c, SWT.READ_ONLY);
        for (ConfigTrial.Kind k : ConfigTrial.Kind.values()) {
            scenario.add(k.title() + " — " + k.measure());
        }
        scenario.select(0);
        new Label(c, SWT.NONE).setText("Seconds per step:");
        seconds = new Spinner(c, SWT.BORDER);
        seconds.setValues(5, 1, 120, 0, 1, 5);
        run = new Button(c, SWT.PUSH);
        run.setText("Run A then B");
        run.addListener(SWT.Selection, e -> start());
        stop = new Button(c, SWT.PUSH);
        stop.setText("Stop");
        stop.setEnabled(false);
        stop.addListener(SWT.Selection, e -> cancel = true);
        new Label(c, SWT.NONE); // the row's last cell: the status gets a row of its own, long texts fit
        status = new Label(c, SWT.NONE);
        GridDataFactory.fillDefaults().span(7, 1).grab(true, false).applyTo(status);
        status.setText("Not run yet.");
        charts = new BenchmarkCharts(c, (id, format) -> {
            DirectoryDialog d = new DirectoryDialog(getShell());
            String dir = d.open();
            if (dir != null) {
                try {
                    ChartExport.export(charts, id, runs, format, Path.of(dir));
                } catch (java.io.IOException ex) {
                    status.setText("Export failed: " + ex.getMessage());
                }
            }
        });
        GridDataFactory.fillDefaults().span(7, 1).grab(true, true).applyTo(charts.composite());
        results = new Text(c, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL | SWT.WRAP);
        GridDataFactory.fillDefaults().span(7, 1).grab(true, false).hint(SWT.DEFAULT, 110).applyTo(results);
        return c;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == IDialogConstants.CLOSE_ID) {
            close();
        }
    }

    @Override
    public boolean close() {
        cancel = true; // the job stops the agents on its way out
        return super.close();
    }

    /** Starts the try (tests call it as the Run button does). */
    void start() {
        ConfigTrial.Kind kind = ConfigTrial.Kind.values()[scenario.getSelectionIndex()];
        Duration perStep = Duration.ofSeconds(seconds.getSelection());
        cancel = false;
        runs.clear();
        rows = List.of();
        charts.show(List.of());
        results.setText("");
        run.setEnabled(false);
        stop.setEnabled(true);
        status.setText("Starting agents for A (" + currentName + ")…");
        RunStore store = new RunStore(Path.of(System.getProperty(RUNS_DIR_PROPERTY, RunStore.defaultDir().toString())));
        var display = getShell().getDisplay();
        List<String> changes = new ArrayList<>();
        Job j = new Job("Try with a benchmark") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                String end;
                try {
                    ConfigTrial trial = new ConfigTrial(AgentClassPath.launcher(), kind, perStep, 70, store, null);
                    List<ConfigTrial.Side> sides = trial.run(currentXml, candidateXml, side -> {
                        runs.add(side.run());
                        changes.add((side.name().equals("current") ? "A " : "B ") + "loopback copy: "
                                + (side.config().changes().isEmpty() ? "nothing to change"
                                        : String.join("; ", side.config().changes())));
                        display.asyncExec(() -> {
                            if (!status.isDisposed()) {
                                charts.show(List.copyOf(runs));
                                status.setText("Running " + (side.name().equals("current") ? "A (" + currentName
                                        : "B (" + candidateName) + ")…");
                            }
                        });
                    }, () -> cancel || monitor.isCanceled());
                    rows = sides.size() == 2 ? ConfigTrial.compare(kind, sides.get(0).run(), sides.get(1).run())
                            : List.of();
                    end = sides.size() == 2 ? "Done: A " + sides.get(0).run().state() + ", B "
                            + sides.get(1).run().state() + " — " + kind.measure() : "Stopped.";
                } catch (IllegalArgumentException e) {
                    end = "Cannot try: " + e.getMessage();
                } catch (Exception e) {
                    end = "Failed: " + e.getMessage();
                }
                String s = end;
                display.asyncExec(() -> finished(s, changes));
                return Status.OK_STATUS;
            }
        };
        j.setSystem(true);
        job = j;
        j.schedule();
        tick();
    }

    /** Draws what the runs measured since the last tick, while the try runs. */
    private void tick() {
        if (status.isDisposed()) {
            return;
        }
        charts.refresh();
        if (job != null) {
            getShell().getDisplay().timerExec(500, this::tick);
        }
    }

    private void finished(String end, List<String> changes) {
        job = null;
        if (status.isDisposed()) {
            return;
        }
        charts.show(List.copyOf(runs));
        status.setText(end);
        run.setEnabled(true);
        stop.setEnabled(false);
        StringBuilder sb = new StringBuilder();
        for (ConfigTrial.Row r : rows) {
            sb.append(r.format()).append('\n');
        }
        changes.forEach(ch -> sb.append(ch).append('\n'));
        for (BenchmarkRun r : runs) {
            r.messages().forEach(m -> sb.append(r.definition().label()).append(": ").append(m.text()).append('\n'));
        }
        results.setText(sb.toString());
    }

    /** True while a try runs (tests). */
    boolean running() {
        return job != null;
    }

    /** The last try's figures (tests). */
    List<ConfigTrial.Row> rows() {
        return rows;
    }

    /** The runs drawn (tests). */
    List<BenchmarkRun> runs() {
        return List.copyOf(runs);
    }

    BenchmarkCharts charts() {
        return charts;
    }

    /** Sets the seconds per step (tests). */
    void seconds(int s) {
        seconds.setSelection(s);
    }

    String status() {
        return status.getText();
    }

    String results() {
        return results.getText();
    }
}
