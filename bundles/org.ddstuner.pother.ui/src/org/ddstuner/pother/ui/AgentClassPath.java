package org.ddstuner.pother.ui;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.pother.runs.AgentLauncher;
import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The CLI's plain class path inside the running product, found through the installed bundles' locations: every
 * headless DDS Tuner bundle and the CLI's libraries ({@link AgentLauncher#isCliBundle(String)}), as the start script
 * puts them on the class path for {@code ddstuner pother} (in the installed product they are
 * {@code plugins/*.jar}; in a test runtime, jars or bundle folders).
 */
public final class AgentClassPath {

    private AgentClassPath() {
    }

    /** The launcher of agent processes on the CLI class path of the running product (or test runtime). */
    public static AgentLauncher launcher() {
        List<String> cp = new ArrayList<>();
        for (Bundle b : FrameworkUtil.getBundle(AgentClassPath.class).getBundleContext().getBundles()) {
            String name = b.getSymbolicName();
            if (name != null && (AgentLauncher.isCliBundle(name) || AgentLauncher.CLI_LIBRARIES.contains(name))) {
                add(cp, b);
            }
        }
        for (String required : List.of("org.ddstuner.cli", "org.ddstuner.pother", "org.ddstuner.dds", "picocli")) {
            if (Platform.getBundle(required) == null) {
                throw new IllegalStateException("bundle " + required + " is not installed: cannot start agent processes");
            }
        }
        return AgentLauncher.of(cp);
    }

    private static void add(List<String> cp, Bundle bundle) {
        try {
            File f = FileLocator.getBundleFile(bundle);
            cp.addAll(AgentLauncher.entriesOf(f.toPath()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot find the file of bundle " + bundle.getSymbolicName() + ": "
                    + e.getMessage(), e);
        }
    }
}
