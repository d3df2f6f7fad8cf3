package org.ddstuner.system.ui.details;

import java.util.List;
import java.util.function.Function;

import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.details.DetailsContent.Row;
import org.ddstuner.system.ui.live.BackgroundRefresher;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * Matches, properties and QoS of one entity as tabs, with an explanation pane beside them that shows
 * the selected row in full (wrapped) or, when no row is selected, why the entity's pairs do (not)
 * match. Follows the model: whenever a new snapshot arrives the shown entity is looked up again
 * (tables only change when their rows do).
 */
public final class DetailsComposite extends Composite {

    /** Tab indices, in the order the tabs are created. */
    public static final int MATCHES_TAB = 0;
    public static final int PROPERTIES_TAB = 1;
    public static final int QOS_TAB = 2;

    private final Label title;
    private final CTabFolder tabs;
    private final CopyableTable<MatchRow> matches;
    private final CopyableTable<Row> properties;
    private final CopyableTable<Row> qos;
    private final ExplanationPane explanation;
    private final LiveSystems live;
    /** Recomputes the shown entity's content off the UI thread when a new snapshot arrives. */
    private final BackgroundRefresher<Refreshed> refresher;
    private final Runnable liveListener;
    private volatile EntityRef shown;
    private DetailsContent content = DetailsContent.empty();
    /** The tab the user last picked; used for every entity that has rows there. */
    private int preferredTab = MATCHES_TAB;
    /** The user picked a tab while this entity was shown: leave it alone until the selection changes. */
    private boolean pickedForShown;

    public DetailsComposite(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).spacing(0, 4).applyTo(this);
        title = new Label(this, SWT.WRAP);
        title.setFont(JFaceResources.getBannerFont());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(title);
        SashForm sash = new SashForm(this, SWT.HORIZONTAL);
        sash.setSashWidth(6);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        // CTabFolder: its tabs take less height than the native ones, and Details has little height
        tabs = new CTabFolder(sash, SWT.TOP | SWT.FLAT | SWT.BORDER);
        tabs.setSelectionBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        matches = new CopyableTable<>(tabs, new String[] { Messages.COL_PEER, Messages.COL_VERDICT,
                Messages.COL_REASONS }, List.<Function<MatchRow, String>>of(MatchRow::peer, MatchRow::verdict,
                        MatchRow::reasons), 2);
        properties = rowTable(Messages.COL_PROPERTY);
        qos = rowTable(Messages.COL_POLICY);
        tab(matches.control(), Messages.TAB_MATCHES_NONE);
        tab(properties.control(), Messages.TAB_PROPERTIES);
        tab(qos.control(), Messages.TAB_QOS_NONE);
        explanation = new ExplanationPane(sash);
        sash.setWeights(64, 36);
        tabs.addListener(SWT.Selection, e -> {
            preferredTab = tabs.getSelectionIndex();
            pickedForShown = true;
            updateExplanation();
        });
        for (CopyableTable<?> t : List.of(matches, properties, qos)) {
            t.viewer().addSelectionChangedListener(e -> updateExplanation());
        }
        live = LiveSystems.get();
        refresher = new BackgroundRefresher<>("Details", this, getDisplay(), () -> {
            EntityRef ref = shown;
            return new Refreshed(ref, contentOf(ref));
        }, r -> {
            if (!isDisposed() && r.ref() == shown) { // else the selection moved on meanwhile
                showContent(r.content());
            }
        });
        liveListener = refresher::request;
        live.addListener(liveListener);
        addDisposeListener(e -> {
            live.removeListener(liveListener);
            refresher.dispose();
        });
        show(null);
    }

    private void tab(Composite control, String text) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(text);
        item.setControl(control);
    }

    private CopyableTable<Row> rowTable(String nameTitle) {
        return new CopyableTable<>(tabs, new String[] { nameTitle, Messages.COL_VALUE },
                List.<Function<Row, String>>of(Row::name, Row::value), 1);
    }

    /** Shows {@code ref} (null: the hint). */
    public void show(EntityRef ref) {
        if (ref == null || !ref.equals(shown)) {
            pickedForShown = false;
        }
        shown = ref;
        refreshContent();
    }

    /** What the content of one entity was computed as, off the UI thread. */
    private record Refreshed(EntityRef ref, DetailsContent content) {
    }

    /** Any thread: reads only the (immutable) snapshots. */
    private DetailsContent contentOf(EntityRef ref) {
        return ref == null || live.find(ref.connection().system()) == null ? DetailsContent.empty()
                : DetailsContent.of(ref);
    }

    private void refreshContent() {
        if (!isDisposed()) {
            showContent(contentOf(shown)); // the user picked it: show it at once
        }
    }

    private void showContent(DetailsContent c) {
        content = c;
        if (!c.title().equals(title.getText())) {
            title.setText(c.title());
            layout(true);
        }
        // an endpoint's rows are its peers; a topic's or participant's are writer → reader pairs
        matches.setColumnTitle(0, shown == null || shown.kind() == EntityKind.ENDPOINT ? Messages.COL_PEER
                : Messages.COL_PAIR);
        matches.setRows(c.matches());
        properties.setRows(c.properties());
        qos.setRows(c.qos());
        setTabText(MATCHES_TAB, c.matches().isEmpty() ? Messages.TAB_MATCHES_NONE
                : String.format(Messages.TAB_MATCHES, c.matches().size()));
        setTabText(QOS_TAB, qosCount(c) == 0 ? Messages.TAB_QOS_NONE : String.format(Messages.TAB_QOS, qosCount(c)));
        if (!pickedForShown) {
            int tab = bestTab(c);
            if (tabs.getSelectionIndex() != tab) {
                tabs.setSelection(tab);
            }
        }
        updateExplanation();
    }

    private static long qosCount(DetailsContent c) {
        return c.qos().stream().filter(r -> !r.name().equals(Messages.NOT_SET)).count();
    }

    /** The preferred tab, unless this entity has nothing to show there. */
    private int bestTab(DetailsContent c) {
        boolean empty = switch (preferredTab) {
            case MATCHES_TAB -> c.matches().isEmpty();
            case QOS_TAB -> c.qos().isEmpty();
            default -> false;
        };
        return empty ? PROPERTIES_TAB : preferredTab;
    }

    private void setTabText(int index, String text) {
        CTabItem item = tabs.getItem(index);
        if (!text.equals(item.getText())) {
            item.setText(text);
        }
    }

    /** The selected row of the visible tab in full, or else the summary of the matches. */
    private void updateExplanation() {
        String selected = switch (tabs.getSelectionIndex()) {
            case MATCHES_TAB -> matches.selectedRow() == null ? null : matches.selectedRow().fullText();
            case PROPERTIES_TAB -> properties.selectedRow() == null ? null : properties.selectedRow().fullText();
            case QOS_TAB -> qos.selectedRow() == null ? null : qos.selectedRow().fullText();
            default -> null;
        };
        if (selected != null) {
            explanation.show(Messages.PANE_SELECTED, selected);
        } else if (!content.summary().isEmpty()) {
            explanation.show(Messages.PANE_SUMMARY, content.summary());
        } else {
            explanation.show(Messages.PANE_SUMMARY, shown == null ? "" : Messages.PANE_HINT);
        }
    }

    public EntityRef shown() {
        return shown;
    }

    public CopyableTable<Row> propertiesTable() {
        return properties;
    }

    public CopyableTable<Row> qosTable() {
        return qos;
    }

    public CopyableTable<MatchRow> matchesTable() {
        return matches;
    }

    public CTabFolder tabs() {
        return tabs;
    }

    public ExplanationPane explanation() {
        return explanation;
    }
}
