package org.ddstuner.samples.ui.type;

import static org.ddstuner.samples.ui.Messages.fill;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.compare.Assignability;
import org.ddstuner.types.compare.ComparisonResult;
import org.ddstuner.types.compare.TypeComparison;
import org.ddstuner.types.compare.TypeDifference;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;

/**
 * Shows the types of one topic: the IDL of a type, or two of its types side by side with the lines that
 * differ highlighted, the differences in words and whether each can take the other's data. Below, which
 * endpoints use which type and why some types could not be learned. UI thread only.
 */
public final class TypeComposite extends Composite {

    /** Background of lines that differ between the two sides (soft amber: readable under any theme text). */
    private static final Color CHANGED = new Color(255, 229, 153);
    private static final Color NO = new Color(176, 0, 32);
    private static final Color YES = new Color(0, 110, 40);

    private final Label header;
    private final Composite compareBar;
    private final Combo leftChoice;
    private final Combo rightChoice;
    private final SashForm vertical;
    private final SashForm sides;
    private final Composite leftPane;
    private final Composite rightPane;
    private final StyledText leftText;
    private final StyledText rightText;
    private final StyledText notes;
    private TopicTypes shown;
    private ComparisonResult comparison;

    public TypeComposite(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).spacing(4, 4).applyTo(this);
        header = new Label(this, SWT.WRAP);
        header.setFont(JFaceResources.getBannerFont());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(header);

        compareBar = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(4).applyTo(compareBar);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(compareBar);
        new Label(compareBar, SWT.NONE).setText(Messages.TYPE_COMPARE);
        leftChoice = new Combo(compareBar, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(leftChoice);
        new Label(compareBar, SWT.NONE).setText(Messages.TYPE_WITH);
        rightChoice = new Combo(compareBar, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(rightChoice);
        leftChoice.addListener(SWT.Selection, e -> showPair());
        rightChoice.addListener(SWT.Selection, e -> showPair());

        vertical = new SashForm(this, SWT.VERTICAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(vertical);
        sides = new SashForm(vertical, SWT.HORIZONTAL);
        leftPane = new Composite(sides, SWT.NONE);
        leftText = idlText(leftPane);
        rightPane = new Composite(sides, SWT.NONE);
        rightText = idlText(rightPane);
        notes = new StyledText(vertical, SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL | SWT.BORDER);
        notes.setMargins(4, 4, 4, 4);
        vertical.setWeights(65, 35);
        addListener(SWT.Resize, e -> fitOrientation());
        showMessage(Messages.TYPE_NOTHING_SELECTED);
    }

    /**
     * Stacked under Details the view is wide and short: then the notes go right of the IDL rather than
     * under it, so the IDL keeps its height.
     */
    private void fitOrientation() {
        Point size = getSize();
        int wanted = size.x > 2 * size.y ? SWT.HORIZONTAL : SWT.VERTICAL;
        if (vertical.getOrientation() != wanted) {
            vertical.setOrientation(wanted);
            vertical.setWeights(wanted == SWT.HORIZONTAL ? new int[] { 68, 32 } : new int[] { 65, 35 });
        }
    }

    private static StyledText idlText(Composite pane) {
        GridLayoutFactory.fillDefaults().applyTo(pane);
        StyledText t = new StyledText(pane, SWT.READ_ONLY | SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL | SWT.BORDER);
        t.setFont(JFaceResources.getTextFont());
        t.setMargins(4, 2, 4, 2);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(t);
        return t;
    }

    /** A line instead of types: nothing selected, learning…, no endpoints. */
    public void showMessage(String text) {
        shown = null;
        comparison = null;
        header.setText(text);
        setCompareBarVisible(false);
        leftText.setText("");
        rightText.setText("");
        notes.setText("");
        vertical.setMaximizedControl(notes);
        layout(true, true);
    }

    /** Shows what was learned; {@code preferred} (may be null) picks the type shown first. */
    public void show(TopicTypes types, Guid preferred) {
        shown = types;
        List<TypeGroup> groups = types.groups();
        if (groups.isEmpty()) {
            header.setText(fill(Messages.TYPE_SUMMARY_NONE, types.topic(), types.endpointsText()));
        } else if (groups.size() == 1) {
            header.setText(fill(Messages.TYPE_SUMMARY_ONE, types.topic(), groups.get(0).typeName(),
                    groups.get(0).usage()));
        } else {
            header.setText(fill(Messages.TYPE_SUMMARY_MANY, types.topic(), groups.size(), types.endpointsText()));
        }
        String[] items = groups.stream().map(g -> fill(Messages.TYPE_GROUP, g.number(), g.typeName(), g.who()))
                .toArray(String[]::new);
        leftChoice.setItems(items);
        rightChoice.setItems(items);
        TypeGroup first = preferred != null ? types.groupOf(preferred) : null;
        int left = first != null ? first.number() - 1 : 0;
        if (!groups.isEmpty()) {
            leftChoice.select(left);
            rightChoice.select(left == 0 && groups.size() > 1 ? 1 : 0);
        }
        setCompareBarVisible(groups.size() > 1);
        showPair();
    }

    private void setCompareBarVisible(boolean visible) {
        compareBar.setVisible(visible);
        ((GridData) compareBar.getLayoutData()).exclude = !visible;
    }

    private void showPair() {
        if (shown == null) {
            return;
        }
        List<TypeGroup> groups = shown.groups();
        comparison = null;
        Notes text = new Notes();
        if (groups.isEmpty()) {
            vertical.setMaximizedControl(notes);
        } else {
            vertical.setMaximizedControl(null);
            TypeGroup a = groups.get(Math.max(0, leftChoice.getSelectionIndex()));
            showIdl(leftText, a);
            if (groups.size() == 1) {
                sides.setMaximizedControl(leftPane);
                usage(text, a);
            } else {
                sides.setMaximizedControl(null);
                TypeGroup b = groups.get(Math.max(0, rightChoice.getSelectionIndex()));
                showIdl(rightText, b);
                highlight(a, b);
                compare(text, a, b);
                for (TypeGroup g : groups) {
                    usage(text, g);
                }
            }
        }
        failures(text);
        text.applyTo(notes);
        layout(true, true);
    }

    private static void showIdl(StyledText text, TypeGroup g) {
        text.setText(g.idl());
        text.setLineBackground(0, text.getLineCount(), null);
    }

    private void highlight(TypeGroup a, TypeGroup b) {
        List<String> la = List.of(leftText.getText().split("\n", -1));
        List<String> lb = List.of(rightText.getText().split("\n", -1));
        boolean[][] changed = LineDiff.changedLines(la, lb);
        mark(leftText, changed[0]);
        mark(rightText, changed[1]);
    }

    private static void mark(StyledText t, boolean[] changed) {
        for (int i = 0; i < changed.length && i < t.getLineCount(); i++) {
            if (changed[i]) {
                t.setLineBackground(i, 1, CHANGED);
            }
        }
    }

    private void compare(Notes text, TypeGroup a, TypeGroup b) {
        if (a == b) {
            text.plain(fill(Messages.TYPE_NO_DIFFERENCES, a.number(), b.number()) + "\n\n");
            return;
        }
        comparison = TypeComparison.compare(a.type().library(), a.typeName(), b.type().library(), b.typeName(),
                "type " + a.number(), "type " + b.number());
        text.bold(Messages.TYPE_VERDICTS + "\n");
        verdict(text, comparison.bIntoA(), a.number(), b.number());
        verdict(text, comparison.aIntoB(), b.number(), a.number());
        text.plain("\n");
        if (comparison.identical()) {
            text.plain(fill(Messages.TYPE_NO_DIFFERENCES, a.number(), b.number()) + "\n\n");
            return;
        }
        text.bold(fill(Messages.TYPE_DIFFERENCES, a.number(), b.number()) + "\n");
        for (TypeDifference d : comparison.differences()) {
            text.plain("  • " + d.description() + "\n");
        }
        text.plain("\n");
    }

    private static void verdict(Notes text, Assignability v, int reader, int writer) {
        if (v.assignable()) {
            text.colored("  " + fill(Messages.TYPE_ASSIGNABLE, reader, writer) + "\n", YES);
        } else {
            text.colored("  " + fill(Messages.TYPE_NOT_ASSIGNABLE, reader, writer, v.reason()) + "\n", NO);
        }
    }

    private static void usage(Notes text, TypeGroup g) {
        text.bold(fill(Messages.TYPE_USED_BY, g.number(), g.typeName()) + "\n");
        for (EndpointType e : g.endpoints()) {
            text.plain("  \u2022 " + e.label() + "\n");
        }
        // where the type came from and why the sources before failed; said once per distinct story
        text.bold(fill(Messages.TYPE_SOURCES, g.number()) + "\n");
        g.endpoints().stream().map(EndpointType::attemptsText).distinct()
                .forEach(how -> text.plain(indent(how, "  ") + "\n"));
        text.plain("\n");
    }

    private void failures(Notes text) {
        if (shown == null || shown.failures().isEmpty()) {
            return;
        }
        text.bold(Messages.TYPE_UNLEARNED + "\n");
        // one reason, often shared by every endpoint of an application: say it once
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (EndpointType e : shown.failures()) {
            byReason.computeIfAbsent(e.failure(), k -> new ArrayList<>()).add(e.label());
        }
        byReason.forEach((reason, who) -> text.plain("  \u2022 " + String.join(", ", who) + ":\n"
                + indent(reason, "      ") + "\n"));
        text.plain(Messages.TYPE_NO_SOURCE_HINT + "\n");
    }

    private static String indent(String lines, String by) {
        return by + lines.replace("\n", "\n" + by);
    }

    /** Text with bold and coloured runs, built then set in one go. */
    private static final class Notes {
        private final StringBuilder text = new StringBuilder();
        private final List<StyleRange> styles = new ArrayList<>();

        void plain(String s) {
            text.append(s);
        }

        void bold(String s) {
            StyleRange r = new StyleRange(text.length(), s.length(), null, null, SWT.BOLD);
            styles.add(r);
            text.append(s);
        }

        void colored(String s, Color c) {
            styles.add(new StyleRange(text.length(), s.length(), c, null));
            text.append(s);
        }

        void applyTo(StyledText t) {
            t.setText(text.toString());
            t.setStyleRanges(styles.toArray(new StyleRange[0]));
        }
    }

    // for tests and actions

    public String headerText() {
        return header.getText();
    }

    public StyledText leftText() {
        return leftText;
    }

    public StyledText rightText() {
        return rightText;
    }

    public StyledText notes() {
        return notes;
    }

    /** What is shown, null while a message is. */
    public TopicTypes shown() {
        return shown;
    }

    /** The comparison of the two types side by side, null when fewer than two are shown. */
    public ComparisonResult comparison() {
        return comparison;
    }

    /** Whether the right side (second type) is in sight. */
    public boolean comparing() {
        return shown != null && shown.groups().size() > 1 && sides.getMaximizedControl() == null;
    }

    public Combo leftChoice() {
        return leftChoice;
    }

    public Combo rightChoice() {
        return rightChoice;
    }

    @Override
    public boolean setFocus() {
        Control c = leftText.isVisible() ? leftText : notes;
        return c.setFocus();
    }
}
