package org.ddstuner.pother.runs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Pother agent processes on this machine ({@code ddstuner pother --app-id N}, see {@link AgentLauncher}), all
 * in one domain over one transport, started together and stopped by {@link #close()}: SIGTERM first (the
 * agent stops its tests and announces "stopped"), then a kill for any that did not end within {@value #STOP_GRACE_SECONDS} s. The
 * processes' configuration files are written to a temporary folder deleted on close.
 *
 * <p>The controlling process must join them with {@link #controllerConfig()}: for UDP that is the same
 * loopback-only configuration, for TCP the one that lists every process's port, for shared memory plain UDP (see
 * {@link Transports#forProcesses}).
 *
 * <p>Shared memory needs a RouDi: agents over it use the one running, or one started for them ({@link Roudi#acquire})
 * and stopped by {@link #close()} after the agents have ended.
 */
public final class LocalAgents implements AutoCloseable {

    /** Longest wait for an agent process to print READY (a JVM start on a busy 2-core machine). */
    public static final long READY_SECONDS = 45;
    private static final int OUTPUT_LINES_KEPT = 200;

    /** One agent process. */
    public record AgentProcess(int appId, Process process, List<String> output) {
        public long pid() {
            return process.pid();
        }

        /** The last lines it printed (startup, tests defined, errors). */
        public List<String> lastOutput() {
            synchronized (output) {
                return List.copyOf(output);
            }
        }
    }

    private final int domainId;
    private final RunDefinition.Transport transport;
    private final String group;
    private final String controllerConfig;
    private final Path configDir;
    private final List<AgentProcess> agents = new ArrayList<>();
    /** The RouDi of shared-memory agents (null for the other transports). */
    private Roudi.Lease roudi;
    /** A JVM that exits without close() still ends its agents (a killed one: they watch --parent-pid). */
    private final Thread exitHook = new Thread(this::endOnExit, "ddstuner-local-agents-exit");
    private volatile boolean closed;

    /** The JVM exits without close(): the agents end, then a RouDi started for them (a child would outlive us). */
    private void endOnExit() {
        agents.forEach(a -> a.process().destroy());
        if (roudi != null) {
            for (AgentProcess a : agents) {
                try {
                    a.process().waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    break;
                }
            }
            roudi.close();
        }
    }

    private LocalAgents(int domainId, RunDefinition.Transport transport, String group, String controllerConfig,
            Path configDir) {
        this.domainId = domainId;
        this.transport = transport;
        this.group = group;
        this.controllerConfig = controllerConfig;
        this.configDir = configDir;
    }

    /**
     * Starts {@code count} agents with app ids {@code firstAppId}, {@code firstAppId + 1}, … in {@code group}
     * and waits until each has printed READY.
     *
     * @param udpConfig the configuration for UDP (the connection's; null = loopback only); other transports
     *                  make their own loopback-only configuration
     * @param log       gets every line the agents print, prefixed with their app id (null = nowhere)
     * @throws IOException           if a process cannot start or an agent does not get ready (the others are stopped)
     * @throws IllegalStateException if {@code transport} is not available here (shared memory without RouDi)
     */
    public static LocalAgents start(AgentLauncher launcher, int domainId, RunDefinition.Transport transport,
            String udpConfig, int count, int firstAppId, String group, Consumer<String> log) throws IOException {
        if (count < 1) {
            throw new IllegalArgumentException("start at least one agent, not " + count);
        }
        if (transport == RunDefinition.Transport.SHM && !Transports.sharedMemory().available()) {
            throw new IllegalStateException("Shared memory is not available: " + Transports.sharedMemory().reason() + ".");
        }
        Transports.ProcessConfigs configs = Transports.forProcesses(transport, udpConfig, count);
        Path dir = Files.createTempDirectory("ddstuner-agents");
        LocalAgents la = new LocalAgents(domainId, transport, group == null ? "" : group, configs.controller(), dir);
        Consumer<String> sink = log == null ? s -> { } : log;
        Runtime.getRuntime().addShutdownHook(la.exitHook);
        try {
            if (transport == RunDefinition.Transport.SHM) {
                la.roudi = Roudi.acquire();
                sink.accept(la.roudi.started() ? "[roudi] started " + Roudi.PROGRAM + " (pid " + la.roudi.pid().orElse(0L)
                        + ") for the agents" : "[roudi] using the RouDi already running (pid "
                        + Roudi.runningPid().map(String::valueOf).orElse("?") + ")");
            }
            List<CountDownLatch> ready = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int appId = firstAppId + i;
                Path cfg = dir.resolve("agent-" + appId + ".xml");
                Files.writeString(cfg, configs.agents().get(i));
                ProcessBuilder pb = new ProcessBuilder(launcher.command(appId, la.group, domainId, cfg)).redirectErrorStream(true);
                pb.environment().putAll(launcher.environment());
                Process p = pb.start();
                CountDownLatch r = new CountDownLatch(1);
                AgentProcess a = new AgentProcess(appId, p, new ArrayList<>());
                la.agents.add(a);
                ready.add(r);
                pump(a, r, sink);
            }
            for (int i = 0; i < count; i++) {
                AgentProcess a = la.agents.get(i);
                if (!ready.get(i).await(READY_SECONDS, TimeUnit.SECONDS)) {
                    throw new IOException("agent " + a.appId() + " (pid " + a.pid() + ") " + (a.process().isAlive()
                            ? "did not get ready within " + READY_SECONDS + " s" : "ended with exit code "
                                    + a.process().exitValue()) + "; it printed:\n" + String.join("\n", a.lastOutput()));
                }
            }
            return la;
        } catch (IOException | RuntimeException e) {
            la.close();
            throw e;
        } catch (InterruptedException e) {
            la.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting agents", e);
        }
    }

    private static void pump(AgentProcess a, CountDownLatch ready, Consumer<String> log) {
        Thread.ofPlatform().daemon().name("pother-agent-" + a.appId() + "-output").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(a.process().getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (a.output()) {
                        a.output().add(line);
                        if (a.output().size() > OUTPUT_LINES_KEPT) {
                            a.output().remove(0);
                        }
                    }
                    if (line.startsWith("READY pother agent")) {
                        ready.countDown();
                    }
                    log.accept("[agent " + a.appId() + "] " + line);
                }
            } catch (IOException e) {
                // the process ended
            }
            ready.countDown(); // ended without READY: the waiter sees it is dead
        });
    }

    public int domainId() {
        return domainId;
    }

    public RunDefinition.Transport transport() {
        return transport;
    }

    public String group() {
        return group;
    }

    /** The Cyclone configuration this process must use on {@link #domainId()} to reach the agents. */
    public String controllerConfig() {
        return controllerConfig;
    }

    public List<AgentProcess> agents() {
        return List.copyOf(agents);
    }

    public List<Integer> appIds() {
        return agents.stream().map(AgentProcess::appId).toList();
    }

    /** The RouDi lease of shared-memory agents, or null. */
    public Roudi.Lease roudi() {
        return roudi;
    }

    /** True while every agent process is alive. */
    public boolean alive() {
        return !closed && agents.stream().allMatch(a -> a.process().isAlive());
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * How long a stopped agent gets to stop its tests and announce "stopped" before it is killed. The agent
     * itself gives its tests up to 30 s; on a loaded machine (CI, load 20 on 2 cores) one took over 10 s, was
     * killed, and never announced "stopped".
     */
    static final int STOP_GRACE_SECONDS = 30;

    /**
     * Stops every agent process (SIGTERM, then a kill after {@value #STOP_GRACE_SECONDS} s), then a RouDi started
     * for them, and deletes the configuration files.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(exitHook);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs anyway
        }
        agents.forEach(a -> a.process().destroy());
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_GRACE_SECONDS);
        for (AgentProcess a : agents) {
            try {
                long left = end - System.nanoTime();
                if (left <= 0 || !a.process().waitFor(left, TimeUnit.NANOSECONDS)) {
                    a.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                a.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        if (roudi != null) {
            // only now: a RouDi that stops sends SIGTERM to the processes still registered with it
            agents.forEach(a -> Roudi.removeClientFiles(a.pid()));
            roudi.close();
        }
        try (var files = Files.list(configDir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(configDir);
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
