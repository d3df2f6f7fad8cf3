package org.ddstuner.pother.ui;

import java.util.List;

import org.ddstuner.pother.runs.AgentLauncher;
import org.eclipse.core.runtime.FileLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The CLI's plain class path inside the running product, found through the installed bundles' locations
 * ({@link AgentLauncher#classPathOf}: every headless DDS Tuner bundle and the CLI's libraries, as the start script
 * puts them on the class path for {@code ddstuner pother}; in the installed product they are {@code plugins/*.jar}).
 */
public final class AgentClassPath {

    private AgentClassPath() {
    }

    /** The launcher of agent processes on the CLI class path of the running product (or test runtime). */
    public static AgentLauncher launcher() {
        Bundle[] installed = FrameworkUtil.getBundle(AgentClassPath.class).getBundleContext().getBundles();
        return TuningAgent.addTo(AgentLauncher.of(AgentLauncher.classPathOf(List.of(installed), Bundle::getSymbolicName,
                b -> FileLocator.getBundleFile(b).toPath(),
                List.of("org.ddstuner.cli", "org.ddstuner.pother", "org.ddstuner.dds", "picocli"))));
    }
}
