package org.ddstuner.samples.ui.reader;

import java.nio.file.Path;
import java.util.List;

import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.IdlImport;
import org.ddstuner.samples.ui.common.QosEditor;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * "Read Samples…": shows where the topic's type came from (and why each other source failed), the reader
 * QoS and partitions derived from the topic's writers with the notes, editable, read or take, and the ring
 * capacity. OK gives a {@link ReaderSession.Config}. When no source knows the type, "Import IDL…" imports the
 * person's IDL (remembered like the Type view's imports) and the dialog switches to the type it declares; the
 * caller then reads with {@link #type()}.
 */
public final class ReaderSetupDialog extends TitleAreaDialog {

    private final TopicTarget target;
    private ResolvedType type;
    private Group typeGroup;
    private Text sources;
    private Composite unknown;
    private Runnable onTypeSourcesChanged = () -> { };
    private final DerivedQos derived;
    private QosEditor qos;
    private Button take;
    private Spinner capacity;
    private ReaderSession.Config config;

    public ReaderSetupDialog(Shell shell, TopicTarget target, ResolvedType type, DerivedQos derived) {
        super(shell);
        this.target = target;
        this.type = type;
        this.derived = derived;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(Messages.fill(Messages.SETUP_SHELL, target.topic()));
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(Messages.fill(Messages.SETUP_TITLE, target.topic(), target.name(), target.domainId()));
        setMessage(derived.conflicts() ? Messages.SETUP_CONFLICTS : Messages.SETUP_MESSAGE);
        Composite c = new Composite(area, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(10, 10).applyTo(c);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(c);

        typeGroup = group(c, Messages.fill(Messages.SETUP_TYPE, type.typeName(), type.source().text()));
        sources = new Text(typeGroup, SWT.MULTI | SWT.WRAP | SWT.READ_ONLY | SWT.V_SCROLL);
        sources.setText(TypeResolution.attempts(type.attempts()));
        GridDataFactory.fillDefaults().grab(true, false).hint(560, 54).applyTo(sources);
        if (type.isRaw()) {
            unknown = new Composite(typeGroup, SWT.NONE);
            GridLayoutFactory.fillDefaults().numColumns(2).applyTo(unknown);
            GridDataFactory.fillDefaults().grab(true, false).applyTo(unknown);
            Label why = new Label(unknown, SWT.WRAP);
            why.setText(Messages.fill(Messages.IDL_UNKNOWN_TYPE, type.typeName()));
            GridDataFactory.fillDefaults().grab(true, false).hint(440, SWT.DEFAULT).applyTo(why);
            Button importIdl = new Button(unknown, SWT.PUSH);
            importIdl.setText(Messages.IDL_IMPORT_BUTTON);
            importIdl.setToolTipText(Messages.IDL_IMPORT_TIP);
            importIdl.addListener(SWT.Selection, e -> chooseIdl());
        }

        Group q = group(c, Messages.SETUP_QOS);
        qos = new QosEditor(q, true);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(qos);
        qos.show(derived);

        Group m = group(c, Messages.SETUP_BUFFER);
        GridLayoutFactory.fillDefaults().numColumns(4).margins(4, 4).applyTo(m);
        take = new Button(m, SWT.RADIO);
        take.setText(Messages.SETUP_TAKE);
        take.setToolTipText(Messages.SETUP_TAKE_TIP);
        take.setSelection(true);
        Button read = new Button(m, SWT.RADIO);
        read.setText(Messages.SETUP_READ);
        read.setToolTipText(Messages.SETUP_READ_TIP);
        new Label(m, SWT.NONE).setText(Messages.SETUP_CAPACITY);
        capacity = new Spinner(m, SWT.BORDER);
        capacity.setValues(ReaderSession.Config.DEFAULT_CAPACITY, 10, 1_000_000, 0, 100, 1000);
        capacity.setToolTipText(Messages.SETUP_CAPACITY_TIP);
        return area;
    }

    private void chooseIdl() {
        List<Path> files = IdlImport.chooseFiles(getShell());
        if (!files.isEmpty()) {
            importIdl(files);
        }
    }

    /**
     * Imports IDL files (what happened shows in a dialog) and, when one declares the topic's type, switches to it.
     *
     * @return whether the dialog now has a decodable type
     */
    public boolean importIdl(List<Path> files) {
        IdlImport.Result r = IdlImport.importFiles(files);
        if (!r.imported().isEmpty()) {
            onTypeSourcesChanged.run();
        }
        String problem = r.ok() ? null : r.text();
        if (!type.isRaw()) {
            return true;
        }
        if (!r.imported().isEmpty()) {
            try {
                ResolvedType found = new TypeResolver(target.connection().connection(), TypeResolution.importedTypes())
                        .resolve(target.topic(), TypeResolver.Options.DEFAULT.withTypeName(type.typeName())
                                .withSources(TypeSource.IMPORTED));
                type.close();
                type = found;
                typeGroup.setText(Messages.fill(Messages.SETUP_TYPE, type.typeName(), type.source().text()));
                sources.setText(TypeResolution.attempts(type.attempts()));
                unknown.dispose();
                typeGroup.getParent().layout(true, true);
            } catch (TypeResolutionException e) {
                problem = (problem == null ? r.text() : problem) + "\n\n" + TypeResolution.attempts(e.attempts());
            }
        }
        if (problem != null) {
            MessageDialog.openError(getShell(), Messages.IDL_IMPORT_TITLE, problem);
        }
        return !type.isRaw();
    }

    /** The type to read with: the one given, or the one imported IDL declares ("Import IDL…"). */
    public ResolvedType type() {
        return type;
    }

    /** Runs after IDL was imported here, so other views look for their types again. */
    public void onTypeSourcesChanged(Runnable r) {
        onTypeSourcesChanged = r;
    }

    private static Group group(Composite parent, String title) {
        Group g = new Group(parent, SWT.NONE);
        g.setText(title);
        GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(g);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(g);
        return g;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, Messages.SETUP_OK, true);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
    }

    @Override
    protected void okPressed() {
        DerivedQos q = qos.result();
        if (q == null) {
            setErrorMessage(qos.errorText());
            return;
        }
        config = ReaderSession.Config.of(q).withMode(take.getSelection() ? ReaderSession.Mode.TAKE
                : ReaderSession.Mode.READ).withCapacity(capacity.getSelection());
        super.okPressed();
    }

    /** What OK chose, or null after Cancel. */
    public ReaderSession.Config config() {
        return config;
    }

    public QosEditor qosEditor() {
        return qos;
    }
}
