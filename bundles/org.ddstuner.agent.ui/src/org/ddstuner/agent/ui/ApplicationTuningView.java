package org.ddstuner.agent.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.qos.ui.TunableEndpoint;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.ddstuner.system.ui.live.UiPoster;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;

/**
 * "Application Tuning": the processes whose agent announces itself in the open connections' domains, with their
 * readers and writers, on the left; the QoS editor of the own entities ({@link QosTuningEditor}) on the chosen one on
 * the right, with the agent's ways: live policies by a signed SET_QOS, the others into an override file for the next
 * start. A thin part: {@link ApplicationEntity} does the tuning, a Job asks the agents. On a connection through a remote
 * agent the applications on its host are listed and tuned through its list-qos/set-qos ({@link RemoteTuning},
 * {@link RemoteApplicationEntity}).
 */
public final class ApplicationTuningView extends ViewPart {

    public static final String ID = "org.ddstuner.agent.ui.views.applications";

    /** How often the list of agents and their entities is asked again. */
    static final long REFRESH_MS = 5000;

    private TreeViewer tree;
    private Label empty;
    private Label banner;
    private QosTuningEditor editor;
    private StatisticsPanel statistics;
    private volatile List<AgentNode> nodes = List.of();
    private volatile boolean disposed;
    private Job refresher;
    private volatile long refreshes;
    private String secretProblem;
    private volatile String remoteProblem;

    @Override
    public void createPartControl(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        Composite left = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(left);
        new Label(left, SWT.NONE).setText(Messages.APPS_HEADING);
        tree = new TreeViewer(left, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        tree.setContentProvider(new Content());
        tree.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getToolTipText(Object element) {
                return element.toString(); // the whole label: the tree is narrower than a process's line
            }
        });
        ColumnViewerToolTipSupport.enableFor(tree);
        tree.setAutoExpandLevel(TreeViewer.ALL_LEVELS);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tree.getControl());
        empty = new Label(left, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(150, SWT.DEFAULT).applyTo(empty);
        Composite buttons = new Composite(left, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(buttons);
        Button refresh = new Button(buttons, SWT.PUSH);
        refresh.setText(Messages.REFRESH);
        refresh.addListener(SWT.Selection, e -> refresh());
        Button secret = new Button(buttons, SWT.PUSH);
        secret.setText(Messages.SECRET);
        secret.setToolTipText(Messages.SECRET_TIP);
        secret.addListener(SWT.Selection, e -> chooseSecret());
        Button forget = new Button(buttons, SWT.PUSH);
        forget.setText(Messages.FORGET_SECRET);
        forget.setToolTipText(Messages.FORGET_SECRET_TIP);
        forget.addListener(SWT.Selection, e -> forgetSecret());

        Composite right = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(right);
        banner = new Label(right, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(300, SWT.DEFAULT).indent(4, 4).applyTo(banner);
        banner.setText(Messages.CHOOSE);
        editor = new QosTuningEditor(right);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(editor);
        editor.addAction(Messages.OVERRIDE, Messages.OVERRIDE_TIP, this::chooseOverrideFile);
        statistics = new StatisticsPanel(sash, null);
        sash.setWeights(24, 54, 22);

        tree.addSelectionChangedListener(e -> {
            TunableEndpoint sel = selected();
            if (sel != null && sel != editor.tunable()) {
                editor.show(sel);
                showStatistics(sel);
            }
            updateBanner();
        });
        refresher = Job.create("Ask the DDS Tuner agents for their processes' entities", m -> {
            scan();
            if (!disposed) {
                refresher.schedule(REFRESH_MS);
            }
            return Status.OK_STATUS;
        });
        refresher.setSystem(true);
        refresher.schedule();
    }

    private void showStatistics(TunableEndpoint e) {
        if (e instanceof RemoteApplicationEntity r) {
            statistics.showRemote(r);
        } else {
            statistics.show(e instanceof ApplicationEntity a ? a : null);
        }
    }

    private TunableEndpoint selected() {
        return tree.getStructuredSelection().getFirstElement() instanceof TunableEndpoint a ? a : null;
    }

    private AgentNode selectedAgent() {
        Object o = tree.getStructuredSelection().getFirstElement();
        if (o instanceof AgentNode n) {
            return n;
        }
        if (o instanceof TunableEndpoint a) {
            return nodes.stream().filter(n -> n.entities().contains(a)).findFirst().orElse(null);
        }
        return null;
    }

    /** Asks every open connection's agents now (in a Job; the list updates when it has run). */
    public void refresh() {
        refresher.cancel();
        refresher.schedule();
    }

    /** Runs in the refresher Job: announcements, then each running agent's LIST; a remote agent's list-qos. */
    private void scan() {
        List<AgentNode> found = new ArrayList<>();
        for (SystemConnection s : ConnectionManager.get().systems()) {
            if (s instanceof RemoteConnection rc && rc.isOpen()) {
                try {
                    found.addAll(RemoteTuning.scan(rc));
                } catch (IOException | RuntimeException ex) {
                    remoteProblem = rc.label() + ": list-qos failed (" + ex.getMessage() + ")";
                    continue;
                }
                remoteProblem = null;
            }
        }
        for (Connection c : ConnectionManager.get().connections()) {
            if (!c.isOpen()) {
                continue;
            }
            AgentClient client = AgentSessions.client(c);
            for (AgentInfo a : client.agents()) {
                List<ApplicationEntity> entities = new ArrayList<>();
                String error = null;
                if ("running".equals(a.state())) {
                    try {
                        for (AgentEntity e : client.list(a.agent(), Duration.ofSeconds(3))) {
                            if (e.kind().equals("reader") || e.kind().equals("writer")) {
                                entities.add(AgentSessions.entity(c, a, e));
                            }
                        }
                    } catch (InterruptedException ex) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (RuntimeException ex) {
                        error = "not answering (" + ex.getMessage() + ")";
                    }
                }
                found.add(new AgentNode(c, a, List.copyOf(entities), error));
            }
        }
        nodes = List.copyOf(found);
        refreshes++;
        if (!disposed) {
            UiPoster.asyncExec(getSite().getShell().getDisplay(), this::showNodes);
        }
    }

    private void showNodes() {
        if (tree.getControl().isDisposed()) {
            return;
        }
        Object sel = tree.getStructuredSelection().getFirstElement();
        tree.setInput(nodes);
        empty.setText(nodes.isEmpty() ? Messages.NO_AGENTS : "");
        if (sel instanceof TunableEndpoint) {
            tree.setSelection(new StructuredSelection(sel), true);
        }
        updateBanner();
        empty.getParent().layout(true, true);
    }

    private void updateBanner() {
        AgentNode n = selectedAgent();
        if (n == null) {
            banner.setText(Messages.CHOOSE + (remoteProblem == null ? "" : " " + remoteProblem));
        } else {
            String process = n.info().process() + " (pid " + n.info().pid() + ")";
            Path f = AgentSessions.secretFile(n.info().agent());
            String text;
            if (!n.info().writable()) {
                text = String.format(Messages.REPORT_ONLY_APP, process);
            } else if (AgentSessions.givenSecret(n.info().agent()) != null) {
                text = String.format(Messages.SIGNED_GIVEN, process);
            } else if (f != null) {
                text = String.format(Messages.SIGNED, process, f);
            } else if (AgentSessions.storedSecret(n.info().process()) != null) {
                text = String.format(Messages.SIGNED_STORED, process, n.info().process());
            } else {
                text = String.format(Messages.REPORT_ONLY_TOOL, process);
            }
            if (n.connection() instanceof RemoteConnection rc) {
                String noQos = RemoteTuning.noQos(rc);
                text += noQos != null ? " " + noQos : Messages.REMOTE_BANNER;
            }
            banner.setText(text + (secretProblem == null ? "" : " " + secretProblem));
        }
        banner.getParent().layout(true, true);
    }

    /** Forgets the secret of the chosen process: the file chosen this session and the one kept in secure storage. */
    public void forgetSecret() {
        AgentNode n = selectedAgent();
        if (n == null) {
            return;
        }
        AgentSessions.setSecretFile(n.info().agent(), null);
        try {
            AgentSecrets.open().remove(n.info().process());
            secretProblem = null;
        } catch (java.io.IOException e) {
            secretProblem = String.format(Messages.SECRET_NOT_KEPT, e.getMessage());
        }
        tree.refresh(true);
        updateBanner();
    }

    private void chooseSecret() {
        AgentNode n = selectedAgent();
        if (n == null) {
            return;
        }
        FileDialog d = new FileDialog(tree.getControl().getShell(), SWT.OPEN);
        d.setText("Secret of " + n.info().process() + " (pid " + n.info().pid() + ")");
        String path = d.open();
        if (path != null) {
            useSecretFile(n.info().agent(), Path.of(path));
        }
    }

    /** Signs changes to {@code agent} ("host:pid") with the secret in {@code file} (null: none). */
    public void useSecretFile(String agent, Path file) {
        AgentSessions.setSecretFile(agent, file);
        secretProblem = null;
        AgentNode n = nodes.stream().filter(x -> x.info().agent().equals(agent)).findFirst().orElse(null);
        if (file != null && n != null) {
            // kept for the process name: its next run (a new pid) is signed without choosing the file again
            try {
                AgentSecrets.open().put(n.info().process(), org.ddstuner.agent.RequestSigner.readSecret(file));
            } catch (java.io.IOException | org.eclipse.equinox.security.storage.StorageException
                    | IllegalArgumentException e) {
                secretProblem = String.format(Messages.SECRET_NOT_KEPT, e.getMessage());
            }
        }
        tree.refresh(true);
        updateBanner();
    }

    private void chooseOverrideFile() {
        if (editor.tunable() instanceof RemoteApplicationEntity) {
            editor.setStatus(Messages.REMOTE_NOT_LIVE, true); // the file's path is on the application's host
            return;
        }
        if (!(editor.tunable() instanceof ApplicationEntity a)) {
            return;
        }
        FileDialog d = new FileDialog(tree.getControl().getShell(), SWT.SAVE);
        d.setText("Override file for " + a.process());
        d.setFileName("ddstuner-overrides-" + a.agent().process() + ".xml");
        d.setOverwrite(true);
        String path = d.open();
        if (path != null) {
            writeOverride(Path.of(path));
        }
    }

    /**
     * Writes the edited policies marked "at the application's next start" into {@code file} for the shown entity's
     * topic and kind; the editor's status says what happened. Returns whether the file was written.
     */
    public boolean writeOverride(Path file) {
        if (!(editor.tunable() instanceof ApplicationEntity a)) {
            return false;
        }
        try {
            Map<String, Object> next = editor.editedValues(Changeability.NEXT_START);
            if (next.isEmpty()) {
                editor.setStatus(Messages.OVERRIDE_NOTHING, false);
                return false;
            }
            Files.writeString(file, a.overrideXml(next), StandardCharsets.UTF_8);
            editor.setStatus(String.format(Messages.OVERRIDE_WRITTEN, file, a.process(), file.toAbsolutePath()), false);
            return true;
        } catch (IllegalArgumentException | IOException e) {
            editor.setStatus(String.valueOf(e.getMessage()), true);
            return false;
        }
    }

    // ---- for tests

    /** The processes listed now. */
    public List<String> agentLabels() {
        return nodes.stream().map(AgentNode::label).toList();
    }

    /** The readers/writers listed now for the agent of process {@code pid}. */
    public List<ApplicationEntity> entities(long pid) {
        return nodes.stream().filter(n -> n.info().pid() == pid).flatMap(n -> n.entities().stream())
                .filter(ApplicationEntity.class::isInstance).map(ApplicationEntity.class::cast).toList();
    }

    /** How many times the agents were asked (a test waits for one more after starting an application). */
    public long refreshes() {
        return refreshes;
    }

    /** Selects the entity with GUID {@code id} (32 hex digits) of the agent of process {@code pid}; false if not listed. */
    public boolean select(long pid, String id) {
        for (AgentNode n : nodes) {
            for (TunableEndpoint e : n.entities()) {
                if (n.info().pid() == pid && e.guid().equals(org.ddstuner.dds.Guid.parse(id))) {
                    tree.setInput(nodes);
                    tree.setSelection(new StructuredSelection(e), true);
                    if (editor.tunable() != e) {
                        editor.show(e);
                        showStatistics(e);
                    }
                    updateBanner();
                    return true;
                }
            }
        }
        return false;
    }

    public QosTuningEditor editor() {
        return editor;
    }

    public StatisticsPanel statistics() {
        return statistics;
    }

    public String bannerText() {
        return banner.getText();
    }

    @Override
    public void setFocus() {
        tree.getControl().setFocus();
    }

    @Override
    public void dispose() {
        disposed = true;
        refresher.cancel();
        super.dispose();
    }

    private static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return ((List<?>) input).toArray();
        }

        @Override
        public Object[] getChildren(Object parent) {
            return parent instanceof AgentNode n ? n.entities().toArray() : new Object[0];
        }

        @Override
        public Object getParent(Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return element instanceof AgentNode n && !n.entities().isEmpty();
        }
    }
}
