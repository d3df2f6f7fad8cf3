package org.ddstuner.samples.ui.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Samples of one topic of a remote agent's system, read by the agent's own reader and streamed
 * ({@link RemoteSubscription}): the newest {@value #MAX_ROWS} in a table, and above it what was lost and where —
 * the agent's queue, its rate cap, this side's queue — never silent. The stream is resubscribed by the client
 * after a reconnect; while the link is down the view says so and keeps what it has.
 */
public final class RemoteReaderView extends ViewPart {

    public static final String ID = "org.ddstuner.samples.ui.views.remoteReader";
    static final int MAX_ROWS = 1000;
    static final int MAX_RATE = 200;
    static final int QUEUE = 2000;
    private static final int REFRESH_MS = 200;

    private Label header;
    private Label dropLine;
    private TableViewer table;
    private final ArrayDeque<JsonNode> rows = new ArrayDeque<>();
    private final ConcurrentLinkedQueue<JsonNode> arrived = new ConcurrentLinkedQueue<>();
    private volatile RemoteSubscription subscription;
    private volatile String problem;
    private volatile boolean disposed;
    private LiveConnection connection;
    private String topic;
    private long received;
    private boolean ticking;

    @Override
    public void createPartControl(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(parent);
        header = new Label(parent, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(header);
        dropLine = new Label(parent, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(dropLine);
        table = new TableViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI | SWT.V_SCROLL | SWT.H_SCROLL);
        table.getTable().setHeaderVisible(true);
        table.getTable().setLinesVisible(true);
        table.setContentProvider(ArrayContentProvider.getInstance());
        column("#", 60, s -> s.path("seq").asText(""));
        column("Received", 240, s -> s.path("received").asText(""));
        column("Writer", 300, s -> s.path("writer").asText(""));
        column("Value", 600, s -> s.has("value") ? s.get("value").toString()
                : s.path("error").asText("") + " " + s.path("data").asText(""));
        GridDataFactory.fillDefaults().grab(true, true).applyTo(table.getControl());
        header.setText("Choose a topic of a remote agent's connection and Read Samples….");
    }

    private void column(String title, int width, java.util.function.Function<JsonNode, String> text) {
        TableViewerColumn c = new TableViewerColumn(table, SWT.LEFT);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((JsonNode) element);
            }
        });
    }

    /** Subscribes to {@code topicName} through {@code remote}'s agent (off the UI thread) and shows what arrives. */
    public void start(LiveConnection live, RemoteConnection remote, String topicName) {
        stop();
        connection = live;
        topic = topicName;
        problem = null;
        received = 0;
        rows.clear();
        arrived.clear();
        setPartName("Reader: " + topicName);
        header.setText("Topic " + topicName + " on " + remote.label() + ": asking the agent to read it…");
        Job job = new Job("Read " + topicName + " through " + remote.label()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                RemoteSubscription sub;
                try {
                    sub = remote.client().subscribe(topicName, MAX_RATE, QUEUE);
                } catch (IOException | RuntimeException e) {
                    problem = "The agent could not read " + topicName + ": " + e.getMessage();
                    return Status.OK_STATUS;
                }
                subscription = sub;
                while (!disposed && subscription == sub && !monitor.isCanceled()) {
                    try {
                        List<JsonNode> got = sub.poll(500, Duration.ofMillis(200));
                        arrived.addAll(got);
                    } catch (InterruptedException e) {
                        break;
                    }
                }
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
        if (!ticking) {
            ticking = true;
            tick();
        }
    }

    /** Moves what arrived into the table and updates the lines above it, every {@value #REFRESH_MS} ms. */
    private void tick() {
        if (disposed || table.getControl().isDisposed()) {
            return;
        }
        List<JsonNode> batch = new ArrayList<>();
        for (JsonNode n; (n = arrived.poll()) != null;) {
            batch.add(n);
        }
        if (!batch.isEmpty()) {
            received += batch.size();
            for (JsonNode n : batch) {
                rows.addFirst(n); // newest on top
                if (rows.size() > MAX_ROWS) {
                    rows.removeLast();
                }
            }
            table.setInput(new ArrayList<>(rows));
        }
        updateLines();
        table.getControl().getDisplay().timerExec(REFRESH_MS, this::tick);
    }

    private void updateLines() {
        RemoteSubscription sub = subscription;
        String link = LiveConnection.linkNote(connection.link());
        String failure = problem != null ? problem : sub != null ? sub.failure() : null;
        String type = sub != null && sub.typeName() != null ? ", type " + sub.typeName() : "";
        header.setText("Topic " + topic + " on " + connection.system().label() + link + type + " — read by the agent, "
                + "at most " + MAX_RATE + " samples/s; newest " + MAX_ROWS + " shown" + (failure != null ? ". "
                        + failure : ""));
        if (sub != null) {
            RemoteSubscription.Drops d = sub.drops();
            dropLine.setText(String.format("Received %d · dropped %d: %d in the agent's queue, %d by the rate cap, %d "
                    + "in this view's queue", received, d.total(), d.agentQueue(), d.rate(), d.local()));
            dropLine.setForeground(d.total() > 0 ? dropLine.getDisplay().getSystemColor(SWT.COLOR_DARK_RED) : null);
        }
        header.getParent().layout(true, true);
    }

    /** For tests: the samples shown, newest first. */
    public List<JsonNode> shownRows() {
        return new ArrayList<>(rows);
    }

    /** For tests: the two lines above the table. */
    public String headerText() {
        return header.getText() + "\n" + dropLine.getText();
    }

    private void stop() {
        RemoteSubscription sub = subscription;
        subscription = null;
        if (sub != null) {
            sub.close();
        }
    }

    @Override
    public void setFocus() {
        table.getControl().setFocus();
    }

    @Override
    public void dispose() {
        disposed = true;
        stop();
        super.dispose();
    }
}
