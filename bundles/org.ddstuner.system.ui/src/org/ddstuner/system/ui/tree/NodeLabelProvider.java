package org.ddstuner.system.ui.tree;

import org.eclipse.jface.resource.ColorRegistry;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.DecorationOverlayIcon;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider.IStyledLabelProvider;
import org.eclipse.jface.viewers.IColorProvider;
import org.eclipse.jface.viewers.IDecoration;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StyledString;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * Text, icon and colour of a {@link Node}. Gone entities are grey; a row worth a look keeps the icon of
 * what it is with a warning overlay, and its note (" — no match") is drawn in a warning colour.
 */
public final class NodeLabelProvider extends LabelProvider implements IStyledLabelProvider, IColorProvider {

    private static final String BUNDLE = "org.ddstuner.system.ui";
    private static final String WARNING_COLOR = "org.ddstuner.system.ui.warningText";

    /** Dark amber: readable on white, reads as "warning" beside the yellow overlay. */
    private static final RGB WARNING_RGB = new RGB(0xA0, 0x50, 0x00);

    private static final StyledString.Styler WARNING_STYLER = new StyledString.Styler() {
        @Override
        public void applyStyles(org.eclipse.swt.graphics.TextStyle style) {
            ColorRegistry colors = JFaceResources.getColorRegistry();
            if (!colors.hasValueFor(WARNING_COLOR)) {
                colors.put(WARNING_COLOR, WARNING_RGB);
            }
            style.foreground = colors.get(WARNING_COLOR);
        }
    };

    private final LocalResourceManager resources = new LocalResourceManager(JFaceResources.getResources());

    @Override
    public String getText(Object element) {
        return element instanceof Node n ? n.label() : "";
    }

    @Override
    public StyledString getStyledText(Object element) {
        if (!(element instanceof Node n)) {
            return new StyledString();
        }
        StyledString s = new StyledString(n.text());
        if (!n.note().isEmpty()) {
            s.append(n.note(), n.gone() ? null : WARNING_STYLER);
        }
        return s;
    }

    @Override
    public Image getImage(Object element) {
        if (!(element instanceof Node n)) {
            return null;
        }
        ImageDescriptor base = icon(n.kind());
        if (!n.warning()) {
            return resources.create(base);
        }
        ImageDescriptor warn = PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_DEC_FIELD_WARNING);
        return resources.create(new DecorationOverlayIcon(base, warn, IDecoration.BOTTOM_LEFT));
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
        return element instanceof Node n && n.gone() ? Display.getCurrent().getSystemColor(SWT.COLOR_DARK_GRAY)
                : null;
    }

    @Override
    public Color getBackground(Object element) {
        return null;
    }

    @Override
    public void dispose() {
        resources.dispose();
        super.dispose();
    }
}
