package org.ddstuner.pother.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.ReportSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.runs.Transports;
import org.ddstuner.remote.RemoteConnection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.part.ViewPart;

/**
 * Defines a test (where it runs, kind, sizes, senders of a fan-in, rate, burst, reliability, history, transport
 * priority, latency budget, transport, duration, report period)
 * and starts or stops it; the scenarios in a combo with a Run button and their seconds per step under Start and Stop,
 * with whether shared memory can be used here and what it needs (the transport comparison skips it if not). Several sizes run one after the other as
 * the steps of one run. By default tests run on two local agent processes (a real transport between them);
 * the in-process pair, chosen agents (app ids or a group) and the agents of a system a remote-agent connection serves
 * ({@link RemoteTargets}) are the other choices.
 */
public final class LauncherView extends ViewPart {

    private Combo target;
    private Text agentIds;
    private Combo kind;
    private Text sizes;
    private Spinner senders;
    private Spinner rate;
    private Spinner burst;
    private Combo reliability;
    private Combo history;
    private Spinner depth;
    private Spinner priority;
    private Spinner budget;
    private Combo durability;
    private Combo transport;
    private Spinner duration;
    private Spinner period;
    private Composite root;
    private Button start;
    private Button stop;
    private Button apply;
    private Label status;
    private Combo scenario;
    private Button runScenario;
    private Spinner stepSeconds;
    private Label sharedMemoryNote;
    /** Seconds per scenario step unless changed. */
    static final int SCENARIO_STEP_SECONDS = 5;
    private ScrolledComposite scroll;
    /** Why the last Start was refused, shown until the next one (the refresh would show the previous run). */
    private String inputError;
    /** What the refused action was: "Cannot start: " or "Cannot apply: ". */
    private String inputErrorPrefix = Messages.BAD_INPUT;
    private final Runnable refresh = this::refresh;

    /** Local agents, in-process, chosen agents: the items before the remote connections' ones. */
    static final int FIXED_TARGETS = 3;
    /** The remote-agent connections behind the target items from {@link #FIXED_TARGETS} on. */
    private List<RemoteConnection> remoteTargets = List.of();

    /** A fan-in of one sender would be a plain throughput pair. */
    static final int MIN_SENDERS = 2;

    @Override
    public void createPartControl(Composite parent) {
        root = parent;
        GridLayout rootLayout = new GridLayout(1, false);
        rootLayout.marginWidth = 0;
        rootLayout.marginHeight = 0;
        parent.setLayout(rootLayout);
        // Start, Stop and the run's state on top, outside the scrolling form: always in sight, however long the form
        Composite actions = new Composite(parent, SWT.NONE);
        actions.setLayout(new GridLayout(2, true));
        actions.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        start = button(actions, Messages.START, this::startFromForm);
        stop = button(actions, Messages.STOP, () -> BenchmarkSession.get().stop());
        apply = button(actions, Messages.APPLY, this::applyToRunning);
        apply.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        apply.setToolTipText(Messages.APPLY_TIP);
        status = new Label(actions, SWT.WRAP);
        GridData statusData = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        statusData.widthHint = 220; // a wrapping label needs a width, or it asks for its whole text on one line
        status.setLayoutData(statusData);
        status.setText(Messages.IDLE);
        scenarios(parent);

        scroll = new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL);
        scroll.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Composite c = new Composite(scroll, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        target = combo(c, Messages.RUN_ON, Messages.TARGET_LOCAL_AGENTS, Messages.TARGET_IN_PROCESS, Messages.TARGET_AGENTS);
        target.setToolTipText(Messages.TARGET_TIP);
        agentIds = new Text(labelled(c, Messages.AGENT_IDS), SWT.BORDER);
        agentIds.setLayoutData(field());
        agentIds.setToolTipText(Messages.AGENT_IDS_TIP);
        agentIds.setMessage("e.g. 3, 4 or group:lab");
        target.addListener(SWT.Selection, e -> agentIds.setEnabled(target.getSelectionIndex() >= 2));
        agentIds.setEnabled(false);
        kind = combo(c, Messages.KIND, Messages.KIND_LATENCY, Messages.KIND_THROUGHPUT, Messages.KIND_RELAY,
                Messages.KIND_FAN_IN, Messages.KIND_DISCOVERY);
        kind.setToolTipText(Messages.KIND_TIP);
        sizes = new Text(labelled(c, Messages.SIZES), SWT.BORDER);
        sizes.setText("64");
        sizes.setLayoutData(field());
        sizes.setToolTipText(Messages.SIZES_TIP);
        senders = spinner(c, Messages.SENDERS, MIN_SENDERS, RunDefinition.MAX_SENDERS, Scenarios.FAN_IN_SENDERS);
        senders.setToolTipText(Messages.SENDERS_TIP);
        senders.setEnabled(false);
        rate = spinner(c, Messages.RATE, 0, 10_000_000, 0);
        kind.addListener(SWT.Selection, e -> kindChanged());
        rate.setToolTipText(Messages.RATE_TIP);
        burst = spinner(c, Messages.BURST, 1, 10_000, 1);
        burst.setToolTipText(Messages.BURST_TIP);
        // the endpoints' QoS in a group of its own: what a test compares, told apart from the load it generates
        Group qos = new Group(c, SWT.NONE);
        qos.setText(Messages.QOS);
        qos.setLayout(new GridLayout(2, false));
        qos.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        reliability = combo(qos, Messages.RELIABILITY, Messages.RELIABLE, Messages.BEST_EFFORT);
        history = combo(qos, Messages.HISTORY, Messages.HISTORY_DEFAULT, Messages.HISTORY_KEEP_ALL, Messages.HISTORY_KEEP_LAST);
        history.setToolTipText(Messages.HISTORY_TIP);
        depth = spinner(qos, Messages.DEPTH, 1, 1_000_000, 1);
        depth.setEnabled(false);
        history.addListener(SWT.Selection, e -> depth.setEnabled(history.getSelectionIndex() == 2));
        priority = spinner(qos, Messages.PRIORITY, -1_000_000, 1_000_000, 0);
        priority.setToolTipText(Messages.PRIORITY_TIP);
        budget = spinner(qos, Messages.BUDGET, 0, 10_000_000, 0);
        budget.setToolTipText(Messages.BUDGET_TIP);
        durability = combo(qos, Messages.DURABILITY, Messages.VOLATILE, Messages.TRANSIENT_LOCAL);
        durability.setToolTipText(Messages.DURABILITY_TIP);
        String[] transports = new String[RunDefinition.Transport.values().length];
        for (int i = 0; i < transports.length; i++) {
            transports[i] = Messages.transport(RunDefinition.Transport.values()[i]);
        }
        transport = combo(c, Messages.TRANSPORT, transports);
        transport.setToolTipText(Messages.TRANSPORT_TIP);
        duration = spinner(c, Messages.DURATION, 1, 3600, 10);
        period = spinner(c, Messages.PERIOD, 100, 60_000, 1000);
        period.setIncrement(250);

        scroll.setContent(c);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        scroll.setMinSize(c.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        RefreshTicker.add(parent.getDisplay(), refresh);
        refresh();
    }

    /**
     * The scenarios under Start and Stop, outside the scrolling form: one combo and a Run button, in sight without
     * scrolling and small enough to leave the form's QoS in sight too (a button each took a third of the view).
     */
    private void scenarios(Composite parent) {
        Group g = new Group(parent, SWT.NONE);
        g.setText(Messages.SCENARIOS);
        g.setLayout(new GridLayout(3, false));
        g.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        scenario = new Combo(g, SWT.READ_ONLY);
        scenario.setItems(scenarios().stream().map(Scenario::title).toArray(String[]::new));
        scenario.select(0);
        GridData combo = field();
        combo.horizontalSpan = 3;
        scenario.setLayoutData(combo);
        scenario.addListener(SWT.Selection, e -> scenarioTip());
        // the Run button and the step length on one row: the form below keeps its height
        runScenario = new Button(g, SWT.PUSH);
        runScenario.setText(Messages.RUN_SCENARIO);
        runScenario.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        runScenario.addListener(SWT.Selection, e -> startScenario(scenarios().get(Math.max(0, scenario.getSelectionIndex()))));
        new Label(g, SWT.NONE).setText(Messages.STEP_SECONDS);
        stepSeconds = new Spinner(g, SWT.BORDER);
        stepSeconds.setValues(SCENARIO_STEP_SECONDS, 1, 3600, 0, 1, 10);
        stepSeconds.setToolTipText(Messages.STEP_SECONDS_TIP);
        stepSeconds.addListener(SWT.Modify, e -> scenarioTip());
        scenarioTip();
        for (String missing : Scenarios.notYetAvailable()) {
            wrapping(g, Messages.NOT_YET + missing + ".");
        }
        // in sight without scrolling: whether (and with what) the transport comparison measures shared memory here
        Transports.Availability shm = Transports.sharedMemory();
        sharedMemoryNote = wrapping(g, Messages.sharedMemory(shm));
    }

    /** A label across the scenario group that wraps at the view's width. */
    private static Label wrapping(Composite g, String text) {
        Label l = new Label(g, SWT.WRAP);
        l.setText(text);
        GridData w = new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1);
        w.widthHint = 200; // a wrapping label needs a width, or it asks for its whole text on one line
        l.setLayoutData(w);
        return l;
    }

    /** The scenarios with steps as long as the step spinner says. */
    private List<Scenario> scenarios() {
        return Scenarios.all(Duration.ofSeconds(stepSeconds == null ? SCENARIO_STEP_SECONDS : stepSeconds.getSelection()));
    }

    /** The chosen scenario's question as the tooltip of the combo and of its Run button. */
    private void scenarioTip() {
        Scenario s = scenarios().get(Math.max(0, scenario.getSelectionIndex()));
        String tip = s.question() + " (" + s.steps().size() + " steps of " + stepSeconds.getSelection() + " s)";
        scenario.setToolTipText(tip);
        if (runScenario != null) {
            runScenario.setToolTipText(tip);
        }
    }

    private static Composite labelled(Composite c, String label) {
        new Label(c, SWT.NONE).setText(label);
        return c;
    }

    private static Combo combo(Composite c, String label, String... items) {
        Combo combo = new Combo(labelled(c, label), SWT.READ_ONLY);
        combo.setItems(items);
        combo.select(0);
        combo.setLayoutData(field());
        return combo;
    }

    private static Spinner spinner(Composite c, String label, int min, int max, int value) {
        Spinner s = new Spinner(labelled(c, label), SWT.BORDER);
        s.setValues(value, min, max, 0, 1, 10);
        s.setLayoutData(field());
        return s;
    }

    /**
     * A form field filling the view's width but asking for little: the form's preferred width (the scroller's
     * minimum) would otherwise be that of the longest combo item, and the view would cut every field off.
     */
    private static GridData field() {
        GridData d = new GridData(SWT.FILL, SWT.CENTER, true, false);
        d.widthHint = 90;
        return d;
    }

    private static Button button(Composite c, String text, Runnable action) {
        Button b = new Button(c, SWT.PUSH);
        b.setText(text);
        b.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /** The definitions the form describes, one per size. */
    public List<RunDefinition> definitions() {
        List<RunDefinition> out = new ArrayList<>();
        RunDefinition.Kind k = selectedKind();
        int n = senders.getSelection();
        if (k == RunDefinition.Kind.FAN_IN && (n < MIN_SENDERS || n > RunDefinition.MAX_SENDERS)) {
            throw new IllegalArgumentException("a fan-in needs " + MIN_SENDERS + " to " + RunDefinition.MAX_SENDERS
                    + " senders, not " + n);
        }
        for (String part : sizes.getText().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int size;
            try {
                size = Integer.parseInt(part.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not a sample size in bytes");
            }
            Duration d = Duration.ofSeconds(duration.getSelection());
            RunDefinition def = switch (k) {
                case LATENCY -> RunDefinition.latency(size, d);
                case THROUGHPUT -> RunDefinition.throughput(size, d);
                case RELAY -> RunDefinition.relay(size, d);
                case FAN_IN -> RunDefinition.fanIn(n, size, d);
                case DISCOVERY -> RunDefinition.discovery(size, d);
            };
            out.add(def.withRate(rate.getSelection(), burst.getSelection()).withReliable(reliability.getSelectionIndex() == 0)
                    .withTransport(RunDefinition.Transport.values()[Math.max(0, transport.getSelectionIndex())])
                    .withPeriod(Duration.ofMillis(period.getSelection())).withEndpointQos(endpointQos()));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("enter at least one sample size");
        }
        return out;
    }

    /**
     * Senders matter to a fan-in only; a discovery benchmark needs a transmitter with a rate (samples missed are
     * counted against it), so "as fast as possible" becomes its default rate.
     */
    private void kindChanged() {
        senders.setEnabled(selectedKind() == RunDefinition.Kind.FAN_IN);
        if (selectedKind() == RunDefinition.Kind.DISCOVERY && rate.getSelection() == 0) {
            rate.setSelection((int) RunDefinition.DISCOVERY_RATE);
        }
    }

    /** History, transport priority, latency budget and durability as the form sets them. */
    private EndpointQos endpointQos() {
        int h = switch (history.getSelectionIndex()) {
            case 1 -> 0;
            case 2 -> depth.getSelection();
            default -> EndpointQos.KIND_DEFAULT;
        };
        return new EndpointQos(h, priority.getSelection(), budget.getSelection() * 1000L,
                durability.getSelectionIndex() == 1 ? TestQos.TRANSIENT_LOCAL : TestQos.VOLATILE);
    }

    /** The kind the Test combo shows (its items are in the order of {@link RunDefinition.Kind}). */
    private RunDefinition.Kind selectedKind() {
        return RunDefinition.Kind.values()[Math.max(0, kind.getSelectionIndex())];
    }

    private void startFromForm() {
        inputError = null;
        inputErrorPrefix = Messages.BAD_INPUT;
        try {
            List<RunDefinition> steps = definitions();
            RunDefinition title = steps.size() == 1 ? steps.get(0)
                    : steps.get(0).withLabel(steps.get(0).label().replaceFirst(" \\d+ B", "") + " sweep " + sizes.getText());
            BenchmarkSession.get().start(title, steps, source());
            if (title.kind() == RunDefinition.Kind.DISCOVERY) {
                getSite().getPage().showView(ViewIds.DISCOVERY, null, IWorkbenchPage.VIEW_VISIBLE);
            }
        } catch (Exception e) {
            inputError = e.getMessage();
        }
        refresh();
    }

    /** Sends the form's size, rate and QoS to the running test; the status says why when it cannot. */
    private void applyToRunning() {
        inputError = null;
        inputErrorPrefix = Messages.CANNOT_APPLY;
        try {
            List<RunDefinition> defs = definitions();
            if (defs.size() != 1) {
                throw new IllegalArgumentException("a running test takes one sample size, not " + defs.size());
            }
            inputError = BenchmarkSession.get().redefine(defs.get(0)); // null: taken
        } catch (Exception e) {
            inputError = e.getMessage();
        }
        refresh();
    }

    private void startScenario(Scenario s) {
        inputError = null;
        inputErrorPrefix = Messages.BAD_INPUT;
        try {
            BenchmarkSession.get().start(s.runDefinition(), s.steps(), source());
        } catch (Exception e) {
            inputError = e.getMessage();
        }
        refresh();
    }

    /** Where the form's test runs. */
    public ReportSource source() {
        BenchmarkSession s = BenchmarkSession.get();
        int i = target.getSelectionIndex();
        if (i >= FIXED_TARGETS && i - FIXED_TARGETS < remoteTargets.size()) {
            return RemoteTargets.source(remoteTargets.get(i - FIXED_TARGETS), agentIds.getText());
        }
        return switch (i) {
            case 1 -> s.inProcess();
            case 2 -> {
                RemoteTargets.AgentSpec spec = RemoteTargets.parse(agentIds.getText());
                yield s.agents(spec.group() != null ? null : spec.ids(), spec.group());
            }
            default -> s.localAgents();
        };
    }

    /**
     * Keeps one "Agents via …" item per remote-agent connection open on the desktop (they come and go with the
     * connections); the selection stays on its target, or falls back to the local agents when that connection closed.
     */
    private void updateRemoteTargets() {
        List<RemoteConnection> now = RemoteTargets.connections();
        if (now.equals(remoteTargets)) {
            return;
        }
        int i = target.getSelectionIndex();
        RemoteConnection selected = i >= FIXED_TARGETS && i - FIXED_TARGETS < remoteTargets.size()
                ? remoteTargets.get(i - FIXED_TARGETS) : null;
        while (target.getItemCount() > FIXED_TARGETS) {
            target.remove(FIXED_TARGETS);
        }
        now.forEach(c -> target.add(RemoteTargets.item(c)));
        remoteTargets = now;
        if (selected != null) {
            int at = now.indexOf(selected);
            target.select(at >= 0 ? FIXED_TARGETS + at : 0);
            agentIds.setEnabled(target.getSelectionIndex() >= 2);
        }
    }

    /** The link note of the chosen remote target while its link is down, else null. */
    private String remoteLinkNote() {
        int i = target.getSelectionIndex();
        return i >= FIXED_TARGETS && i - FIXED_TARGETS < remoteTargets.size()
                ? RemoteTargets.linkNote(remoteTargets.get(i - FIXED_TARGETS)) : null;
    }

    private void refresh() {
        if (status == null || status.isDisposed()) {
            return;
        }
        updateRemoteTargets();
        BenchmarkSession s = BenchmarkSession.get();
        boolean running = s.isRunning();
        start.setEnabled(!running);
        stop.setEnabled(running);
        apply.setEnabled(running);
        runScenario.setEnabled(!running);
        BenchmarkRun run = s.current();
        String text = null;
        if (inputError != null) {
            text = inputErrorPrefix + inputError;
        } else if (run != null) {
            // a discovery run reports measurements, not periods: they are its reports
            text = Messages.running(run.definition().label(), run.state().name().toLowerCase(),
                    run.latency().size() + run.throughput().size() + run.discovery().size());
            if (!run.messages().isEmpty()) {
                text += "\n" + run.messages().get(run.messages().size() - 1).text();
            }
        }
        String link = remoteLinkNote();
        if (link != null) {
            text = text == null ? link : text + "\n" + link;
        }
        if (text != null && !text.equals(status.getText())) {
            status.setText(text);
            root.layout(true, true); // one or two lines: the form below moves
        }
    }

    // for tests and keyboard users: the widgets
    public Combo target() {
        return target;
    }

    public Text agentIds() {
        return agentIds;
    }

    public Combo kind() {
        return kind;
    }

    public Text sizes() {
        return sizes;
    }

    public Spinner senders() {
        return senders;
    }

    public Combo reliability() {
        return reliability;
    }

    public Combo history() {
        return history;
    }

    public Spinner depth() {
        return depth;
    }

    public Spinner priority() {
        return priority;
    }

    public Spinner budget() {
        return budget;
    }

    public Combo durability() {
        return durability;
    }

    public Spinner rate() {
        return rate;
    }

    public Spinner duration() {
        return duration;
    }

    public Spinner period() {
        return period;
    }

    public Button startButton() {
        return start;
    }

    /** The scenario chooser: one item per scenario title. */
    public Combo scenario() {
        return scenario;
    }

    /** How long each step of a scenario runs (s). */
    public Spinner stepSeconds() {
        return stepSeconds;
    }

    /** The note on whether shared memory can be used here. */
    public Label sharedMemoryNote() {
        return sharedMemoryNote;
    }

    public Combo transport() {
        return transport;
    }

    /** Runs the scenario the chooser shows. */
    public Button runScenarioButton() {
        return runScenario;
    }

    /** Scrolls the form so that {@code control} (one of its fields) is in sight. */
    public void reveal(org.eclipse.swt.widgets.Control control) {
        scroll.showControl(control);
    }

    /** Sends the form's size, rate and QoS to the running test. */
    public Button applyButton() {
        return apply;
    }

    public Button stopButton() {
        return stop;
    }

    public String status() {
        return status.getText();
    }

    @Override
    public void setFocus() {
        kind.setFocus();
    }

    @Override
    public void dispose() {
        RefreshTicker.remove(refresh);
        super.dispose();
    }
}
