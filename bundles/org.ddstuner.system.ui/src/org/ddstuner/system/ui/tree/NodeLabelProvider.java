package org.ddstuner.system.ui.tree;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.jface.resource.ColorRegistry;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.DecorationOverlayIcon;
import org.eclipse.jface.viewers.IColorProvider;
import org.eclipse.jface.viewers.IDecoration;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * Text, icon and colour of a {@link Node}, O(1) per row from what the tree builder prepared. Gone entities
 * are grey; a row worth a look keeps the icon of what it is with a warning overlay and is drawn in a
 * warning colour. A plain (not owner-drawn) provider on purpose: with owner draw GTK asks SWT to measure
 * every row it re-validates, which stalled the UI for seconds while 20,000 endpoints were discovered.
 */
public final class NodeLabelProvider extends LabelProvider implements IColorProvider {

    private static final String BUNDLE = "org.ddstuner.system.ui";
    private static final String WARNING_COLOR = "org.ddstuner.system.ui.warningText";

    /** Dark amber: readable on white, reads as "warning" beside the yellow overlay. */
    private static final RGB WARNING_RGB = new RGB(0xA0, 0x50, 0x00);

    private final LocalResourceManager resources = new LocalResourceManager(JFaceResources.getResources());
    /** Icons by kind, plain and with the warning overlay; made on first use. */
    private final Map<Node.Kind, Image> plain = new EnumMap<>(Node.Kind.class);
    private final Map<Node.Kind, Image> warned = new EnumMap<>(Node.Kind.class);

    @Override
    public String getText(Object element) {
        return element instanceof Node n ? n.label() : "";
    }

    @Override
    public Image getImage(Object element) {
        if (!(element instanceof Node n)) {
            return null;
        }
        return (n.warning() ? warned : plain).computeIfAbsent(n.kind(), k -> {
            ImageDescriptor base = icon(k);
            if (!n.warning()) {
                return resources.create(base);
            }
            ImageDescriptor warn = PlatformUI.getWorkbench().getSharedImages()
                    .getImageDescriptor(ISharedImages.IMG_DEC_FIELD_WARNING);
            return resources.create(new DecorationOverlayIcon(base, warn, IDecoration.BOTTOM_LEFT));
        });
    }

    private static ImageDescriptor icon(Node.Kind kind) {
        String own = switch (kind) {
            case CONNECTION -> "icons/system.png";
            case TOPIC -> "icons/topics.png";
            case PARTITION -> "icons/partitions.png";
            default -> null;
        };
        if (own != null) {
            ImageDescriptor d = ResourceLocator.imageDescriptorFromBundle(BUNDLE, own).orElse(null);
            if (d != null) {
                return d;
            }
        }
        String key = switch (kind) {
            case HOST, PROCESS, GROUP, PUBLISHER, SUBSCRIBER -> ISharedImages.IMG_OBJ_FOLDER;
            case WRITER -> ISharedImages.IMG_TOOL_FORWARD;
            case READER -> ISharedImages.IMG_TOOL_BACK;
            default -> ISharedImages.IMG_OBJ_ELEMENT;
        };
        return PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(key);
    }

    @Override
    public Color getForeground(Object element) {
        if (!(element instanceof Node n)) {
            return null;
        }
        if (n.stale()) {
            // lighter than a gone entity's grey: the whole picture is old, not this row
            return Display.getCurrent().getSystemColor(SWT.COLOR_WIDGET_DISABLED_FOREGROUND);
        }
        if (n.gone()) {
            return Display.getCurrent().getSystemColor(SWT.COLOR_DARK_GRAY);
        }
        return n.warning() ? warningColor() : null;
    }

    private static Color warningColor() {
        ColorRegistry colors = JFaceResources.getColorRegistry();
        if (!colors.hasValueFor(WARNING_COLOR)) {
            colors.put(WARNING_COLOR, WARNING_RGB);
        }
        return colors.get(WARNING_COLOR);
    }

    @Override
    public Color getBackground(Object element) {
        return null;
    }

    @Override
    public void dispose() {
        plain.clear();
        warned.clear();
        resources.dispose();
        super.dispose();
    }
}
