package org.ddstuner.pother.ui;

import org.ddstuner.pother.runs.LocalPairRunner;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.part.ViewPart;

/**
 * The agents a test can run on. For now only "local" (pairs inside this process); remote agents found
 * over the discovery topics will be listed here too, each as one row of app-id, group and host.
 */
public final class AgentsView extends ViewPart {

    private Table table;

    @Override
    public void createPartControl(Composite parent) {
        table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        int[] widths = { 70, 60, 60, 110, 220 };
        String[] headers = Messages.AGENT_COLUMNS.split(",");
        for (int i = 0; i < headers.length; i++) {
            TableColumn c = new TableColumn(table, SWT.LEFT);
            c.setText(headers[i]);
            c.setWidth(widths[i]);
        }
        TableItem local = new TableItem(table, SWT.NONE);
        String where = BenchmarkSession.get().source() instanceof LocalPairRunner l ? ", domain " + l.domainId() : "";
        local.setText(new String[] { BenchmarkSession.get().source().name(), "–", "–", hostName(),
            Messages.LOCAL_AGENT_KIND + where });
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }

    public Table table() {
        return table;
    }

    @Override
    public void setFocus() {
        table.setFocus();
    }
}
