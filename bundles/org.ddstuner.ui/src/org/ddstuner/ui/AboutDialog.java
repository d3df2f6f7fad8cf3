package org.ddstuner.ui;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.DdsLibrary;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.IProduct;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.osgi.framework.Bundle;

/** Versions of everything that matters when reporting a problem, copyable in one click. */
public final class AboutDialog extends Dialog {

    private static final int COPY_ID = IDialogConstants.CLIENT_ID + 1;

    /** One line of the dialog. */
    public record Entry(String name, String value) {
    }

    public AboutDialog(Shell parent) {
        super(parent);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(Messages.ABOUT_TITLE);
    }

    @Override
    protected boolean isResizable() {
        return true;
    }

    /** What the dialog lists; never fails (a missing libddsc becomes its message). */
    public static List<Entry> entries() {
        List<Entry> l = new ArrayList<>();
        l.add(new Entry(Messages.ABOUT_VERSION, productVersion()));
        l.add(new Entry(Messages.ABOUT_JAVA, System.getProperty("java.version") + " (" + System.getProperty("java.vendor")
                + ", " + System.getProperty("java.home") + ")"));
        l.add(new Entry(Messages.ABOUT_ECLIPSE, bundleVersion("org.eclipse.ui.workbench")));
        l.add(new Entry(Messages.ABOUT_SWT, SWT.getPlatform() + " " + SWT.getVersion() + " ("
                + bundleVersion("org.eclipse.swt") + ")"));
        try {
            DdsLibrary lib = DdsLibrary.get();
            l.add(new Entry(Messages.ABOUT_DDS_VERSION, lib.version()));
            l.add(new Entry(Messages.ABOUT_DDS_PATH, String.valueOf(lib.path())));
        } catch (RuntimeException | LinkageError e) { // DdsLibraryNotFoundException: its message says what to install
            l.add(new Entry(Messages.ABOUT_DDS_MISSING, e.getMessage() != null ? e.getMessage() : e.toString()));
        }
        return l;
    }

    private static String productVersion() {
        IProduct product = Platform.getProduct();
        Bundle b = product != null ? product.getDefiningBundle() : null;
        return b != null ? b.getVersion().toString() : bundleVersion("org.ddstuner.ui");
    }

    private static String bundleVersion(String symbolicName) {
        Bundle b = Platform.getBundle(symbolicName);
        return b != null ? b.getVersion().toString() : "not installed";
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        GridLayoutFactory.swtDefaults().margins(12, 12).applyTo(area);
        Label title = new Label(area, SWT.WRAP);
        title.setText(Messages.ABOUT_TEXT);
        title.setFont(JFaceResources.getBannerFont());
        GridDataFactory.fillDefaults().grab(true, false).hint(620, SWT.DEFAULT).applyTo(title);
        Table table = new Table(area, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setLinesVisible(true);
        TableColumn name = new TableColumn(table, SWT.LEFT);
        TableColumn value = new TableColumn(table, SWT.LEFT);
        for (Entry e : entries()) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { e.name(), e.value() });
        }
        name.pack();
        value.pack();
        GridDataFactory.fillDefaults().grab(true, true).hint(720, SWT.DEFAULT).applyTo(table);
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, COPY_ID, Messages.COPY, false);
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == COPY_ID) {
            StringBuilder b = new StringBuilder();
            entries().forEach(e -> b.append(e.name()).append(": ").append(e.value()).append(System.lineSeparator()));
            Clipboard cb = new Clipboard(getShell().getDisplay());
            try {
                cb.setContents(new Object[] { b.toString() }, new Transfer[] { TextTransfer.getInstance() });
            } finally {
                cb.dispose();
            }
            return;
        }
        super.buttonPressed(id);
    }
}
