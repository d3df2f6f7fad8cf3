package org.ddstuner.pother.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.LocalAgentsSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.TableItem;

/**
 * The Pother agents announced on the benchmark domain (app id, group, host, pid, state, CPU, RSS, whether it is
 * still there — live, "unresponsive (silent since hh:mm:ss)", "gone (since hh:mm:ss)" or stopped, as the
 * {@link PotherController} sees it —, its tests), wherever they run, plus the local agent processes this window
 * started over another transport. "Start local agents" starts agent processes on this machine (a Job: a JVM takes
 * seconds); "Stop local agents" ends them.
 */
public final class AgentsView extends TableViewPart {

    private Label status;
    private Spinner count;
    private Button start;
    private Button stopAgents;
    private Button editQos;
    private volatile String jobMessage;
    private volatile boolean jobRunning;

    @Override
    public void createPartControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(6, false));
        status = new Label(c, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(c, SWT.NONE).setText(Messages.AGENT_COUNT);
        count = new Spinner(c, SWT.BORDER);
        count.setValues(2, 2, 8, 0, 1, 1);
        start = new Button(c, SWT.PUSH);
        start.setText(Messages.START_LOCAL_AGENTS);
        start.setToolTipText(Messages.START_LOCAL_AGENTS_TIP);
        start.addListener(SWT.Selection, e -> startLocalAgents(count.getSelection()));
        stopAgents = new Button(c, SWT.PUSH);
        stopAgents.setText(Messages.STOP_LOCAL_AGENTS);
        stopAgents.addListener(SWT.Selection, e -> stopLocalAgents());
        editQos = new Button(c, SWT.PUSH);
        editQos.setText(Messages.EDIT_QOS);
        editQos.setToolTipText(Messages.EDIT_QOS_TIP);
        editQos.addListener(SWT.Selection, e -> editQos());
        int[] widths = { 60, 70, 110, 70, 70, 110, 80, 260, 150, 260 };
        table = TableTexts.create(c, 6, Messages.AGENT_COLUMNS.split(","), widths, i -> i == 0 || (i >= 3 && i <= 6));
        startRefreshing(parent.getDisplay());
    }

    /** Starts {@code n} local agent processes over UDP on the benchmark domain (in a Job). */
    public void startLocalAgents(int n) {
        jobRunning = true;
        jobMessage = Messages.startingAgents(n);
        Job job = Job.create(Messages.startingAgents(n), (IProgressMonitor m) -> {
            try {
                BenchmarkSession s = BenchmarkSession.get();
                LocalAgentsSource src = s.localAgents();
                src.stopAgents();
                src.setAgents(n, firstFreeAppId(s.controller()));
                LocalAgents la = src.ensure(RunDefinition.Transport.UDP);
                jobMessage = Messages.agentsStarted(la.appIds().toString(), la.domainId());
                return Status.OK_STATUS;
            } catch (Exception e) {
                jobMessage = Messages.AGENTS_FAILED + e.getMessage();
                UiLog.error(jobMessage, e);
                return Status.error(jobMessage, e);
            } finally {
                jobRunning = false;
            }
        });
        job.setPriority(Job.LONG);
        job.schedule();
    }

    /** App ids from 101 that no agent on the domain uses now (those of stopped or gone agents are free again). */
    private static int firstFreeAppId(PotherController c) {
        Map<Integer, AgentStatus> known = c.statuses();
        int id = 101;
        while (known.containsKey(id) && (known.get(id).live()
                || known.get(id).liveness() == AgentStatus.Liveness.UNRESPONSIVE)) {
            id++;
        }
        return id;
    }

    /**
     * Opens "Edit QoS" on the running test's readers and writers in the local agent processes (modeless); null, with
     * the reason in the status line, when they do not run with the DDS Tuner agent.
     */
    public org.ddstuner.agent.ui.EndpointQosDialog editQos() {
        BenchmarkSession s = BenchmarkSession.get();
        String why = BenchmarkTuning.unavailable(s);
        if (why != null) {
            jobMessage = why;
            return null;
        }
        return BenchmarkTuning.open(table.getShell(), s);
    }

    public void stopLocalAgents() {
        jobRunning = true;
        Job.create(Messages.STOP_LOCAL_AGENTS, (IProgressMonitor m) -> {
            try {
                BenchmarkSession.get().localAgents().stopAgents();
                jobMessage = Messages.AGENTS_STOPPED;
            } finally {
                jobRunning = false;
            }
            return Status.OK_STATUS;
        }).schedule();
    }

    /** Every agent seen: the benchmark domain's, and local agents on another transport's domain. */
    private static Map<Integer, AgentStatus> agents(BenchmarkSession s) {
        Map<Integer, AgentStatus> all = new TreeMap<>(s.controller().statuses());
        LocalAgentsSource src = s.localAgents();
        LocalAgents la = src.agents();
        if (la != null && la.transport() != RunDefinition.Transport.UDP) {
            PotherController other = src.controller(la.transport());
            if (other != null) {
                all.putAll(other.statuses());
            }
        }
        return all;
    }

    @Override
    protected void refresh() {
        BenchmarkSession s = BenchmarkSession.get();
        LocalAgents la = s.localAgents().agents();
        List<String[]> rows = new ArrayList<>();
        List<String> trouble = new ArrayList<>(); // agents that were running and are not there now
        for (AgentStatus st : agents(s).values()) {
            if (st.liveness() == AgentStatus.Liveness.GONE || st.liveness() == AgentStatus.Liveness.UNRESPONSIVE) {
                trouble.add(Messages.agentTrouble(st.appId(), st.liveness().text()));
            }
            AgentAnnouncement a = st.announcement();
            boolean local = la != null && la.agents().stream().anyMatch(p -> p.pid() == a.pid());
            // a gone agent's last announcement says "running" with the CPU of its last second: no longer true
            boolean gone = st.liveness() == AgentStatus.Liveness.GONE;
            rows.add(new String[] { Integer.toString(a.appId()), a.groupId(), a.host(), Long.toString(a.pid()),
                gone ? Messages.AGENT_GONE : a.state(),
                gone ? Messages.NONE : String.format(Locale.ROOT, "%.1f", a.usage().cpuTotalPercent()),
                gone ? Messages.NONE : String.format(Locale.ROOT, "%.1f", a.usage().rssBytes() / 1e6), st.describe(),
                a.tests(), local ? Messages.localProcess(la.transport(), la.domainId()) : "" });
        }
        table.setRedraw(false);
        try {
            while (table.getItemCount() > rows.size()) {
                table.getItem(table.getItemCount() - 1).dispose();
            }
            for (int i = 0; i < rows.size(); i++) {
                TableItem item = i < table.getItemCount() ? table.getItem(i) : new TableItem(table, SWT.NONE);
                for (int col = 0; col < rows.get(i).length; col++) {
                    if (!rows.get(i)[col].equals(item.getText(col))) {
                        item.setText(col, rows.get(i)[col]);
                    }
                }
            }
        } finally {
            table.setRedraw(true);
        }
        // agents that stopped answering matter more than how they were started: the line has room for one of both
        String text = !trouble.isEmpty() ? Messages.agentsInTrouble(String.join(", ", trouble))
                : jobMessage != null ? jobMessage : Messages.agentsOn(s.domainId());
        if (!text.equals(status.getText())) {
            status.setText(text);
            status.getParent().layout();
        }
        start.setEnabled(!jobRunning);
        stopAgents.setEnabled(!jobRunning && la != null);
        editQos.setEnabled(!jobRunning && la != null);
    }

    public String status() {
        return status.getText();
    }

    public Button startButton() {
        return start;
    }

    public Button editQosButton() {
        return editQos;
    }

    public Button stopButton() {
        return stopAgents;
    }

}
