package org.ddstuner.qos.ui;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.qos.MatchChange;
import org.ddstuner.system.match.MismatchReason;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/**
 * The preview of a QoS change: one row per discovered peer endpoint of the topic, gained and lost first, with
 * the reasons the match rules give (why it would no longer match, or why it did not match before).
 */
final class PreviewTable {

    private final Table table;

    PreviewTable(Composite parent) {
        table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (String[] c : new String[][] { { Messages.PREVIEW_EFFECT, "90" }, { Messages.PREVIEW_PEER, "330" },
                { Messages.PREVIEW_REASONS, "480" } }) {
            TableColumn col = new TableColumn(table, SWT.LEFT);
            col.setText(c[0]);
            col.setWidth(Integer.parseInt(c[1]));
        }
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 70).applyTo(table);
    }

    /** @param participantNames the name of a peer's participant by its GUID (null when unknown) */
    void show(List<MatchChange> changes, java.util.function.Function<org.ddstuner.dds.Guid, String> participantNames) {
        table.removeAll();
        List<MatchChange> sorted = new ArrayList<>(changes);
        sorted.sort((a, b) -> Integer.compare(a.effect().ordinal(), b.effect().ordinal()));
        if (sorted.isEmpty()) {
            new TableItem(table, SWT.NONE).setText(new String[] { "", Messages.PREVIEW_NO_PEERS, "" });
        }
        for (MatchChange m : sorted) {
            TableItem i = new TableItem(table, SWT.NONE);
            i.setText(new String[] { effect(m.effect()), peer(m, participantNames.apply(m.peer().participantGuid())),
                    reasons(m) });
            if (m.effect() == MatchChange.Effect.LOST) {
                i.setForeground(table.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
            } else if (m.effect() == MatchChange.Effect.GAINED) {
                i.setForeground(table.getDisplay().getSystemColor(SWT.COLOR_DARK_GREEN));
            }
        }
    }

    void clear() {
        table.removeAll();
    }

    /** Each row's texts joined by " | " (for tests and the report). */
    List<String> rows() {
        List<String> out = new ArrayList<>();
        for (TableItem i : table.getItems()) {
            out.add(i.getText(0) + " | " + i.getText(1) + " | " + i.getText(2));
        }
        return out;
    }

    static String effect(MatchChange.Effect e) {
        return switch (e) {
            case GAINED -> Messages.PREVIEW_GAINED;
            case LOST -> Messages.PREVIEW_LOST;
            case KEPT -> Messages.PREVIEW_KEPT;
            case STILL_UNMATCHED -> Messages.PREVIEW_STILL_UNMATCHED;
        };
    }

    private static String peer(MatchChange m, String participant) {
        return m.peer().kind().name().toLowerCase(java.util.Locale.ROOT) + (participant != null && !participant.isEmpty()
                ? " of " + participant : "") + (m.peer().own() ? " (own)" : "") + " · " + m.peer().guid();
    }

    private static String reasons(MatchChange m) {
        List<MismatchReason> r = switch (m.effect()) {
            case LOST, STILL_UNMATCHED -> m.after();
            case GAINED -> m.before();
            case KEPT -> List.of();
        };
        String text = String.join("; ", r.stream().map(MismatchReason::shortText).toList());
        return m.effect() == MatchChange.Effect.GAINED ? Messages.PREVIEW_NO_LONGER + text : text;
    }
}
