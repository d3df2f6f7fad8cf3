package org.ddstuner.system.ui.details;

import java.util.List;
import java.util.function.Function;

import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.details.DetailsContent.Row;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * Properties, QoS and matches of one entity, side by side. Follows the model: whenever a new snapshot
 * arrives the shown entity is looked up again (tables only change when their rows do).
 */
public final class DetailsComposite extends Composite {

    private final Label title;
    private final CopyableTable<Row> properties;
    private final CopyableTable<Row> qos;
    private final CopyableTable<MatchRow> matches;
    private final Runnable liveListener = this::refreshContent;
    private EntityRef shown;

    public DetailsComposite(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(this);
        title = new Label(this, SWT.WRAP);
        title.setFont(JFaceResources.getBannerFont());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(title);
        SashForm sash = new SashForm(this, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        properties = rowTable(section(sash, Messages.PROPERTIES), Messages.COL_PROPERTY);
        qos = rowTable(section(sash, Messages.QOS), Messages.COL_POLICY);
        List<Function<MatchRow, String>> cols = List.of(MatchRow::peer, MatchRow::verdict, MatchRow::reasons);
        matches = new CopyableTable<>(section(sash, Messages.MATCHES), new String[] { Messages.COL_PEER,
                Messages.COL_VERDICT, Messages.COL_REASONS }, new int[] { 38, 14, 48 }, cols, 2);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(matches.control());
        sash.setWeights(26, 30, 44);
        LiveSystems.get().addListener(liveListener);
        addDisposeListener(e -> LiveSystems.get().removeListener(liveListener));
        show(null);
    }

    private static Composite section(Composite parent, String heading) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(c);
        Label l = new Label(c, SWT.NONE);
        l.setText(heading);
        l.setFont(JFaceResources.getFontRegistry().getBold(JFaceResources.DEFAULT_FONT));
        return c;
    }

    private static CopyableTable<Row> rowTable(Composite parent, String nameTitle) {
        CopyableTable<Row> t = new CopyableTable<>(parent, new String[] { nameTitle, Messages.COL_VALUE },
                new int[] { 42, 58 }, List.of(Row::name, Row::value), 1);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(t.control());
        return t;
    }

    /** Shows {@code ref} (null: the hint). */
    public void show(EntityRef ref) {
        shown = ref;
        refreshContent();
    }

    private void refreshContent() {
        if (isDisposed()) {
            return;
        }
        DetailsContent c = shown == null || LiveSystems.get().find(shown.connection().connection()) == null
                ? DetailsContent.empty() : DetailsContent.of(shown);
        if (!c.title().equals(title.getText())) {
            title.setText(c.title());
            layout(true);
        }
        properties.setRows(c.properties());
        qos.setRows(c.qos());
        matches.setRows(c.matches());
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
}
