package org.ddstuner.samples.ui.reader;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.FilterParseException;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.QosEditorText;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TopicViewPart;
import org.ddstuner.samples.ui.common.TopicViewState;
import org.eclipse.core.runtime.jobs.Job;
import org.ddstuner.samples.ui.writer.WriterView;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;

/**
 * The Reader view of one topic (secondary id per topic and connection): the tool's own reader
 * ({@link ReaderSession}) fed into a virtual table by {@link ReaderFeed}, with history / latest per
 * instance, pause, clear, filter, details, export and "Inject…". Closing the view deletes the reader.
 */
public final class ReaderView extends TopicViewPart {

    public static final String ID = SamplesIds.READER_VIEW;
    /** The details tree's context menu, for other bundles' commands; its selection is a {@link DetailsField}. */
    public static final String DETAILS_MENU = ID + ".details";

    private ReaderPanel panel;
    private TopicTarget target;
    private SharedType type;
    private ReaderSession session;
    private ReaderFeed feed;
    /** The columns of CSV exports (kept after the reader is gone, for the samples still shown). */
    private SampleColumns exportColumns;
    /** Asking the writers for the type of a raw reader, or null. */
    private Job upgrade;
    /** The samples of a recording this view shows instead of a reader's (read-only), else {@code null}. */
    private List<ReceivedSample> recorded;
    private String recordedTopic;

    @Override
    protected Composite createPanel(Composite parent) {
        panel = new ReaderPanel(parent, this);
        DetailsMenu.register(getSite(), DETAILS_MENU, panel);
        return panel;
    }

    @Override
    protected void showEmpty() {
        notice().showEmpty(Messages.READER_EMPTY);
    }

    /**
     * Reopens the reader a view had before a restart: at once if its connection is open (type resolved in a
     * job, QoS derived afresh), else when that connection opens; the notice says which meanwhile.
     */
    @Override
    public void restore(TopicViewState s) {
        setPartName(Messages.fill(Messages.READER_PART, s.topic()));
        notice().restore(s, (t, resolved) -> {
            SharedType shared = SharedType.of(resolved);
            try {
                DerivedQos q = QosDeriver.forReader(t.connection().connection().model().snapshot(true), t.topic());
                return start(t, shared, ReaderSession.Config.of(q)) ? null : panel.statusText();
            } finally {
                shared.release();
            }
        }, x -> Messages.fill(Messages.READER_NOT_OPEN, x.topic(), x.connectionName(), x.domainId()));
    }

    /**
     * Opens the reader and starts showing samples; a reader this view had before is closed. The view keeps
     * a reference to {@code shared}.
     *
     * @return false when the reader cannot be created (the view says why)
     */
    public boolean start(TopicTarget t, SharedType shared, ReaderSession.Config config) {
        stop();
        notice().done();
        liveControls(true);
        target = t;
        type = shared.retain();
        setPartName(Messages.fill(Messages.READER_PART, t.topic()));
        setContentDescription(Messages.fill(Messages.READER_DESCRIPTION, type.type().typeName(),
                type.type().source().text(), t.name(), t.domainId(),
                QosEditorText.partitions(config.qos().partitions()),
                config.mode().name().toLowerCase(java.util.Locale.ROOT)));
        panel.columns(TableColumns.of(type.type()), config.capacity());
        panel.valueType(type.type().library(), type.type().struct().orElse(null));
        exportColumns = SampleColumns.of(type.type());
        try {
            session = ReaderSession.open(t.connection().connection(), type.type(), config);
        } catch (RuntimeException e) {
            panel.status(Messages.fill(Messages.READER_OPEN_FAILED, e.getMessage()));
            return false;
        }
        // e.g. that writers offering XCDR1 are left out (one representation per reader of a non-final type)
        panel.info(String.join(" ", session.notes()));
        feed = new ReaderFeed(session, panel.getDisplay(), this::apply);
        feed.setFilter(currentFilter());
        feed.start();
        if (type.type().isRaw() && TypeUpgrade.worthAsking(t.connection().snapshot(), t.topic())) {
            lookForTheType();
        }
        return true;
    }

    /**
     * Shows samples read from a file (a recording's topic) instead of a live reader: read-only (no reader, nothing
     * received later, no pause or inject), filtered and exported as live ones. A reader this view had is closed.
     *
     * @param source  for the description, e.g. "recording run.mcap (1,000 of 1,000 messages)"
     * @param samples oldest first
     */
    public void showRecorded(String topic, SharedType shared, String source, List<ReceivedSample> samples) {
        stop();
        notice().done();
        target = null;
        type = shared.retain();
        recorded = List.copyOf(samples);
        recordedTopic = topic;
        setPartName(Messages.fill(Messages.READER_PART, topic));
        setContentDescription(type.type().typeName() + " · " + source);
        panel.columns(TableColumns.of(type.type()), Math.max(1, recorded.size()));
        panel.valueType(type.type().library(), type.type().struct().orElse(null));
        exportColumns = SampleColumns.of(type.type());
        liveControls(false);
        showRecorded(currentFilter());
    }

    /** Pause, Clear and Inject act on a live reader: off while a recording is shown. */
    private void liveControls(boolean on) {
        for (org.eclipse.swt.widgets.Control c : panel.pauseButton().getParent().getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Button b && List.of(Messages.READER_PAUSE, Messages.READER_RESUME,
                    Messages.READER_CLEAR, Messages.READER_INJECT).contains(b.getText())) {
                b.setEnabled(on);
            }
        }
    }

    private void showRecorded(SampleFilter f) {
        panel.apply(new ReaderFeed.Update(true, f.apply(recorded), List.of(), new org.ddstuner.samples.SessionStats(
                recorded.size(), 0, 0, 0, recorded.size(), recorded.size(), 0, 0, 0, 0, 0), 0));
    }

    /** The samples the table shows now, oldest first. */
    public List<ReceivedSample> shownSamples() {
        return panel.shownSamples();
    }

    /** Whether the view shows a recording rather than a live reader. */
    public boolean showsRecording() {
        return recorded != null;
    }

    /**
     * The person added a type source (imported IDL, ROS 2 message folders): a view showing bytes only looks
     * for its type again and switches to decoded samples when one is found.
     */
    public void typeSourcesChanged() {
        if (session != null && type != null && type.type().isRaw() && upgrade == null) {
            lookForTheType();
        }
    }

    /** Resolves the type again (no RAW) and restarts the reader with it when found; the bytes so far go. */
    private void lookForTheType() {
        ReaderSession raw = session;
        panel.info(Messages.READER_LOOKING_FOR_TYPE);
        upgrade = TypeUpgrade.start(target, panel.getDisplay(), found -> {
            upgrade = null;
            SharedType shared = SharedType.of(found);
            try {
                if (session == raw && !panel.isDisposed() && start(target, shared, raw.config())) {
                    panel.info(Messages.fill(Messages.READER_TYPE_FOUND, found.typeName(), found.source().text()));
                }
            } finally {
                shared.release(); // the view holds its own reference when it switched
            }
        }, why -> {
            upgrade = null;
            if (session == raw && !panel.isDisposed()) {
                panel.status(Messages.fill(Messages.READER_TYPE_NOT_FOUND, why.replace('\n', ' ')));
            }
        });
    }

    /** The status line under the table (why the reader failed, what happened to the type), for tests. */
    public String status() {
        return panel.statusText();
    }

    /** Whether the status line shows a problem (red) rather than news such as a type found, for tests. */
    public boolean statusIsError() {
        return panel.statusIsError();
    }

    private void apply(ReaderFeed.Update u) {
        if (panel.isDisposed()) {
            return;
        }
        panel.apply(u);
        if (!target.connection().connection().isOpen()) {
            panel.status(Messages.READER_CONNECTION_CLOSED);
            stop();
            return;
        }
        String failure = session == null ? null : session.failure();
        if (failure != null) {
            panel.status(Messages.fill(Messages.READER_FAILED, failure));
        }
    }

    public ReaderSession session() {
        return session;
    }

    @Override
    public TopicTarget target() {
        return target;
    }

    public ReaderPanel panel() {
        return panel;
    }

    void setLatest(boolean perInstance) {
        panel.setLatest(perInstance);
    }

    /** Shows the history ({@code false}) or the latest sample per instance. */
    public void showLatestPerInstance(boolean perInstance) {
        setLatest(perInstance);
    }

    /** Stops or resumes keeping samples (the reader keeps draining DDS meanwhile). */
    public void setPaused(boolean paused) {
        if (session != null) {
            if (paused) {
                session.pause();
            } else {
                session.resume();
            }
        }
        panel.pauseButton().setSelection(paused);
        panel.pauseButton().setText(paused ? Messages.READER_RESUME : Messages.READER_PAUSE);
        panel.pauseButton().getParent().layout();
    }

    /** Forgets every sample received so far. */
    public void clear() {
        if (session != null) {
            session.clear();
            panel.clearRows();
            feed.rebuild();
        }
    }

    /** Filters by the expression in the filter field; a parse error is shown next to it and keeps the old filter. */
    void setFilterText(String text) {
        try {
            SampleFilter f = text.isBlank() ? SampleFilter.ALL : SampleFilter.parse(text);
            panel.filterError(null);
            if (feed != null) {
                feed.setFilter(f);
            } else if (recorded != null) {
                showRecorded(f);
            }
        } catch (FilterParseException e) {
            panel.filterError(e);
        }
    }

    private SampleFilter currentFilter() {
        try {
            String t = panel.filterField().getText();
            return t.isBlank() ? SampleFilter.ALL : SampleFilter.parse(t);
        } catch (FilterParseException e) {
            return SampleFilter.ALL;
        }
    }

    /** Writes the selected (or all shown) samples as CSV: the table's info and field columns; returns how many. */
    public int exportCsv(Path file, boolean selectedOnly) throws IOException {
        List<ReceivedSample> samples = selectedOnly ? panel.selectedSamples() : panel.shownSamples();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            SampleExport.writeCsv(samples, exportColumns.all(), w);
        }
        return samples.size();
    }

    /** Writes the selected (or all shown) samples as JSON (importable in the Writer view); returns how many. */
    public int exportJson(Path file, boolean selectedOnly) throws IOException {
        List<ReceivedSample> samples = selectedOnly ? panel.selectedSamples() : panel.shownSamples();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            SampleExport.writeJson(samples, w);
        }
        return samples.size();
    }

    void exportWithDialog(boolean selectedOnly) {
        if (exportColumns == null) {
            return;
        }
        FileDialog d = new FileDialog(getSite().getShell(), SWT.SAVE);
        d.setFilterExtensions(new String[] {"*.csv", "*.json"});
        d.setFilterNames(new String[] {Messages.READER_EXPORT_CSV, Messages.READER_EXPORT_JSON});
        d.setFileName((target != null ? target.topic() : recordedTopic).replaceAll("[^A-Za-z0-9_.-]", "_") + ".csv");
        d.setOverwrite(true);
        String f = d.open();
        if (f == null) {
            return;
        }
        Path p = Path.of(f);
        try {
            int n;
            if (f.toLowerCase().endsWith(".json") || d.getFilterIndex() == 1 && !f.toLowerCase().endsWith(".csv")) {
                n = exportJson(p, selectedOnly);
            } else {
                n = exportCsv(p, selectedOnly);
            }
            panel.info(Messages.fill(Messages.READER_EXPORTED, n, p));
        } catch (IOException | RuntimeException e) {
            panel.status(Messages.fill(Messages.READER_EXPORT_FAILED, p, e.getMessage()));
        }
    }

    /** Opens the Writer view of this topic with the selected sample's value (defaults if none is selected). */
    public WriterView inject() {
        if (session == null) {
            return null;
        }
        if (type.type().isRaw()) {
            panel.status(Messages.READER_INJECT_RAW);
            return null;
        }
        List<ReceivedSample> sel = panel.selectedSamples();
        Object value = sel.isEmpty() ? null : sel.getLast().value();
        try {
            WriterView w = (WriterView) getSite().getPage().showView(WriterView.ID, target.secondaryId(),
                    IWorkbenchPage.VIEW_ACTIVATE);
            w.start(target, type, QosDeriver.forWriter(target.connection().connection().model().snapshot(true),
                    target.topic(), type.type()), value);
            return w;
        } catch (PartInitException e) {
            panel.status(e.getMessage());
            return null;
        }
    }

    /** Selects row {@code i} (newest first) and shows its details. */
    public void selectRow(int i) {
        panel.selectRow(i);
    }

    public int rowCount() {
        return panel.rowCount();
    }

    private void stop() {
        if (upgrade != null) {
            upgrade.cancel();
            upgrade = null;
        }
        if (feed != null) {
            feed.close();
            feed = null;
        }
        if (session != null) {
            session.close();
            session = null;
        }
        if (type != null) {
            type.release();
            type = null;
        }
        recorded = null;
    }

    @Override
    public void setFocus() {
        panel.table().setFocus();
    }

    @Override
    public void dispose() {
        stop();
        super.dispose();
    }
}
