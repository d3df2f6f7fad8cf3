package org.ddstuner.ui;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.ui.live.BackgroundThreads;
import org.ddstuner.ui.internal.StallMonitor;
import org.ddstuner.ui.internal.StartupSplash;
import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.eclipse.ui.application.IWorkbenchConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

/**
 * Opens the System perspective and connects at start-up: to the built-in local demo by default, so a
 * new user sees a living system at once; {@code -Dddstuner.autoconnect=false} connects to nothing and
 * {@code -Dddstuner.autoconnect=loopback:N} to domain N on the loopback-only configuration (used by
 * the benchmarks). Closes every connection on exit.
 */
public final class TunerWorkbenchAdvisor extends WorkbenchAdvisor {

    /** System property: "true" (default: local demo), "false" (nothing) or "loopback:N" (domain N). */
    public static final String AUTOCONNECT_PROPERTY = "ddstuner.autoconnect";

    @Override
    public void initialize(IWorkbenchConfigurer configurer) {
        super.initialize(configurer);
        configurer.setSaveAndRestore(false); // the layout is the perspective's; nothing stale across versions
    }

    @Override
    public String getInitialWindowPerspectiveId() {
        return SystemPerspective.ID;
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new WorkbenchWindowAdvisor(configurer) {
            @Override
            public void preWindowOpen() {
                IWorkbenchWindowConfigurer c = getWindowConfigurer();
                c.setInitialSize(new Point(1280, 800));
                c.setShowCoolBar(true);
                c.setShowPerspectiveBar(true); // System and Benchmarks (and any later perspective) one click apart
                c.setShowStatusLine(true);
                c.setShowProgressIndicator(true);
                c.setTitle(Messages.APP_NAME);
            }

            @Override
            public void postWindowOpen() {
                StartupSplash.close(); // the workbench window is up: the start-up feedback has done its job
                StallMonitor.windowOpened();
            }

            @Override
            public ActionBarAdvisor createActionBarAdvisor(IActionBarConfigurer abc) {
                return new TunerActionBarAdvisor(abc);
            }
        };
    }

    @Override
    public void postStartup() {
        super.postStartup();
        BackgroundThreads.start(); // before connecting: Cyclone's threads are made when a domain opens
        StallMonitor.startIfRequested(getWorkbenchConfigurer().getWorkbench().getDisplay());
        ConnectionProfile startup = startupProfile();
        if (startup != null) {
            new ConnectJob(startup).schedule();
        }
    }

    /** The profile to connect to at start-up, or {@code null} for none. */
    static ConnectionProfile startupProfile() {
        String v = System.getProperty(AUTOCONNECT_PROPERTY, "true").strip();
        if (v.startsWith("loopback:")) {
            try {
                int domain = Integer.parseInt(v.substring("loopback:".length()));
                return ConnectionProfile.loopback("Domain " + domain + " (loopback)", domain);
            } catch (IllegalArgumentException e) {
                TunerLog.error("Ignoring -D" + AUTOCONNECT_PROPERTY + "=" + v + ": " + e.getMessage(), e);
                return null;
            }
        }
        return autoConnect() ? ConnectionProfile.localDemo() : null;
    }

    /** Whether start-up connects to the local demo (default yes). */
    public static boolean autoConnect() {
        return !"false".equalsIgnoreCase(System.getProperty(AUTOCONNECT_PROPERTY, "true").strip());
    }

    @Override
    public void postShutdown() {
        try {
            ConnectionManager.get().closeAll();
        } catch (RuntimeException e) {
            TunerLog.error("Closing connections at exit failed: " + e.getMessage(), e);
        }
        super.postShutdown();
    }
}
