package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.runs.AgentLauncher;

/**
 * A Pother agent in a JVM of its own, started as the product starts it ({@code org.ddstuner.cli.Main pother}) on a
 * loopback-only config: what tests use when discovery between the agents must be real (in one process Cyclone
 * matches a new endpoint with the local ones at once).
 */
final class AgentChild implements AutoCloseable {

    private final Process process;
    private final Thread pump;
    private final List<String> output = new ArrayList<>();

    private AgentChild(Process process, int appId) throws InterruptedException {
        this.process = process;
        CountDownLatch ready = new CountDownLatch(1);
        pump = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (output) {
                        output.add(line);
                    }
                    if (line.startsWith("READY pother agent app-id " + appId)) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        assertTrue(ready.await(30, TimeUnit.SECONDS), "the agent process printed READY:\n" + output());
    }

    /** Starts agent {@code appId} on {@code domain} and waits for its READY line. */
    static AgentChild start(int domain, int appId) throws Exception {
        return start(domain, appId, new String[0]);
    }

    /** The same with more options of {@code ddstuner pother} (e.g. {@code --group-id G}). */
    static AgentChild start(int domain, int appId, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(command("pother", "--app-id", "" + appId, "--domain", "" + domain, "--config",
                "loopback"));
        cmd.addAll(List.of(options));
        return new AgentChild(new ProcessBuilder(cmd).redirectErrorStream(true).start(), appId);
    }

    /** The command line of {@code ddstuner ARGS...} in a JVM of its own, on the class path the product would use. */
    static List<String> command(String... args) throws Exception {
        ClassLoader cli = org.ddstuner.cli.Main.class.getClassLoader();
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> c : List.of(org.ddstuner.cli.Main.class, org.ddstuner.dds.Domain.class, Agent.class,
                cli.loadClass("org.ddstuner.connection.ConnectionProfile"), cli.loadClass("org.ddstuner.system.SystemModel"),
                cli.loadClass("org.ddstuner.demo.DemoSystem"), cli.loadClass("picocli.CommandLine"),
                // every bundle the CLI's manifest requires: picocli loads all sub-commands (qos, serve, …) at start
                cli.loadClass("org.ddstuner.types.TypeLibrary"), cli.loadClass("org.ddstuner.samples.ReaderSession"),
                cli.loadClass("org.ddstuner.remote.ClientOptions"), cli.loadClass("org.ddstuner.qos.CapabilityProbe"),
                cli.loadClass("org.ddstuner.agent.AgentClient"),
                cli.loadClass("org.ddstuner.config.check.ConfigChecker"))) {
            cp.addAll(AgentLauncher.entryOf(c)); // as the product's launcher finds the bundles' jars or folders
        }
        for (Class<?> c : org.ddstuner.json.StrictJson.classPathRoots()) { // JSON: the json bundle and Jackson's jars
            cp.addAll(AgentLauncher.entryOf(c));
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                String.join(File.pathSeparator, cp), AgentLauncher.MAIN));
        cmd.addAll(List.of(args));
        return cmd;
    }

    Process process() {
        return process;
    }

    /** What the agent printed so far. */
    String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(Duration.ofSeconds(20).toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        pump.join(2000);
    }
}
