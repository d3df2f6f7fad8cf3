package org.ddstuner.ui.internal;

import java.awt.SplashScreen;

/**
 * The start-up splash window the start script asks the JVM for ({@code -splash:splash.png}, with
 * {@code -Dddstuner.splash=true}): the java launcher shows it before Equinox starts, as immediate
 * feedback during the seconds the workbench needs. Closed when the workbench window has opened, or when
 * start-up fails before that. Without the property nothing here touches AWT (tests, other launchers).
 */
public final class StartupSplash {

    /** System property the start script sets when it passes {@code -splash:}. */
    public static final String PROPERTY = "ddstuner.splash";

    private StartupSplash() {
    }

    /** Closes the splash window if there is one still shown; any thread, any number of times. */
    public static void close() {
        if (!Boolean.getBoolean(PROPERTY)) {
            return;
        }
        try {
            SplashScreen splash = SplashScreen.getSplashScreen(); // null once closed
            if (splash != null) {
                splash.close();
            }
        } catch (RuntimeException | LinkageError e) {
            // headless JVM or no splash library: there is no splash window to close
        }
    }
}
