package org.ddstuner.samples.ui.common;

import java.nio.file.Path;

import org.eclipse.core.runtime.Platform;
import org.osgi.framework.FrameworkUtil;

/** Files in this bundle's state folder (the workspace's .metadata), else in ~/.ddstuner without a workspace. */
final class StateFiles {

    private StateFiles() {
    }

    static Path path(String name) {
        try {
            return Platform.getStateLocation(FrameworkUtil.getBundle(StateFiles.class)).toFile().toPath().resolve(name);
        } catch (RuntimeException noWorkspace) {
            return Path.of(System.getProperty("user.home"), ".ddstuner", name);
        }
    }
}
