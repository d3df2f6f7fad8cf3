package org.ddstuner.record.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.ddstuner.connection.Connection;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.Recording;
import org.ddstuner.record.RemoteRecorder;
import org.ddstuner.record.RecordingInfo;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.live.UiPoster;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.ui.PlatformUI;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The Recordings view's content: choose a connection and the topics (those with writers), start and stop a
 * recording into the folder ({@link Recorder}, the same as {@code ddstuner record}; on a remote-agent connection a
 * {@link RemoteRecorder}: the agent reads, as {@code record --remote}), and see every recording of the
 * session and of the folder with its state, topics, messages, dropped samples, size and duration. Types are learned
 * and files read on background threads, which post back through {@link UiPoster}; a running recording's counts are
 * pulled every 500 ms on the UI thread (cheap counters).
 */
public final class RecordingsComposite extends Composite {

    private static final int REFRESH_MS = 500;
    /** Through a remote agent: the most the protocol grants per topic (samples/s, queued on each side). */
    private static final int REMOTE_MAX_RATE = 10_000;
    private static final int REMOTE_QUEUE = 100_000;

    private final Combo connections;
    private final Table topics;
    private final Text folder;
    private final Button start;
    private final Button stop;
    private final Label status;
    private final Table recordings;
    private final List<LiveConnection> shown = new ArrayList<>();
    private final List<RecordingRow> rows = new ArrayList<>();
    private RecordingRow running;
    private final Runnable tick = this::tick;
    private final Runnable connectionsChanged = () -> UiPoster.asyncExec(getDisplay(), this::fillConnections);

    public RecordingsComposite(Composite parent) {
        super(parent, SWT.NONE);
        setLayout(new FillLayout());
        SashForm sash = new SashForm(this, SWT.VERTICAL);
        Composite top = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(4).margins(4, 4).applyTo(top);
        new Label(top, SWT.NONE).setText(Messages.CONNECTION);
        connections = new Combo(top, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(connections);
        Button refresh = new Button(top, SWT.PUSH);
        refresh.setText(Messages.REFRESH);
        refresh.addListener(SWT.Selection, e -> fillTopics());
        connections.addListener(SWT.Selection, e -> fillTopics());
        Label tl = new Label(top, SWT.NONE);
        tl.setText(Messages.TOPICS);
        GridDataFactory.fillDefaults().span(4, 1).applyTo(tl);
        topics = new Table(top, SWT.CHECK | SWT.BORDER | SWT.V_SCROLL);
        GridDataFactory.fillDefaults().grab(true, true).span(4, 1).hint(SWT.DEFAULT, 40).applyTo(topics);
        new Label(top, SWT.NONE).setText(Messages.FOLDER);
        folder = new Text(top, SWT.BORDER);
        folder.setText(Path.of(System.getProperty("user.home"), ".ddstuner", "recordings").toString());
        folder.addListener(SWT.DefaultSelection, e -> listFolder());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(folder);
        start = new Button(top, SWT.PUSH);
        start.setText(Messages.START);
        start.addListener(SWT.Selection, e -> startRecording());
        stop = new Button(top, SWT.PUSH);
        stop.setText(Messages.STOP);
        stop.setEnabled(false);
        stop.addListener(SWT.Selection, e -> stopRecording());
        status = new Label(top, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).span(4, 1).applyTo(status);
        Composite bottom = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(bottom);
        new Label(bottom, SWT.NONE).setText(Messages.RECORDINGS);
        recordings = new Table(bottom, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        recordings.setHeaderVisible(true);
        int[] widths = { 230, 110, 200, 90, 70, 80, 80 };
        for (int i = 0; i < Messages.COLUMNS.length; i++) {
            TableColumn c = new TableColumn(recordings, SWT.LEFT);
            c.setText(Messages.COLUMNS[i]);
            c.setWidth(widths[i]);
        }
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 40).applyTo(recordings);
        sash.setWeights(55, 45);
        Menu menu = new Menu(recordings);
        MenuItem open = new MenuItem(menu, SWT.PUSH);
        open.setText(Messages.OPEN_IN_READER);
        open.addListener(SWT.Selection, e -> openSelectedInReader());
        menu.addListener(SWT.Show, e -> open.setEnabled(topicsOf(recordings.getSelectionIndex()) != null));
        recordings.setMenu(menu);
        recordings.addListener(SWT.DefaultSelection, e -> openSelectedInReader());
        LiveSystems.get().addListener(connectionsChanged);
        addDisposeListener(e -> {
            LiveSystems.get().removeListener(connectionsChanged);
            if (running != null) {
                Recording r = running.recorder;
                Thread.ofPlatform().daemon().start(() -> closeQuietly(r)); // the file gets its summary
            }
        });
        fillConnections();
        listFolder();
        getDisplay().timerExec(REFRESH_MS, tick);
    }

    /** The folder recordings go to (and are listed from). */
    public Path folder() {
        return Path.of(folder.getText().trim());
    }

    public void setFolder(Path p) {
        folder.setText(p.toString());
        listFolder();
    }

    /** Selects the connection whose label starts with {@code label}; true if there is one. */
    public boolean selectConnection(String label) {
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i).label().startsWith(label)) {
                connections.select(i);
                fillTopics();
                return true;
            }
        }
        return false;
    }

    /** Checks the topic named {@code name} in the list; true if it is there. */
    public boolean checkTopic(String name) {
        for (TableItem it : topics.getItems()) {
            if (it.getData().equals(name)) {
                it.setChecked(true);
                return true;
            }
        }
        return false;
    }

    /** The texts of the recordings table, one row per line, cells separated by " | " (for tests). */
    public List<String> rowTexts() {
        List<String> out = new ArrayList<>();
        for (TableItem it : recordings.getItems()) {
            String[] c = new String[Messages.COLUMNS.length];
            for (int i = 0; i < c.length; i++) {
                c[i] = it.getText(i);
            }
            out.add(String.join(" | ", c));
        }
        return out;
    }

    public String statusText() {
        return status.getText();
    }

    public boolean isRecording() {
        return running != null;
    }

    private LiveConnection connection() {
        int i = connections.getSelectionIndex();
        return i < 0 || i >= shown.size() ? null : shown.get(i);
    }

    private void fillConnections() {
        if (isDisposed()) {
            return;
        }
        LiveConnection before = connection();
        shown.clear();
        shown.addAll(LiveSystems.get().connections());
        connections.setItems(shown.stream().map(LiveConnection::label).toArray(String[]::new));
        int keep = before == null ? 0 : shown.indexOf(before);
        if (!shown.isEmpty()) {
            connections.select(Math.max(0, keep));
            if (keep < 0 || before == null) {
                fillTopics();
            }
        }
    }

    /** Topics with an application's writer, from the connection's model now. */
    private void fillTopics() {
        LiveConnection lc = connection();
        TreeSet<String> checked = new TreeSet<>();
        for (TableItem it : topics.getItems()) {
            if (it.getChecked()) {
                checked.add((String) it.getData());
            }
        }
        topics.removeAll();
        if (lc == null) {
            return;
        }
        TreeSet<String> names = new TreeSet<>();
        java.util.Map<String, String> types = new java.util.HashMap<>();
        for (Endpoint e : lc.system().model().snapshot(false).endpoints()) {
            if (!e.isReader() && e.alive() && !e.hidden() && !e.topicName().startsWith("DCPS")) {
                names.add(e.topicName());
                types.putIfAbsent(e.topicName(), e.typeName());
            }
        }
        for (String n : names) {
            TableItem it = new TableItem(topics, SWT.NONE);
            it.setText(n + "  (" + types.get(n) + ")");
            it.setData(n);
            it.setChecked(checked.contains(n));
        }
    }

    private void startRecording() {
        LiveConnection lc = connection();
        if (lc == null) {
            status.setText(Messages.NO_CONNECTION);
            return;
        }
        List<String> chosen = new ArrayList<>();
        for (TableItem it : topics.getItems()) {
            if (it.getChecked()) {
                chosen.add((String) it.getData());
            }
        }
        if (chosen.isEmpty()) {
            status.setText(Messages.NO_TOPIC);
            return;
        }
        Path dir = folder();
        Path file = dir.resolve("recording-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern(
                "yyyyMMdd-HHmmss")) + ".mcap");
        RecordingRow row = new RecordingRow(file);
        row.state = Messages.RESOLVING;
        rows.addFirst(row);
        running = row;
        start.setEnabled(false);
        stop.setEnabled(false);
        status.setText(Messages.RESOLVING);
        refreshTable();
        if (!lc.isLocal()) {
            startRemote(lc, chosen, dir, file, row);
            return;
        }
        Connection c = lc.connection();
        Thread.ofPlatform().daemon().name("ddstuner-record-start").start(() -> {
            List<Recorder.TopicChoice> choices = new ArrayList<>();
            try {
                Files.createDirectories(dir);
                SystemSnapshot snap = c.model().snapshot(true);
                for (String t : chosen) {
                    ResolvedType type = new TypeResolver(c, new ImportedTypes()).resolve(t);
                    choices.add(new Recorder.TopicChoice(type, QosDeriver.forReader(snap, t)));
                }
                Recorder r = Recorder.start(c, file, choices, Recorder.DEFAULT_RING);
                UiPoster.asyncExec(getDisplay(), () -> started(row, r));
            } catch (IOException | RuntimeException e) {
                choices.forEach(x -> x.type().close());
                UiPoster.asyncExec(getDisplay(), () -> failed(row, e));
            }
        });
    }

    /** Through a remote agent: it reads the topics and streams the samples raw, this side writes the file. */
    private void startRemote(LiveConnection lc, List<String> chosen, Path dir, Path file, RecordingRow row) {
        if (!(lc.system() instanceof RemoteConnection rc)) {
            failed(row, new IllegalStateException(lc.label() + " cannot record"));
            return;
        }
        Thread.ofPlatform().daemon().name("ddstuner-record-start").start(() -> {
            try {
                Files.createDirectories(dir);
                Recording r = RemoteRecorder.start(rc.client(), file, chosen, REMOTE_MAX_RATE, REMOTE_QUEUE);
                UiPoster.asyncExec(getDisplay(), () -> started(row, r));
            } catch (IOException | RuntimeException e) {
                UiPoster.asyncExec(getDisplay(), () -> failed(row, e));
            }
        });
    }

    private void started(RecordingRow row, Recording r) {
        row.recorder = r;
        row.state = Messages.RECORDING;
        if (isDisposed()) {
            closeQuietly(r);
            return;
        }
        stop.setEnabled(true);
        status.setText("Recording " + String.join(", ", r.topics()) + " into " + row.file);
        refreshTable();
    }

    private void failed(RecordingRow row, Exception e) {
        row.state = Messages.FAILED;
        row.error = e.getMessage();
        running = null;
        if (isDisposed()) {
            return;
        }
        start.setEnabled(true);
        stop.setEnabled(false);
        status.setText("Recording failed: " + e.getMessage());
        refreshTable();
    }

    private void stopRecording() {
        RecordingRow row = running;
        if (row == null || row.recorder == null) {
            return;
        }
        stop.setEnabled(false);
        Recording r = row.recorder;
        Thread.ofPlatform().daemon().name("ddstuner-record-stop").start(() -> {
            try {
                r.close();
                RecordingInfo info = RecordingInfo.of(row.file);
                UiPoster.asyncExec(getDisplay(), () -> stopped(row, info, r.progress(), r.remarks()));
            } catch (IOException | RuntimeException e) {
                UiPoster.asyncExec(getDisplay(), () -> failed(row, e));
            }
        });
    }

    private void stopped(RecordingRow row, RecordingInfo info, Recording.Progress stats, String remarks) {
        row.recorder = null;
        row.info = info;
        row.dropped = stats.dropped();
        row.state = Messages.DONE;
        running = null;
        if (isDisposed()) {
            return;
        }
        start.setEnabled(true);
        status.setText("Recorded " + stats.written() + " samples into " + row.file + " (received " + stats.received()
                + ", dropped " + stats.dropped() + (remarks.isEmpty() ? "" : "; " + remarks) + ")");
        refreshTable();
    }

    /** Reads the folder's .mcap files in the background (a killed recording shows as recovered). */
    private void listFolder() {
        Path dir = folder();
        Thread.ofPlatform().daemon().name("ddstuner-recordings-list").start(() -> {
            List<RecordingRow> found = new ArrayList<>();
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    for (Path p : s.filter(x -> x.toString().endsWith(".mcap")).sorted().toList()) {
                        RecordingRow r = new RecordingRow(p);
                        try {
                            r.info = RecordingInfo.of(p);
                            r.state = r.info.recovered() ? Messages.RECOVERED : Messages.DONE;
                        } catch (IOException | RuntimeException e) {
                            r.state = Messages.FAILED;
                            r.error = e.getMessage();
                        }
                        found.add(r);
                    }
                } catch (IOException e) {
                    // an unreadable folder lists nothing
                }
            }
            UiPoster.asyncExec(getDisplay(), () -> {
                if (isDisposed()) {
                    return;
                }
                rows.removeIf(r -> r.recorder == null && r != running && found.stream().anyMatch(f -> f.file.equals(
                        r.file)));
                for (RecordingRow f : found) {
                    if (rows.stream().noneMatch(r -> r.file.equals(f.file))) {
                        rows.add(f);
                    }
                }
                refreshTable();
            });
        });
    }

    /** The topics of a finished recording's row, else {@code null}. */
    private List<String> topicsOf(int row) {
        if (row < 0 || row >= rows.size() || rows.get(row).recorder != null || rows.get(row).info == null) {
            return null;
        }
        return List.copyOf(rows.get(row).info.topics().keySet());
    }

    private void openSelectedInReader() {
        List<String> t = topicsOf(recordings.getSelectionIndex());
        if (t == null || t.isEmpty()) {
            return;
        }
        String topic = OpenInReader.chooseTopic(getShell(), t);
        if (topic != null) {
            openInReader(recordings.getSelectionIndex(), topic);
        }
    }

    /** Shows {@code topic} of the recording in row {@code row} in a Reader view (read on a background thread). */
    public void openInReader(int row, String topic) {
        OpenInReader.open(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage(), rows.get(row).file,
                topic, text -> {
                    if (!status.isDisposed()) {
                        status.setText(text);
                        status.getParent().layout();
                    }
                });
    }

    private void tick() {
        if (isDisposed()) {
            return;
        }
        if (running != null && running.recorder != null && isVisible()) {
            refreshTable();
            if (running.recorder.failure() != null) {
                status.setText("Recording stopped: " + running.recorder.failure());
            }
        }
        getDisplay().timerExec(REFRESH_MS, tick);
    }

    private void refreshTable() {
        if (recordings.getItemCount() != rows.size()) {
            recordings.setItemCount(rows.size());
        }
        for (int i = 0; i < rows.size(); i++) {
            recordings.getItem(i).setText(rows.get(i).cells());
        }
    }

    private static void closeQuietly(Recording r) {
        try {
            r.close();
        } catch (IOException | RuntimeException e) {
            // the file keeps what was written; its index is rebuilt when it is opened
        }
    }
}
