package org.ddstuner.testsupport;

import java.util.List;

import org.ddstuner.pother.runs.AgentLauncher;
import org.eclipse.core.runtime.FileLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;

/**
 * The class path of {@code ddstuner} in a child JVM of a test, as the product's start script builds it: every
 * headless DDS Tuner bundle installed in the test runtime ({@link AgentLauncher#isCliBundle(String)}) and the CLI's
 * libraries, each from its location (a jar, or a bundle folder with its {@code target/classes}; the folder itself
 * too, for resources at a bundle's root such as the demo's {@code /idl/demo.idl}). Every test bundle that starts
 * the CLI in a child JVM uses this, so a new headless bundle is on it without any list to edit.
 */
public final class CliClassPath {

    private CliClassPath() {
    }

    /** This bundle's context: it is started (lazily) by loading this class; a bundle only resolved is started here. */
    private static BundleContext context() {
        Bundle self = FrameworkUtil.getBundle(CliClassPath.class);
        if (self.getBundleContext() == null) {
            try {
                self.start(Bundle.START_TRANSIENT);
            } catch (BundleException e) {
                throw new IllegalStateException("cannot start " + self.getSymbolicName() + ": " + e.getMessage(), e);
            }
        }
        return self.getBundleContext();
    }

    /** The entries, in a stable order (the installed bundles' order). */
    public static List<String> entries() {
        return AgentLauncher.classPathOf(List.of(context().getBundles()), Bundle::getSymbolicName,
                b -> FileLocator.getBundleFile(b).toPath(),
                List.of("org.ddstuner.cli", "picocli", "com.fasterxml.jackson.core.jackson-databind"));
    }
}
