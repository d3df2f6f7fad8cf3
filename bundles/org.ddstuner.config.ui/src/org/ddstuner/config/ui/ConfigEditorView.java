package org.ddstuner.config.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigOutline;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.edit.ConfigDocument;
import org.ddstuner.config.edit.ConfigEditException;
import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;
import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.part.ViewPart;

/**
 * "Cyclone Configuration": a configuration file as an element tree with a form (value, and Cyclone's help,
 * default, unit and range for the chosen library line) over its source. Edits go through {@link ConfigDocument}
 * (everything else kept byte for byte, refused edits named at their line, undo); Check asks Cyclone and marks each
 * problem at its line. The file is written only by Save, and only well-formed.
 */
public final class ConfigEditorView extends ViewPart {

    public static final String ID = "org.ddstuner.config.ui.views.editor";

    private Path file;
    private ConfigDocument doc;
    private Tree tree;
    private Label pathLabel;
    private Text value;
    private Text help;
    private StyledText source;
    private org.eclipse.swt.widgets.List problems;
    private Combo version;
    private volatile CheckReport lastReport;
    /** The problems listed, by row (null for rows that are not a problem, e.g. the summary). */
    private final List<ConfigProblem> listed = new ArrayList<>();

    @Override
    public void createPartControl(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(parent);
        Composite bar = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(11).applyTo(bar);
        button(bar, "Open…", () -> {
            FileDialog d = new FileDialog(parent.getShell(), SWT.OPEN);
            d.setFilterExtensions(new String[] { "*.xml", "*" });
            String f = d.open();
            if (f != null) {
                open(Path.of(f));
            }
        });
        button(bar, "Connection's File", this::openConnectionFile);
        button(bar, "New Deployment…", () -> {
            FileDialog d = new FileDialog(parent.getShell(), SWT.SAVE);
            d.setFileName("cyclonedds.xml");
            String f = d.open();
            DeploymentWizard w = f == null ? null : new DeploymentWizard(Path.of(f));
            if (w != null && new WizardDialog(parent.getShell(), w).open() == 0) {
                open(Path.of(f));
                w.notes().forEach(problems::add);
            }
        });
        button(bar, "Check", this::check);
        button(bar, "Undo", () -> {
            if (doc != null && doc.undo()) {
                showSource();
            }
        });
        button(bar, "Migrate", this::migrateSelected);
        button(bar, "Migrate All", this::migrateAll);
        button(bar, "Save", this::save);
        button(bar, "Try with a benchmark…", this::tryWithBenchmark);
        new Label(bar, SWT.NONE).setText("Library:");
        version = new Combo(bar, SWT.READ_ONLY);
        version.setItems("0.10.x", "11.x");
        version.select(0);
        version.addListener(SWT.Selection, e -> reloadWith(schema()));

        SashForm main = new SashForm(parent, SWT.VERTICAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(main);
        SashForm top = new SashForm(main, SWT.HORIZONTAL);
        tree = new Tree(top, SWT.BORDER | SWT.SINGLE);
        tree.addListener(SWT.Selection, e -> select((String) tree.getSelection()[0].getData()));
        Composite form = new Composite(top, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(form);
        pathLabel = new Label(form, SWT.NONE);
        GridDataFactory.fillDefaults().span(3, 1).grab(true, false).applyTo(pathLabel);
        new Label(form, SWT.NONE).setText("Value:");
        value = new Text(form, SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(value);
        button(form, "Apply", this::apply);
        help = new Text(form, SWT.BORDER | SWT.MULTI | SWT.WRAP | SWT.READ_ONLY | SWT.V_SCROLL);
        GridDataFactory.fillDefaults().span(3, 1).grab(true, true).applyTo(help);
        top.setWeights(2, 3);
        source = new StyledText(main, SWT.BORDER | SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL);
        source.setFont(parent.getDisplay().getSystemFont());
        source.setEditable(false);
        problems = new org.eclipse.swt.widgets.List(main, SWT.BORDER | SWT.V_SCROLL);
        problems.addListener(SWT.Selection, e -> revealProblem(problems.getSelectionIndex()));
        main.setWeights(4, 4, 1);
    }

    private void button(Composite c, String text, Runnable r) {
        Button b = new Button(c, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> r.run());
    }

    private ConfigSchema schema() {
        return ConfigSchema.of(version.getSelectionIndex() == 1 ? "11.0.1" : "0.10.2");
    }

    /** Opens {@code f}; a malformed file is shown as text with its error at its line, not edited. */
    public void open(Path f) {
        file = f;
        clearProblems();
        try {
            doc = ConfigDocument.read(f, schema());
            showSource();
        } catch (ConfigEditException e) {
            doc = null;
            try {
                source.setText(java.nio.file.Files.readString(f));
            } catch (IOException io) {
                source.setText("");
            }
            tree.removeAll();
            markLines(List.of(new ConfigProblem(e.line(), e.element(), e.getMessage(), ConfigProblem.Kind.MALFORMED)));
        } catch (IOException e) {
            problems.add(f + ": cannot read: " + e.getMessage());
        }
        setContentDescription(f.toString());
    }

    /**
     * Opens the Cyclone file an open connection uses (a profile of kind "file"; it is read again at the next connect,
     * so a saved edit counts then). Says so when no connection uses one.
     */
    public void openConnectionFile() {
        List<String> files = ConnectionManager.get().connections().stream().map(Connection::profile)
                .filter(p -> p.configKind() == ConnectionProfile.ConfigKind.FILE && !p.configFile().isBlank())
                .map(ConnectionProfile::configFile).distinct().toList();
        if (files.isEmpty()) {
            clearProblems();
            problems.add("No open connection uses a Cyclone configuration file (connection kind \"file\").");
            return;
        }
        open(Path.of(files.get(0)));
        if (files.size() > 1) {
            problems.add("Other connections' files: " + String.join(", ", files.subList(1, files.size())));
        }
    }

    private void reloadWith(ConfigSchema s) {
        if (doc != null) {
            try {
                doc = ConfigDocument.of(doc.text(), file.toString(), s);
            } catch (ConfigEditException e) {
                problems.add(e.format());
            }
        }
    }

    private void showSource() {
        source.setText(doc.text());
        source.setLineBackground(0, source.getLineCount(), null);
        tree.removeAll();
        try {
            Map<String, TreeItem> items = new LinkedHashMap<>();
            for (ConfigOutline.Node n : ConfigOutline.parse(doc.text()).nodes()) {
                String parent = n.path().contains("/") ? n.path().substring(0, n.path().lastIndexOf('/')) : null;
                TreeItem p = parent == null ? null : items.get(parent);
                TreeItem i = p == null ? new TreeItem(tree, SWT.NONE) : new TreeItem(p, SWT.NONE);
                i.setText(n.name() + (n.text().isEmpty() ? "" : " = " + n.text()));
                i.setData(n.path());
                items.putIfAbsent(n.path(), i);
                n.attributes().forEach((k, v) -> {
                    TreeItem a = new TreeItem(i, SWT.NONE);
                    a.setText("@" + k + " = " + v);
                    a.setData(n.path() + "[@" + k + "]");
                });
            }
            items.values().forEach(i -> i.setExpanded(true));
        } catch (ConfigOutline.MalformedException e) {
            problems.add(e.getMessage());
        }
    }

    /** Selects {@code path}'s tree item and shows its help (tests; the tree does this on selection). */
    void selectPath(String path) {
        for (TreeItem top : tree.getItems()) {
            TreeItem i = findItem(top, path);
            if (i != null) {
                tree.setSelection(i);
                select(path);
                return;
            }
        }
    }

    /** The tree item of {@code path}, or null (tests). */
    TreeItem findTreeItem(String path) {
        for (TreeItem top : tree.getItems()) {
            TreeItem i = findItem(top, path);
            if (i != null) {
                return i;
            }
        }
        return null;
    }

    private static TreeItem findItem(TreeItem i, String path) {
        if (path.equals(i.getData())) {
            return i;
        }
        for (TreeItem c : i.getItems()) {
            TreeItem f = findItem(c, path);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private void select(String path) {
        pathLabel.setText("//" + path);
        OptionInfo o = schema().find(path).orElse(null);
        if (o == null) {
            help.setText("Not an element of Cyclone " + schema().version() + " (Cyclone rejects unknown elements).");
            return;
        }
        StringBuilder sb = new StringBuilder();
        if (o.isMoved()) {
            sb.append("Moved: write it as //").append(o.movedTo()).append("\n\n");
        }
        if (o.deprecated()) {
            sb.append("DEPRECATED (still accepted)\n");
        }
        row(sb, "Type", o.typeLine());
        row(sb, "Default", o.defaultValue());
        row(sb, "Unit", o.unit());
        row(sb, "Range", o.range());
        row(sb, "Values", o.values().isEmpty() ? null : String.join(", ", o.values()));
        sb.append('\n').append(o.help());
        help.setText(sb.toString());
    }

    private static void row(StringBuilder sb, String k, String v) {
        if (v != null && !v.isBlank()) {
            sb.append(k).append(": ").append(v).append('\n');
        }
    }

    private void apply() {
        if (doc == null || tree.getSelectionCount() == 0) {
            return;
        }
        try {
            doc.set((String) tree.getSelection()[0].getData(), value.getText());
            showSource();
        } catch (ConfigEditException e) {
            clearProblems();
            markLines(List.of(new ConfigProblem(e.line(), e.element(), e.getMessage(), ConfigProblem.Kind.REJECTED)));
        }
    }

    /** Cyclone's verdict on the current text, in a Job; problems marked at their lines when it arrives. */
    public void check() {
        if (doc == null) {
            return;
        }
        String text = doc.text();
        String name = file.toString();
        clearProblems();
        problems.add("Checking with Cyclone in a private network namespace…");
        Job job = new Job("Check Cyclone configuration") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                List<ConfigProblem> found = new ArrayList<>();
                String summary;
                try {
                    CheckReport r = ConfigChecker.withDefaultLibrary().check(text, name);
                    found.addAll(r.problems());
                    lastReport = r;
                    summary = r.valid() ? "Valid for Cyclone " + r.libraryVersion() : "INVALID for Cyclone " + r.libraryVersion();
                } catch (CycloneJudge.UnavailableException e) {
                    summary = "No verdict: " + e.getMessage();
                }
                String s = summary;
                tree.getDisplay().asyncExec(() -> {
                    if (!problems.isDisposed()) {
                        clearProblems();
                        markLines(found);
                        problems.add(s);
                    }
                });
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
    }

    /**
     * Opens "Try with a benchmark": the edited text (new) against the saved file (current); with no edits, the file
     * against Cyclone's defaults.
     */
    public TryBenchmarkDialog tryWithBenchmark() {
        if (doc == null) {
            return null;
        }
        String saved;
        try {
            saved = java.nio.file.Files.readString(file);
        } catch (IOException e) {
            saved = null;
        }
        boolean edited = saved != null && !saved.equals(doc.text());
        TryBenchmarkDialog d = new TryBenchmarkDialog(tree.getShell(), edited ? saved : null,
                "the saved " + file.getFileName(), doc.text(), edited ? "the edited " + file.getFileName()
                        : file.getFileName().toString());
        d.open();
        return d;
    }

    /** The last check's report (tests). */
    public CheckReport lastReport() {
        return lastReport;
    }

    private void markLines(List<ConfigProblem> found) {
        source.setLineBackground(0, source.getLineCount(), null);
        for (ConfigProblem p : found) {
            while (listed.size() < problems.getItemCount()) {
                listed.add(null);
            }
            listed.add(p);
            problems.add((p.line() > 0 ? "line " + p.line() : "") + "  " + p.element() + ": " + p.message()
                    + (p.kind() == ConfigProblem.Kind.INTERFACE_MISSING ? " (this host)" : ""));
            problems.setData(Integer.toString(problems.getItemCount() - 1), p.line());
            if (p.line() > 0 && p.line() <= source.getLineCount()) {
                int color = p.kind().invalid() ? SWT.COLOR_RED : SWT.COLOR_YELLOW;
                source.setLineBackground(p.line() - 1, 1, source.getDisplay().getSystemColor(color));
            }
        }
        if (!found.isEmpty() && found.get(0).line() > 0) {
            revealProblem(0);
        }
    }

    /**
     * The selected problem's moved name, or (none selected) the moved name selected in the tree, rewritten to its
     * current place: one undoable edit, shown at once; Save writes it.
     */
    void migrateSelected() {
        if (doc == null) {
            return;
        }
        int row = problems.getSelectionIndex();
        ConfigProblem p = row >= 0 && row < listed.size() ? listed.get(row) : null;
        String path;
        int line;
        if (p != null) {
            path = p.element();
            line = p.line();
        } else if (tree.getSelectionCount() > 0) {
            path = (String) tree.getSelection()[0].getData();
            line = -1;
        } else {
            report("Select a moved element (a warning \"moved in Cyclone …\" or the element in the tree) to migrate.");
            return;
        }
        try {
            String done = doc.migrate(path, line);
            if (done == null) {
                report(path + " is not a moved name in Cyclone " + doc.schema().version() + ": nothing to migrate.");
                return;
            }
            showSource();
            report("Migrated " + done + " (Undo takes it back; Save writes it; Check asks Cyclone).");
        } catch (ConfigEditException e) {
            report(e.format());
        }
    }

    /** Every moved name rewritten: one undoable edit. */
    void migrateAll() {
        if (doc == null) {
            return;
        }
        try {
            List<String> moves = doc.migrateAll();
            showSource();
            clearProblems();
            if (moves.isEmpty()) {
                problems.add("No moved names for Cyclone " + doc.schema().version() + ": nothing to migrate.");
            } else {
                moves.forEach(m -> problems.add("Migrated " + m));
                problems.add(moves.size() + " moved name(s) rewritten (Undo takes them back; Save writes the file).");
            }
        } catch (ConfigEditException e) {
            report(e.format());
        }
    }

    private void clearProblems() {
        problems.removeAll();
        listed.clear();
    }

    private void report(String line) {
        clearProblems();
        problems.add(line);
    }

    /** The editor's current text (tests). */
    String text() {
        return doc == null ? null : doc.text();
    }

    /** The problem list's rows (tests). */
    String[] problemRows() {
        return problems.getItems();
    }

    /** Selects the first listed problem at element {@code part} or whose message contains it (tests; a click does this). */
    boolean selectProblem(String part) {
        for (int i = 0; i < listed.size(); i++) {
            if (listed.get(i) != null && (listed.get(i).element().equals(part) || listed.get(i).message().contains(part))) {
                problems.setSelection(i);
                revealProblem(i);
                return true;
            }
        }
        return false;
    }

    private void revealProblem(int index) {
        Object line = problems.getData(Integer.toString(index));
        if (line instanceof Integer l && l > 0 && l <= source.getLineCount()) {
            source.setTopIndex(Math.max(0, l - 3));
            source.setSelection(source.getOffsetAtLine(l - 1));
        }
    }

    private void save() {
        if (doc == null) {
            return;
        }
        try {
            doc.writeTo(file);
            problems.add("Saved " + file);
        } catch (IOException e) {
            problems.add("Cannot save: " + e.getMessage());
        } catch (ConfigEditException e) {
            problems.add(e.format());
        }
    }

    @Override
    public void setFocus() {
        tree.setFocus();
    }
}
