package org.ddstuner.pother.ui;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/** The platform error log of this bundle. */
final class UiLog {

    private static final String BUNDLE = "org.ddstuner.pother.ui";

    private UiLog() {
    }

    static void error(String message, Throwable t) {
        ILog.of(UiLog.class).log(new Status(IStatus.ERROR, BUNDLE, message, t));
    }
}
