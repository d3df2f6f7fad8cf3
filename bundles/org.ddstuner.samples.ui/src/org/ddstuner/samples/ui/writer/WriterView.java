package org.ddstuner.samples.ui.writer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.JsonImportException;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.RepeatJob;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.QosEditor;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TopicViewPart;
import org.ddstuner.samples.ui.common.TopicViewState;
import org.ddstuner.types.cdr.CdrException;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.PartInitException;

/**
 * The Writer view of one topic (secondary id per topic and connection): an editor generated from the
 * topic's type, the writer QoS derived from the matched readers (editable), Write / Dispose / Unregister,
 * "write N at rate R", templates and JSON import. The tool's writer is created at the first write, after the
 * person confirmed writing into this connection ({@link InjectionConfirmation}); editing the QoS re-creates
 * it at the next write. The widgets are in {@link WriterPanel}.
 */
public final class WriterView extends TopicViewPart {

    public static final String ID = SamplesIds.WRITER_VIEW;

    private WriterPanel panel;
    private TopicTarget target;
    private SharedType type;
    private WriterSession session;
    private RepeatJob job;
    /** On a remote agent's connection: the agent writes; null on a local one. */
    private RemoteWrites remote;

    @Override
    protected Composite createPanel(Composite parent) {
        panel = new WriterPanel(parent, this);
        return panel;
    }

    @Override
    protected void showEmpty() {
        panel.showMessage(Messages.WRITER_EMPTY);
        notice().showEmpty(Messages.WRITER_EMPTY);
    }

    /** Reopens the editor a view had before a restart; the QoS is derived afresh. */
    @Override
    public void restore(TopicViewState s) {
        setPartName(Messages.fill(Messages.WRITER_PART, s.topic()));
        notice().restore(s, (t, resolved) -> {
            SharedType shared = SharedType.of(resolved);
            try {
                start(t, shared, QosDeriver.forWriter(t.connection().connection().model().snapshot(true), t.topic(),
                        resolved), null);
                return null;
            } finally {
                shared.release();
            }
        }, x -> Messages.fill(Messages.WRITER_NOT_OPEN, x.topic(), x.connectionName(), x.domainId()));
    }

    /**
     * Shows the editor for {@code t}'s topic. The view keeps a reference to {@code shared} (released when it
     * closes or shows another type).
     *
     * @param initial the value to start with (e.g. the sample selected in a Reader view), or null for defaults
     */
    public void start(TopicTarget t, SharedType shared, DerivedQos qos, Object initial) {
        closeSession();
        notice().done();
        if (type != null) {
            type.release();
        }
        target = t;
        type = shared.retain();
        ResolvedType rt = type.type();
        setPartName(Messages.fill(Messages.WRITER_PART, t.topic()));
        if (t.connection().system() instanceof RemoteConnection rc) {
            remote = new RemoteWrites(rc.client(), t.topic(), rt.typeName());
            setContentDescription(Messages.fill(Messages.WRITER_REMOTE_DESCRIPTION, rt.typeName(), rt.source().text(),
                    rc.label()));
        } else {
            remote = null;
            setContentDescription(Messages.fill(Messages.WRITER_DESCRIPTION, rt.typeName(), rt.source().text(),
                    t.name(), t.domainId()));
        }
        panel.show(rt, qos, initial);
        panel.repeatAvailable(remote == null);
    }

    /** Replaces the edited value (an imported or selected sample). */
    public void setValue(Object value) {
        ResolvedType rt = type.type();
        panel.editor().setValue(rt.library(), rt.type().orElseThrow(), value);
    }

    @Override
    public TopicTarget target() {
        return target;
    }

    public ResolvedType type() {
        return type == null ? null : type.type();
    }

    public ValueEditor editor() {
        return panel.editor();
    }

    public QosEditor qosEditor() {
        return panel.qos();
    }

    public WriterPanel panel() {
        return panel;
    }

    /** The open writer, if a write created one. */
    public WriterSession session() {
        return session;
    }

    /** What the status line says. */
    public String status() {
        return panel.status();
    }

    /** Writes the edited value; false (status says why) when a field is invalid or the person declined. */
    public boolean writeSample() {
        return remote != null ? remoteAct(Messages.WRITER_WROTE, "write")
                : act(Messages.WRITER_WROTE, (s, v) -> s.write(v));
    }

    /** Disposes the instance of the edited key. */
    public boolean disposeInstance() {
        return remote != null ? remoteAct(Messages.WRITER_DISPOSED, "dispose")
                : act(Messages.WRITER_DISPOSED, (s, v) -> s.dispose(v));
    }

    /** Unregisters the instance of the edited key. */
    public boolean unregisterInstance() {
        return remote != null ? remoteAct(Messages.WRITER_UNREGISTERED, "unregister")
                : act(Messages.WRITER_UNREGISTERED, (s, v) -> s.unregister(v));
    }

    /**
     * On a remote agent's connection: the agent writes the edited value (in the edited partitions, with QoS it derives
     * from the readers), after the same confirmation as a local write.
     */
    private boolean remoteAct(String done, String action) {
        Object value = editedValue();
        if (value == null) {
            return false;
        }
        DerivedQos qos = panel.qos().result();
        if (qos == null) {
            panel.error(Messages.fill(Messages.WRITER_BAD_QOS, panel.qos().errorText()));
            return false;
        }
        if (!InjectionConfirmation.ensure(getSite().getShell(), target, type.type().typeName(), qos)) {
            panel.error(Messages.WRITER_NOT_CONFIRMED);
            return false;
        }
        try {
            RemoteWrites.Done d = remote.send(action, value, qos);
            panel.info(Messages.fill(done, target.topic(), d.representation(), d.matchedReaders()));
            return true;
        } catch (IOException | RuntimeException e) {
            panel.error(Messages.fill(Messages.WRITER_FAILED, e.getMessage()));
            return false;
        }
    }

    private interface Action {
        void run(WriterSession s, Object value);
    }

    private boolean act(String done, Action action) {
        Object value = editedValue();
        if (value == null) {
            return false;
        }
        WriterSession s = session();
        s = s == null || !s.qos().equals(panel.qos().result()) ? openSession() : s;
        if (s == null) {
            return false;
        }
        try {
            action.run(s, value);
        } catch (CdrException | IllegalArgumentException e) {
            panel.error(Messages.fill(Messages.WRITER_FAILED, e.getMessage()));
            return false;
        } catch (RuntimeException e) {
            panel.error(Messages.fill(Messages.WRITER_FAILED, e.getMessage()));
            return false;
        }
        panel.info(Messages.fill(done, target.topic(), s.representation(), s.matchedReaders()));
        return true;
    }

    /** The edited value, or null after pointing at the first invalid field. */
    private Object editedValue() {
        List<EditNode> bad = panel.editor().invalid();
        if (!bad.isEmpty()) {
            EditNode first = bad.get(0);
            panel.editor().select(first);
            panel.error(Messages.fill(Messages.WRITER_INVALID, first.path(), first.error()));
            return null;
        }
        return panel.editor().value();
    }

    /** Creates the writer with the edited QoS after the injection confirmation; null when declined/failed. */
    private WriterSession openSession() {
        DerivedQos qos = panel.qos().result();
        if (qos == null) {
            panel.error(Messages.fill(Messages.WRITER_BAD_QOS, panel.qos().errorText()));
            return null;
        }
        if (!InjectionConfirmation.ensure(getSite().getShell(), target, type.type().typeName(), qos)) {
            panel.error(Messages.WRITER_NOT_CONFIRMED);
            return null;
        }
        closeSession();
        try {
            session = WriterSession.open(target.connection().connection(), type.type(), qos);
            return session;
        } catch (RuntimeException e) {
            panel.error(Messages.fill(Messages.WRITER_OPEN_FAILED, e.getMessage()));
            return null;
        }
    }

    /** Starts writing the edited value {@code count} times (0: until stopped) at {@code rate}/s (0: flat out). */
    public RepeatJob startRepeat(long count, double rate) {
        stopRepeat();
        if (remote != null) {
            panel.error(Messages.WRITER_REMOTE_REPEAT);
            return null;
        }
        Object value = editedValue();
        if (value == null) {
            return null;
        }
        WriterSession s = session == null || !session.qos().equals(panel.qos().result()) ? openSession() : session;
        if (s == null) {
            return null;
        }
        try {
            job = s.repeat(value, count, rate);
        } catch (RuntimeException e) {
            panel.error(Messages.fill(Messages.WRITER_FAILED, e.getMessage()));
            return null;
        }
        panel.watch(job);
        return job;
    }

    public void stopRepeat() {
        if (job != null) {
            job.stop();
        }
    }

    public RepeatJob repeatJob() {
        return job;
    }

    /** Reads a JSON sample (a value, an array, or exported samples: the first one) into the editor. */
    public boolean importJson(Path file) {
        try {
            return importJsonText(Files.readString(file, StandardCharsets.UTF_8), file.getFileName().toString());
        } catch (IOException e) {
            panel.error(Messages.fill(Messages.WRITER_IMPORT_FAILED, file, e.getMessage()));
            return false;
        }
    }

    public boolean importJsonText(String json, String from) {
        try {
            List<Object> values = SampleJson.readSamples(type.type(), json);
            if (values.isEmpty()) {
                panel.error(Messages.fill(Messages.WRITER_IMPORT_FAILED, from, "no sample in it"));
                return false;
            }
            setValue(values.get(0));
            panel.info(Messages.fill(Messages.WRITER_IMPORTED, from, values.size()));
            return true;
        } catch (JsonImportException e) {
            panel.error(Messages.fill(Messages.WRITER_IMPORT_FAILED, from, e.getMessage()));
            return false;
        }
    }

    private void closeSession() {
        stopRepeat();
        if (session != null) {
            session.close();
            session = null;
        }
    }

    @Override
    public void setFocus() {
        panel.setFocus();
    }

    @Override
    public void dispose() {
        closeSession();
        if (type != null) {
            type.release();
            type = null;
        }
        super.dispose();
    }
}
