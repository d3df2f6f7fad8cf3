package org.ddstuner.samples.ui.common;

import java.util.function.Function;

import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The line at the top of a Reader or Writer view that has nothing to show yet: how to open one (a new view),
 * or — after a workbench restart — which topic and connection it showed and whether that connection is open,
 * with "Reopen" and "Close view". It reopens by itself when the connection appears (type resolved in a job,
 * never on the UI thread), then hides.
 */
public final class RestoreNotice extends Composite {

    /** Opens the view's session on the resolved type; returns an error text, or null on success. UI thread. */
    public interface Opener {
        String open(TopicTarget target, ResolvedType type);
    }

    private final Label text;
    private final Button reopen;
    private final Runnable liveListener = this::connectionsChanged;
    private TopicViewState state;
    private Opener opener;
    private boolean resolving;
    private Function<TopicViewState, String> notOpenText;

    public RestoreNotice(Composite parent, Runnable closeView) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).margins(6, 6).applyTo(this);
        text = new Label(this, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).hint(300, SWT.DEFAULT).applyTo(text);
        reopen = new Button(this, SWT.PUSH);
        reopen.setText(Messages.RESTORE_REOPEN);
        reopen.addListener(SWT.Selection, e -> tryReopen());
        Button close = new Button(this, SWT.PUSH);
        close.setText(Messages.RESTORE_CLOSE);
        close.addListener(SWT.Selection, e -> closeView.run());
        LiveSystems.get().addListener(liveListener);
        addListener(SWT.Dispose, e -> LiveSystems.get().removeListener(liveListener));
    }

    /** A view opened without a topic: says how to open one. */
    public void showEmpty(String message) {
        state = null;
        text.setText(message);
        reopen.setVisible(false);
        setShown(true);
    }

    /**
     * A view restored with {@code s}: reopens it now if its connection is open, otherwise says so and waits.
     *
     * @param notOpen the text when the connection is not open
     */
    public void restore(TopicViewState s, Opener o, Function<TopicViewState, String> notOpen) {
        state = s;
        opener = o;
        notOpenText = notOpen;
        reopen.setVisible(true);
        setShown(true);
        tryReopen();
    }

    /** The view shows a topic now: nothing to restore any more. */
    public void done() {
        state = null;
        setShown(false);
    }

    public String text() {
        return text.getText();
    }

    public boolean reopenVisible() {
        return isVisible() && reopen.getVisible();
    }

    /** The state this notice waits to restore, or null. */
    public TopicViewState pending() {
        return state;
    }

    private void connectionsChanged() {
        if (!isDisposed() && state != null && !resolving && state.findOpen() != null) {
            tryReopen();
        }
    }

    private void tryReopen() {
        if (state == null || resolving) {
            return;
        }
        LiveConnection c = state.findOpen();
        if (c == null) {
            text.setText(notOpenText.apply(state));
            reopen.setEnabled(false);
            layoutUp();
            return;
        }
        resolving = true;
        reopen.setEnabled(false);
        TopicViewState s = state;
        text.setText(Messages.fill(Messages.RESTORE_RESOLVING, s.topic(), s.connectionName()));
        layoutUp();
        TopicTarget target = s.target(c);
        Job job = Job.create(Messages.fill(Messages.RESOLVING, s.topic()), (IProgressMonitor m) -> {
            ResolvedType type = null;
            String failure = null;
            try {
                type = TypeResolution.resolver(target).resolve(s.topic(),
                        TypeResolver.Options.DEFAULT.withTypeName(s.typeName()));
            } catch (RuntimeException e) {
                failure = e.getMessage();
            }
            ResolvedType t = type;
            String f = failure;
            if (!getDisplay().isDisposed()) {
                getDisplay().asyncExec(() -> resolved(s, target, t, f));
            } else if (t != null) {
                t.close();
            }
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    private void resolved(TopicViewState s, TopicTarget target, ResolvedType type, String failure) {
        resolving = false;
        if (isDisposed() || state != s) {
            if (type != null) {
                type.close();
            }
            return;
        }
        String error = type == null ? failure : opener.open(target, type);
        if (error == null) {
            done();
            return;
        }
        text.setText(Messages.fill(Messages.RESTORE_FAILED, s.topic(), s.connectionName(), error));
        reopen.setEnabled(true);
        layoutUp();
    }

    private void setShown(boolean shown) {
        setVisible(shown);
        ((org.eclipse.swt.layout.GridData) getLayoutData()).exclude = !shown;
        layoutUp();
    }

    private void layoutUp() {
        getParent().layout(true, true);
    }
}
