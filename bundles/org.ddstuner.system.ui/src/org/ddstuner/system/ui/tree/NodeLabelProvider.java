package org.ddstuner.system.ui.tree;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/** Text, icon and colour of a {@link Node}: gone entities grey, warnings with a warning icon. */
public final class NodeLabelProvider extends ColumnLabelProvider {

    @Override
    public String getText(Object element) {
        return element instanceof Node n ? n.label() : "";
    }

    @Override
    public Image getImage(Object element) {
        if (!(element instanceof Node n)) {
            return null;
        }
        ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
        if (n.warning()) {
            return images.getImage(ISharedImages.IMG_OBJS_WARN_TSK);
        }
        String key = switch (n.kind()) {
            case CONNECTION -> ISharedImages.IMG_OBJ_PROJECT;
            case HOST, PROCESS, GROUP, PUBLISHER, SUBSCRIBER -> ISharedImages.IMG_OBJ_FOLDER;
            case PARTICIPANT, TOPIC, PARTITION -> ISharedImages.IMG_OBJ_ELEMENT;
            case WRITER -> ISharedImages.IMG_TOOL_FORWARD;
            case READER -> ISharedImages.IMG_TOOL_BACK;
        };
        return images.getImage(key);
    }

    @Override
    public Color getForeground(Object element) {
        return element instanceof Node n && n.gone() ? Display.getCurrent().getSystemColor(SWT.COLOR_GRAY) : null;
    }
}
