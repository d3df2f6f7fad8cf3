package org.ddstuner.pother.ui;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.pother.runs.AgentLauncher;
import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;

/**
 * The CLI's plain class path inside the running product, found through the bundles' locations: the same
 * headless jars the start script puts on the class path for {@code ddstuner pother} (in the installed product
 * they are {@code plugins/org.ddstuner.*.jar}; in a test runtime, jars or bundle folders).
 */
final class AgentClassPath {

    /** As in features/org.ddstuner.feature/rootfiles/ddstuner. */
    private static final String[] BUNDLES = { "json", "dds", "system", "types", "connection", "samples", "demo", "pother",
        "remote", "qos", "agent", "config", "cli" };
    /**
     * The libraries, by bundle name, also as in the start script: picocli parses the CLI's command line
     * (plugins/picocli_*.jar in the product), Jackson is the headless bundles' JSON.
     */
    private static final String[] LIBRARIES = { "picocli", "com.fasterxml.jackson.core.jackson-core",
        "com.fasterxml.jackson.core.jackson-databind", "com.fasterxml.jackson.core.jackson-annotations" };

    private AgentClassPath() {
    }

    static AgentLauncher launcher() {
        List<String> cp = new ArrayList<>();
        for (String b : BUNDLES) {
            add(cp, "org.ddstuner." + b, b.equals("cli") || b.equals("pother") || b.equals("dds")
                    || b.equals("json"));
        }
        for (String library : LIBRARIES) {
            add(cp, library, true);
        }
        return AgentLauncher.of(cp);
    }

    private static void add(List<String> cp, String symbolicName, boolean required) {
        Bundle bundle = Platform.getBundle(symbolicName);
        if (bundle == null) {
            if (required) {
                throw new IllegalStateException("bundle " + symbolicName + " is not installed: cannot start agent processes");
            }
            return;
        }
        try {
            File f = FileLocator.getBundleFile(bundle);
            cp.addAll(AgentLauncher.entriesOf(f.toPath()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot find the file of bundle " + bundle.getSymbolicName() + ": "
                    + e.getMessage(), e);
        }
    }
}
