package org.ddstuner.ui;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.ICoolBarManager;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.action.ToolBarContributionItem;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;

/** Menus (File, Help) and the main toolbar. */
final class TunerActionBarAdvisor extends ActionBarAdvisor {

    private Action newConnection;
    private Action closeConnection;
    private IWorkbenchAction quit;
    private Action about;

    TunerActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void makeActions(IWorkbenchWindow window) {
        newConnection = ConnectionActions.newConnection(window);
        closeConnection = ConnectionActions.closeConnection(window);
        quit = ActionFactory.QUIT.create(window);
        register(quit);
        about = new Action(Messages.ABOUT) {
            @Override
            public void run() {
                new AboutDialog(window.getShell()).open();
            }
        };
        about.setId("org.ddstuner.ui.about");
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        MenuManager file = new MenuManager(Messages.MENU_FILE, IWorkbenchActionConstants.M_FILE);
        file.add(newConnection);
        file.add(closeConnection);
        file.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        file.add(new Separator());
        file.add(quit);
        MenuManager help = new MenuManager(Messages.MENU_HELP, IWorkbenchActionConstants.M_HELP);
        // contributions (Check for Updates, bundles/org.ddstuner.update.ui) come before About
        help.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        help.add(new Separator());
        help.add(about);
        menuBar.add(file);
        menuBar.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(help);
    }

    @Override
    protected void fillCoolBar(ICoolBarManager coolBar) {
        IToolBarManager main = new ToolBarManager(SWT.FLAT | SWT.RIGHT);
        main.add(newConnection);
        coolBar.add(new ToolBarContributionItem(main, "main"));
    }
}
