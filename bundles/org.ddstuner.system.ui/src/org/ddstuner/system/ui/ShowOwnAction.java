package org.ddstuner.system.ui;

import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/** Toolbar toggle for the shared "show own entities" switch; stays in step with the other views' toggles. */
final class ShowOwnAction extends Action {

    private final LiveSystems live = LiveSystems.get();
    private final Runnable sync = () -> setChecked(live.showOwn());

    ShowOwnAction() {
        super(Messages.SHOW_OWN, IAction.AS_CHECK_BOX);
        setToolTipText(Messages.SHOW_OWN_TIP);
        setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_OBJ_ELEMENT));
        setChecked(live.showOwn());
        live.addListener(sync);
    }

    @Override
    public void run() {
        live.setShowOwn(isChecked());
    }

    void dispose() {
        live.removeListener(sync);
    }
}
