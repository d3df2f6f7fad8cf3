package org.ddstuner.pother.runs;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How to start a Pother agent process on this machine: the CLI ({@code org.ddstuner.cli.Main pother
 * --app-id N}) on a plain class path, with the Java of this process, exactly as the product's start script
 * runs {@code ddstuner pother}. The class path holds every headless DDS Tuner bundle ({@link #isCliBundle(String)})
 * and the {@link #CLI_LIBRARIES}: the caller finds them among the bundles installed beside it, through their
 * locations ({@link #entriesOf(Path)}).
 */
public record AgentLauncher(String java, List<String> classPath, List<String> jvmArgs, Map<String, String> environment) {

    /** The CLI's main class. */
    public static final String MAIN = "org.ddstuner.cli.Main";

    /**
     * The libraries on the CLI's class path, by bundle symbolic name (the product's {@code plugins/<name>_*.jar}):
     * picocli parses the command line, Jackson is the headless bundles' JSON. As in the start script.
     */
    public static final List<String> CLI_LIBRARIES = List.of("picocli", "com.fasterxml.jackson.core.jackson-core",
            "com.fasterxml.jackson.core.jackson-databind", "com.fasterxml.jackson.core.jackson-annotations");

    /**
     * Whether bundle {@code symbolicName} goes on the CLI's plain class path: every headless DDS Tuner bundle, i.e.
     * {@code org.ddstuner.*} except the UI ones ({@code org.ddstuner.ui}, {@code *.ui}) and the tests' bundles. The
     * start script applies the same rule to {@code plugins/org.ddstuner.*.jar}, so a new headless bundle needs no
     * list to be edited (picocli loads every sub-command at start: a bundle missing here would fail every command).
     * {@code org.ddstuner.update} is headless but desktop-only (p2 updates the installed product), and no command
     * loads it: it stays off, as in the start script.
     */
    public static boolean isCliBundle(String symbolicName) {
        return symbolicName.startsWith("org.ddstuner.") && !symbolicName.equals("org.ddstuner.ui")
                && !symbolicName.endsWith(".ui") && !symbolicName.endsWith(".tests")
                && !symbolicName.startsWith("org.ddstuner.testsupport") && !symbolicName.equals("org.ddstuner.update");
    }

    /** Where an installed bundle's file is (its jar, or its folder in a test runtime). */
    @FunctionalInterface
    public interface BundleFiles<B> {
        Path fileOf(B bundle) throws java.io.IOException;
    }

    /**
     * The CLI's class path from the bundles installed in a running OSGi framework (the desktop, a test runtime): the
     * entries ({@link #entriesOf(Path)}) of every bundle the rule takes ({@link #isCliBundle(String)},
     * {@link #CLI_LIBRARIES}), in the given order. The caller passes its framework's bundles, their names and how to
     * find their files (Equinox's {@code FileLocator}), so this bundle needs no OSGi API.
     *
     * @param required bundles that must be among them (else the launch could only fail later, less clearly)
     * @throws IllegalStateException a required bundle is missing, or a bundle's file cannot be found
     */
    public static <B> List<String> classPathOf(Iterable<B> installed, java.util.function.Function<B, String> nameOf,
            BundleFiles<B> files, List<String> required) {
        Set<String> cp = new LinkedHashSet<>();
        Set<String> found = new java.util.HashSet<>();
        for (B b : installed) {
            String name = nameOf.apply(b);
            if (name == null || !(isCliBundle(name) || CLI_LIBRARIES.contains(name))) {
                continue;
            }
            found.add(name);
            try {
                cp.addAll(entriesOf(files.fileOf(b)));
            } catch (java.io.IOException e) {
                throw new IllegalStateException("cannot find the file of bundle " + name + ": " + e.getMessage(), e);
            }
        }
        for (String needed : required) {
            if (!found.contains(needed)) {
                throw new IllegalStateException("bundle " + needed + " is not installed: the CLI's class path would lack"
                        + " it (" + cp + ")");
            }
        }
        return List.copyOf(cp);
    }

    public AgentLauncher {
        if (classPath == null || classPath.isEmpty()) {
            throw new IllegalArgumentException("an agent launcher needs the CLI's class path");
        }
        classPath = List.copyOf(classPath);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        environment = environment == null ? Map.of() : Map.copyOf(environment);
    }

    public AgentLauncher(String java, List<String> classPath, List<String> jvmArgs) {
        this(java, classPath, jvmArgs, Map.of());
    }

    /**
     * The same with {@code env} added to the agent processes' environment (the desktop preloads its QoS tuning agent
     * this way: {@code LD_PRELOAD} and {@code DDSTUNER_AGENT_SECRET}).
     */
    public AgentLauncher withEnvironment(Map<String, String> env) {
        return new AgentLauncher(java, classPath, jvmArgs, env);
    }

    /** With this process's Java and {@code --enable-native-access=ALL-UNNAMED}. */
    public static AgentLauncher of(List<String> classPath) {
        return new AgentLauncher(Path.of(System.getProperty("java.home"), "bin", "java").toString(), classPath,
                List.of("--enable-native-access=ALL-UNNAMED"));
    }

    /**
     * The class-path entries {@code c} was loaded from: its jar, or its bundle folder and the folder's
     * {@code target/classes} / {@code bin} (Equinox gives a bundle's location as its code source; a
     * bundle run from a workspace keeps its classes in a subfolder).
     */
    public static List<String> entryOf(Class<?> c) {
        var src = c.getProtectionDomain().getCodeSource();
        if (src == null) {
            throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from");
        }
        try {
            return entriesOf(Path.of(src.getLocation().toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("bad code source of " + c.getName() + ": " + e.getMessage(), e);
        }
    }

    /** A jar as it is; a bundle folder with its class output folders. */
    public static List<String> entriesOf(Path jarOrFolder) {
        Set<String> out = new LinkedHashSet<>();
        out.add(jarOrFolder.toString());
        if (Files.isDirectory(jarOrFolder)) {
            for (String sub : List.of("target/classes", "bin")) {
                if (Files.isDirectory(jarOrFolder.resolve(sub))) {
                    out.add(jarOrFolder.resolve(sub).toString());
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The command line of agent {@code appId} in {@code group} on {@code domainId} with the configuration file
     * {@code config}; the agent ends with this process ({@code --parent-pid}).
     */
    public List<String> command(int appId, String group, int domainId, Path config) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add(MAIN);
        cmd.addAll(List.of("pother", "--app-id", Integer.toString(appId), "--domain", Integer.toString(domainId), "--config",
                config.toString(), "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        if (group != null && !group.isEmpty()) {
            cmd.addAll(List.of("--group-id", group));
        }
        return cmd;
    }
}
