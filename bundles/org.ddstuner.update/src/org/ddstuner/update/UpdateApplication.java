package org.ddstuner.update;

import java.io.PrintStream;
import java.net.URI;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * {@code -application org.ddstuner.update.headless version|check|update [SITE]}: the same check and install as
 * Help → Check for Updates, for scripts, server hosts without a display, and the update test. Lines start with a
 * fixed word (VERSION, AVAILABLE, UP-TO-DATE, UPDATED, FAILED, NOT-INSTALLED) so scripts can read them.
 * Exit code: 0 done (or nothing to do), 1 failed, 2 not an installed product.
 */
public final class UpdateApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) throws Exception {
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        String cmd = args != null && args.length > 0 ? args[0] : "check";
        PrintStream out = System.out;
        Updater updater = Updater.forRunningProduct();
        if (cmd.equals("version")) {
            String installed = updater.installedVersion();
            out.println("VERSION product " + (installed != null ? installed : "(not installed with p2)"));
            for (Bundle b : FrameworkUtil.getBundle(getClass()).getBundleContext().getBundles()) {
                if (b.getSymbolicName() != null && (b.getSymbolicName().equals("org.ddstuner.ui")
                        || b.getSymbolicName().equals("org.ddstuner.cli"))) {
                    out.println("VERSION bundle " + b.getSymbolicName() + " " + b.getVersion());
                }
            }
            return installed != null ? EXIT_OK : Integer.valueOf(2);
        }
        if (!cmd.equals("check") && !cmd.equals("update")) {
            System.err.println("usage: -application org.ddstuner.update.headless version|check|update [SITE]");
            return 1;
        }
        URI site = args.length > 1 ? UpdateSite.toUri(args[1]) : UpdateSite.resolve().uri();
        UpdateCheck c = updater.check(site, new NullProgressMonitor());
        switch (c.kind()) {
        case NOT_INSTALLED -> {
            out.println("NOT-INSTALLED " + c.message());
            return 2;
        }
        case FAILED -> {
            out.println("FAILED " + c.message());
            return 1;
        }
        case UP_TO_DATE -> {
            out.println("UP-TO-DATE " + c.installed() + " " + site);
            return EXIT_OK;
        }
        default -> {
            out.println("AVAILABLE " + c.available() + " installed " + c.installed() + " " + site);
        }
        }
        if (cmd.equals("check")) {
            return EXIT_OK;
        }
        IStatus s = Updater.install(c, new NullProgressMonitor());
        if (s.getSeverity() == IStatus.ERROR || s.getSeverity() == IStatus.CANCEL) {
            out.println("FAILED installing " + c.available() + ": " + Updater.describe(s));
            return 1;
        }
        out.println("UPDATED " + c.installed() + " -> " + c.available() + " (takes effect at the next start)");
        return EXIT_OK;
    }

    @Override
    public void stop() {
    }
}
