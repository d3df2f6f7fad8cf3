package org.ddstuner.agent.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.ddstuner.agent.AgentEntity;
import org.ddstuner.connection.Connection;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.ddstuner.system.ui.live.UiPoster;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.ListViewer;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

/**
 * "Edit QoS" of the readers and writers of processes the desktop started with the agent preloaded (the Benchmarks'
 * agent processes while a test runs): their endpoints on the left, the shared {@link QosTuningEditor} on the right,
 * signed with the secret each process was given. Modeless, so the charts behind it keep moving while a change is
 * applied; the endpoints are asked for in a Job.
 */
public final class EndpointQosDialog extends Dialog {

    /** How long a process's agent may take to announce itself (a JVM just started on a busy machine). */
    static final Duration AGENT_WAIT = Duration.ofSeconds(20);

    private final String heading;
    private final Connection connection;
    private final Map<Long, byte[]> secrets;
    private final Predicate<AgentEntity> which;
    private final Map<Long, String> names;
    private final EndpointRecreation recreation;
    private ListViewer list;
    private Label note;
    private QosTuningEditor editor;
    private StatisticsPanel statistics;
    private volatile List<ApplicationEntity> entities = List.of();
    private volatile boolean loaded;

    /**
     * @param secrets the processes (pid → the secret each was started with)
     * @param which   the endpoints offered (e.g. a benchmark's test topics)
     */
    public EndpointQosDialog(Shell parent, String heading, Connection connection, Map<Long, byte[]> secrets,
            Predicate<AgentEntity> which) {
        this(parent, heading, connection, secrets, which, Map.of(), null);
    }

    /**
     * @param names      how to call each process (pid → e.g. "Pother agent 3") instead of its executable's name
     * @param recreation who re-creates the endpoints for the policies that cannot change live (null: they are locked)
     */
    public EndpointQosDialog(Shell parent, String heading, Connection connection, Map<Long, byte[]> secrets,
            Predicate<AgentEntity> which, Map<Long, String> names, EndpointRecreation recreation) {
        super(parent);
        this.names = Map.copyOf(names);
        this.recreation = recreation;
        this.heading = heading;
        this.connection = connection;
        this.secrets = Map.copyOf(secrets);
        this.which = which;
        setShellStyle(SWT.DIALOG_TRIM | SWT.RESIZE | SWT.MODELESS);
        setBlockOnOpen(false);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(heading);
    }

    @Override
    protected Point getInitialSize() {
        return new Point(1300, 760);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        SashForm sash = new SashForm(area, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        Composite left = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(left);
        new Label(left, SWT.NONE).setText(Messages.PROCESS_ENDPOINTS);
        list = new ListViewer(left, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        list.setContentProvider(ArrayContentProvider.getInstance());
        list.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                ApplicationEntity e = (ApplicationEntity) element;
                return e.processName() + " · " + e.entity().kind() + " " + e.entity().topic(); // pid: in the editor's title
            }
        });
        GridDataFactory.fillDefaults().grab(true, true).applyTo(list.getControl());
        note = new Label(left, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(150, SWT.DEFAULT).applyTo(note);
        note.setText(Messages.ASKING_AGENTS);
        Composite right = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(right);
        editor = new QosTuningEditor(right);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(editor);
        statistics = new StatisticsPanel(sash, connection);
        sash.setWeights(30, 52, 18);
        list.addSelectionChangedListener(e -> {
            Object first = list.getStructuredSelection().getFirstElement();
            if (first instanceof ApplicationEntity a && a != editor.tunable()) {
                editor.show(a);
                statistics.show(a);
            }
        });
        load();
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == IDialogConstants.CLOSE_ID) {
            close();
        } else {
            super.buttonPressed(id);
        }
    }

    private void load() {
        Job.create("Ask the benchmark processes' agents for their endpoints", m -> {
            List<ApplicationEntity> found = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (var e : secrets.entrySet()) {
                try {
                    found.addAll(ProcessTuning.endpoints(connection, e.getKey(), e.getValue(), which, AGENT_WAIT,
                            names.get(e.getKey()), recreation));
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    return Status.CANCEL_STATUS;
                } catch (RuntimeException ex) {
                    problems.add(names.getOrDefault(e.getKey(), "pid " + e.getKey()) + ": " + ex.getMessage());
                }
            }
            entities = List.copyOf(found);
            loaded = true;
            Shell s = getShell();
            if (s != null && !s.isDisposed()) {
                UiPoster.asyncExec(s.getDisplay(), () -> showEntities(problems));
            }
            return Status.OK_STATUS;
        }).schedule();
    }

    private void showEntities(List<String> problems) {
        if (list.getControl().isDisposed()) {
            return;
        }
        list.setInput(entities);
        note.setText(entities.isEmpty() ? Messages.NO_PROCESS_ENDPOINTS + String.join("; ", problems)
                : Messages.PROCESS_NOTE + (problems.isEmpty() ? "" : " " + String.join("; ", problems)));
        note.getParent().layout(true, true);
        if (!entities.isEmpty() && editor.tunable() == null) {
            select(entities.get(0));
        }
    }

    // ---- for tests and callers

    /** Whether the agents have answered (the endpoints are listed). */
    public boolean loaded() {
        return loaded && list != null && !list.getControl().isDisposed() && list.getInput() != null;
    }

    public List<ApplicationEntity> entities() {
        return entities;
    }

    public void select(ApplicationEntity e) {
        list.setSelection(new StructuredSelection(e), true);
        if (editor.tunable() != e) {
            editor.show(e);
            statistics.show(e);
        }
    }

    public QosTuningEditor editor() {
        return editor;
    }

    public StatisticsPanel statistics() {
        return statistics;
    }

    public String noteText() {
        return note.getText();
    }
}
