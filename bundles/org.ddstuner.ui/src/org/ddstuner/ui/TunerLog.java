package org.ddstuner.ui;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;

/** Writes to the Eclipse log of this bundle (shown on the console with -consoleLog). */
final class TunerLog {

    private TunerLog() {
    }

    static void error(String message, Throwable t) {
        ILog.of(TunerLog.class).log(Status.error(message, t));
    }

    static void info(String message) {
        ILog.of(TunerLog.class).log(Status.info(message));
    }
}
