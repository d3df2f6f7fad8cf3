package org.ddstuner.update.ui;

import org.ddstuner.update.UpdateCheck;
import org.ddstuner.update.UpdateSite;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.IMessageProvider;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * What Check for Updates found: installed and available version, the site and where it was configured.
 * "Install and Restart" (only when there is an update) returns {@link #INSTALL_ID}.
 */
public final class UpdateDialog extends TitleAreaDialog {

    public static final int INSTALL_ID = IDialogConstants.CLIENT_ID + 1;

    private final UpdateCheck check;
    private final UpdateSite.Location location;

    public UpdateDialog(Shell parent, UpdateCheck check, UpdateSite.Location location) {
        super(parent);
        this.check = check;
        this.location = location;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Check for Updates");
    }

    @Override
    protected boolean isResizable() {
        return true;
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        switch (check.kind()) {
        case UPDATE_AVAILABLE -> setTitle("A newer DDS Tuner is available");
        case UP_TO_DATE -> setTitle("DDS Tuner is up to date");
        default -> setTitle("Cannot update DDS Tuner");
        }
        setMessage(check.message(), check.kind() == UpdateCheck.Kind.FAILED
                || check.kind() == UpdateCheck.Kind.NOT_INSTALLED ? IMessageProvider.ERROR : IMessageProvider.INFORMATION);
        Composite c = new Composite(area, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(2).margins(12, 12).applyTo(c);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(c);
        row(c, "Installed", check.installed() != null ? check.installed() : "(not installed with p2)");
        if (check.available() != null) {
            row(c, "Available", check.available());
        }
        row(c, "Update site", String.valueOf(check.site()));
        row(c, "Configured by", location.from());
        Label hint = new Label(c, SWT.WRAP);
        hint.setText("Another site: the preference " + UpdateSite.NODE + "/" + UpdateSite.KEY + ", the environment variable "
                + UpdateSite.ENV + " or -D" + UpdateSite.PROPERTY + "=URL (a p2 repository, e.g. a file: folder).");
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(560, SWT.DEFAULT).applyTo(hint);
        return area;
    }

    private static void row(Composite c, String name, String value) {
        new Label(c, SWT.NONE).setText(name + ":");
        Text t = new Text(c, SWT.READ_ONLY);
        t.setText(value);
        t.setData("name", name); // tests find the values by it
        GridDataFactory.fillDefaults().grab(true, false).applyTo(t);
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        if (check.kind() == UpdateCheck.Kind.UPDATE_AVAILABLE) {
            createButton(parent, INSTALL_ID, "&Install and Restart", true);
            createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
        } else {
            createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
        }
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == INSTALL_ID) {
            setReturnCode(INSTALL_ID);
            close();
            return;
        }
        super.buttonPressed(id);
    }

    public UpdateCheck check() {
        return check;
    }
}
