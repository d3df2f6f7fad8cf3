package org.ddstuner.samples.ui.common;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IMemento;
import org.eclipse.ui.IViewSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;

/**
 * A view of one topic (the Reader and Writer views) that survives a workbench restart: it keeps its
 * {@link TopicViewState} in the memento, and shows a {@link RestoreNotice} above its own panel while it has
 * nothing to show (a new view) or waits to reopen what it showed before the restart.
 */
public abstract class TopicViewPart extends ViewPart {

    /** What the view showed before a workbench restart (from its memento), or null. */
    private TopicViewState restored;
    private RestoreNotice notice;

    @Override
    public void init(IViewSite site, IMemento memento) throws PartInitException {
        super.init(site, memento);
        restored = TopicViewState.load(memento);
    }

    @Override
    public final void createPartControl(Composite parent) {
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(parent);
        notice = new RestoreNotice(parent, () -> getSite().getPage().hideView(this));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(notice);
        Composite panel = createPanel(parent);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(panel);
        if (restored == null) {
            showEmpty();
        } else {
            restore(restored);
        }
    }

    /** Creates the view's own widgets, below the notice. */
    protected abstract Composite createPanel(Composite parent);

    /** Says how to open a topic in a view that was opened without one (e.g. from the Window menu). */
    protected abstract void showEmpty();

    /** Reopens what the view showed before a restart (see {@link RestoreNotice#restore}). */
    public abstract void restore(TopicViewState s);

    /** The topic shown, or null when none is (yet). */
    public abstract TopicTarget target();

    @Override
    public void saveState(IMemento memento) {
        super.saveState(memento);
        TopicViewState s = target() != null ? TopicViewState.of(target()) : notice == null ? restored : notice.pending();
        if (s != null) {
            s.save(memento);
        }
    }

    /** The line at the top that says what is missing (empty view, connection not open), for tests. */
    public RestoreNotice notice() {
        return notice;
    }
}
