package org.ddstuner.samples.ui.writer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.RepeatJob;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleTemplates;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.QosEditor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.osgi.framework.FrameworkUtil;

/** The widgets of the {@link WriterView}; the actions are the view's. */
public final class WriterPanel extends Composite {

    private static final int PROGRESS_MS = 200;

    private final WriterView view;
    private final ValueEditor editor;
    private final QosEditor qos;
    private final Combo templates;
    private final Spinner count;
    private final Text rate;
    private final Button startRepeat;
    private final Button stopRepeat;
    private final ProgressBar progress;
    private final Label repeatText;
    private final Label status;
    private final List<Button> needType;
    private ResolvedType type;
    private SampleTemplates store;

    WriterPanel(Composite parent, WriterView view) {
        super(parent, SWT.NONE);
        this.view = view;
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(this);
        SashForm sash = new SashForm(this, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);

        Composite left = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(left);
        editor = new ValueEditor(left);
        GridDataFactory.fillDefaults().grab(true, true).hint(500, 200).applyTo(editor);
        Composite edits = row(left, 9);
        Button add = button(edits, Messages.WRITER_ADD, () -> editor.addElement());
        Button remove = button(edits, Messages.WRITER_REMOVE, () -> editor.removeElement());
        Button reset = button(edits, Messages.WRITER_RESET, () -> view.setValue(null));
        separator(edits);
        new Label(edits, SWT.NONE).setText(Messages.WRITER_TEMPLATE);
        templates = new Combo(edits, SWT.DROP_DOWN);
        GridDataFactory.swtDefaults().hint(140, SWT.DEFAULT).align(SWT.FILL, SWT.CENTER).applyTo(templates);
        Button load = button(edits, Messages.WRITER_LOAD, () -> loadTemplate(templates.getText()));
        Button save = button(edits, Messages.WRITER_SAVE, () -> saveTemplate(templates.getText()));
        Button importJson = button(edits, Messages.WRITER_IMPORT, this::importJson);

        Group q = new Group(sash, SWT.NONE);
        q.setText(Messages.WRITER_QOS);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(q);
        qos = new QosEditor(q, false);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(qos);
        sash.setWeights(60, 40);
        // the QoS pane gets the width its rows need (up to 55 %): 40 % of a 1250 pixel window cut them off,
        // while the member tree's columns share whatever width they get
        sash.addListener(SWT.Resize, new org.eclipse.swt.widgets.Listener() {
            @Override
            public void handleEvent(org.eclipse.swt.widgets.Event e) {
                int width = sash.getClientArea().width;
                if (width < 300) {
                    return; // not laid out yet: a share of a few pixels would hide the pane for good
                }
                sash.removeListener(SWT.Resize, this);
                int share = Math.clamp(1000L * q.computeSize(SWT.DEFAULT, SWT.DEFAULT).x / width, 300, 550);
                sash.setWeights(1000 - share, share);
            }
        });

        Composite actions = row(this, 12);
        Button write = button(actions, Messages.WRITER_WRITE, view::writeSample);
        Button dispose = button(actions, Messages.WRITER_DISPOSE, view::disposeInstance);
        Button unregister = button(actions, Messages.WRITER_UNREGISTER, view::unregisterInstance);
        separator(actions);
        new Label(actions, SWT.NONE).setText(Messages.WRITER_REPEAT_COUNT);
        count = new Spinner(actions, SWT.BORDER);
        count.setValues(10, 0, Integer.MAX_VALUE, 0, 1, 100);
        count.setToolTipText(Messages.WRITER_REPEAT_COUNT_TIP);
        new Label(actions, SWT.NONE).setText(Messages.WRITER_REPEAT_RATE);
        rate = new Text(actions, SWT.BORDER | SWT.RIGHT);
        rate.setText("10");
        rate.setToolTipText(Messages.WRITER_REPEAT_RATE_TIP);
        GridDataFactory.swtDefaults().hint(60, SWT.DEFAULT).align(SWT.FILL, SWT.CENTER).applyTo(rate);
        new Label(actions, SWT.NONE).setText(Messages.WRITER_PER_SECOND);
        startRepeat = button(actions, Messages.WRITER_START, this::startRepeat);
        stopRepeat = button(actions, Messages.WRITER_STOP, view::stopRepeat);
        stopRepeat.setEnabled(false);
        Composite p = new Composite(actions, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(p);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(p);
        progress = new ProgressBar(p, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().hint(120, SWT.DEFAULT).applyTo(progress);
        repeatText = new Label(p, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).applyTo(repeatText);

        status = new Label(this, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);
        needType = List.of(add, remove, reset, load, save, importJson, write, dispose, unregister, startRepeat);
        needType.forEach(b -> b.setEnabled(false));
    }

    private static Composite row(Composite parent, int columns) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(columns).applyTo(c);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(c);
        return c;
    }

    /** A vertical bar between groups of controls, as high as a button (its default height is much more). */
    private static void separator(Composite parent) {
        Label l = new Label(parent, SWT.SEPARATOR | SWT.VERTICAL);
        GridDataFactory.swtDefaults().hint(SWT.DEFAULT, 24).align(SWT.CENTER, SWT.CENTER).applyTo(l);
    }

    private static Button button(Composite parent, String text, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    void show(ResolvedType t, DerivedQos derived, Object initial) {
        this.type = t;
        this.store = new SampleTemplates(templateDir());
        editor.setValue(t.library(), t.type().orElseThrow(), initial);
        qos.show(derived);
        needType.forEach(b -> b.setEnabled(true));
        refreshTemplates();
        info(derived.conflicts() ? Messages.WRITER_READY_CONFLICTS : Messages.WRITER_READY);
        layout(true, true);
    }

    /**
     * Whether "write N at rate R" is offered: not through a remote agent, which writes one request at a time (the
     * controls stay, disabled, with a tip saying why).
     */
    void repeatAvailable(boolean available) {
        startRepeat.setEnabled(available);
        count.setEnabled(available);
        rate.setEnabled(available);
        if (!available) {
            startRepeat.setToolTipText(Messages.WRITER_REMOTE_REPEAT);
        }
    }

    private static Path templateDir() {
        try {
            return Platform.getStateLocation(FrameworkUtil.getBundle(WriterPanel.class)).toFile().toPath()
                    .resolve("templates");
        } catch (RuntimeException noWorkspace) {
            return Path.of(System.getProperty("user.home"), ".ddstuner", "templates");
        }
    }

    void showMessage(String text) {
        info(text);
    }

    public ValueEditor editor() {
        return editor;
    }

    public QosEditor qos() {
        return qos;
    }

    public String status() {
        return status.getText();
    }

    void info(String text) {
        status.setForeground(null);
        status.setText(text);
        layout(new org.eclipse.swt.widgets.Control[] {status});
    }

    void error(String text) {
        status.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
        status.setText("\u26a0 " + text);
        layout(new org.eclipse.swt.widgets.Control[] {status});
    }

    /** Saves the edited value as a template of the type. */
    public boolean saveTemplate(String name) {
        try {
            store.save(type.typeName(), name.strip(), editor.value());
            refreshTemplates();
            templates.setText(name.strip());
            info(Messages.fill(Messages.WRITER_TEMPLATE_SAVED, name.strip(), type.typeName()));
            return true;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            error(Messages.fill(Messages.WRITER_TEMPLATE_FAILED, name, e.getMessage()));
            return false;
        }
    }

    /** Loads a template of the type into the editor. */
    public boolean loadTemplate(String name) {
        try {
            view.setValue(store.load(type, name.strip()));
            info(Messages.fill(Messages.WRITER_TEMPLATE_LOADED, name.strip()));
            return true;
        } catch (IOException | IllegalArgumentException e) {
            error(Messages.fill(Messages.WRITER_TEMPLATE_FAILED, name, e.getMessage()));
            return false;
        }
    }

    /** Template names of the shown type. */
    public List<String> templateNames() {
        try {
            return store == null ? List.of() : store.list(type.typeName());
        } catch (IOException | IllegalArgumentException e) {
            return List.of();
        }
    }

    private void refreshTemplates() {
        String text = templates.getText();
        templates.setItems(templateNames().toArray(String[]::new));
        templates.setText(text);
    }

    private void importJson() {
        FileDialog d = new FileDialog(getShell(), SWT.OPEN);
        d.setFilterExtensions(new String[] {"*.json", "*"});
        String f = d.open();
        if (f != null) {
            view.importJson(Path.of(f));
        }
    }

    private void startRepeat() {
        double r;
        try {
            r = Double.parseDouble(rate.getText().strip());
            if (r < 0 || Double.isNaN(r) || Double.isInfinite(r)) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            error(Messages.fill(Messages.WRITER_BAD_RATE, rate.getText()));
            return;
        }
        view.startRepeat(count.getSelection(), r);
    }

    /** Shows a repeat job's progress until it ends (a UI timer, no thread of its own). */
    void watch(RepeatJob job) {
        startRepeat.setEnabled(false);
        stopRepeat.setEnabled(true);
        progress.setMaximum(job.count() == 0 ? 100 : (int) Math.min(Integer.MAX_VALUE, job.count()));
        Runnable tick = new Runnable() {
            @Override
            public void run() {
                if (isDisposed()) {
                    return;
                }
                long n = job.written();
                progress.setSelection(job.count() == 0 ? (int) (n % 100) : (int) n);
                repeatText.setText(Messages.fill(Messages.WRITER_REPEAT_PROGRESS, n,
                        job.count() == 0 ? "\u221e" : job.count()));
                if (job.isRunning()) {
                    getDisplay().timerExec(PROGRESS_MS, this);
                    return;
                }
                startRepeat.setEnabled(true);
                stopRepeat.setEnabled(false);
                if (job.failure() != null) {
                    error(job.failure());
                } else {
                    info(Messages.fill(Messages.WRITER_REPEAT_DONE, n));
                }
            }
        };
        tick.run();
    }

    public Spinner countField() {
        return count;
    }

    public Text rateField() {
        return rate;
    }

    public ProgressBar progress() {
        return progress;
    }
}
