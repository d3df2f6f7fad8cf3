package org.ddstuner.map.ui;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.part.ViewPart;

/** The System Map view: a thin part around {@link MapComposite}, with zoom and export in its toolbar and menu. */
public final class MapView extends ViewPart {

    public static final String ID = "org.ddstuner.map.ui.views.map";

    private MapComposite map;

    @Override
    public void createPartControl(Composite parent) {
        map = new MapComposite(parent);
        getSite().setSelectionProvider(map);
        IToolBarManager bar = getViewSite().getActionBars().getToolBarManager();
        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        bar.add(action("+", Messages.ZOOM_IN, map::zoomIn));
        bar.add(action("−", Messages.ZOOM_OUT, map::zoomOut));
        bar.add(action(Messages.FIT, Messages.FIT_TIP, map::fit));
        menu.add(action(Messages.EXPORT_PNG, Messages.EXPORT_PNG, () -> export("png")));
        menu.add(action(Messages.EXPORT_SVG, Messages.EXPORT_SVG, () -> export("svg")));
        bar.add(action("PNG", Messages.EXPORT_PNG, () -> export("png")));
        bar.add(action("SVG", Messages.EXPORT_SVG, () -> export("svg")));
    }

    private static Action action(String text, String tip, Runnable r) {
        Action a = new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
        a.setToolTipText(tip);
        return a;
    }

    private void export(String ext) {
        FileDialog d = new FileDialog(getSite().getShell(), SWT.SAVE);
        d.setFilterExtensions(new String[] { "*." + ext });
        d.setFileName("system-map." + ext);
        d.setOverwrite(true);
        String f = d.open();
        if (f == null) {
            return;
        }
        try {
            if (ext.equals("png")) {
                map.exportPng(Path.of(f));
            } else {
                map.exportSvg(Path.of(f));
            }
        } catch (IOException | RuntimeException e) {
            MessageDialog.openError(getSite().getShell(), Messages.EXPORT_FAILED, f + ": " + e.getMessage());
        }
    }

    public MapComposite map() {
        return map;
    }

    @Override
    public void setFocus() {
        map.canvas().setFocus();
    }
}
