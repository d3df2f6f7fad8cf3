package org.ddstuner.pother.runs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The Iceoryx daemon RouDi ({@code iox-roudi}, Debian package {@code iceoryx}) that Cyclone 0.10's shared memory
 * needs on the host. {@link #acquire} reuses a RouDi that already runs (and leaves it alone) or starts one for the
 * caller, which {@link Lease#close()} stops again.
 *
 * <p>What Iceoryx 2.0 fixes and we cannot choose: RouDi's socket and lock are {@code /tmp/roudi}, {@code
 * /tmp/roudi.lock}, its shared memory {@code /dev/shm/iceoryx_mgmt} and {@code /dev/shm/<user>}; a second RouDi
 * on one host fails ("Could not acquire lock"). So ours cannot clash with another only because we never start a
 * second one. Its own things (configuration, log) live in a temporary folder deleted on close. A RouDi that died
 * (killed, or its own abort) leaves its files behind; the next RouDi unlinks them itself ("IPC channel still there,
 * doing an unlink"), and we remove them when we see ours end abnormally with no RouDi left.
 *
 * <p>On stop, RouDi sends SIGTERM to every process still registered with it. So only processes we start and end
 * ourselves (the agents) may join a RouDi we stop: the controlling process joins the agents' domain without shared
 * memory (see {@link Transports#forProcesses}).
 */
public final class Roudi {

    /** The daemon's program name (also its {@code /proc/PID/comm}). */
    public static final String PROGRAM = "iox-roudi";
    /** Longest wait for "RouDi is ready for clients" (it reserves ~100 MB of shared memory first). */
    static final long READY_SECONDS = 20;
    private static final String READY_LINE = "RouDi is ready for clients";

    /**
     * Memory pools of a RouDi we start: chunks up to 1 MiB (Pother's largest sample plus headers fits the 2 MiB
     * pool), ~120 MB of /dev/shm in all rather than the built-in 216 MB. Counts leave room for keep-last histories
     * and subscriber queues of a few agents.
     */
    static final String CONFIG = """
            [general]
            version = 1

            [[segment]]

            [[segment.mempool]]
            size = 256
            count = 10000

            [[segment.mempool]]
            size = 1024
            count = 5000

            [[segment.mempool]]
            size = 8192
            count = 2000

            [[segment.mempool]]
            size = 70000
            count = 600

            [[segment.mempool]]
            size = 2097152
            count = 24
            """;

    private Roudi() {
    }

    /** A RouDi the caller may use until {@link #close()}: stops it if {@link #started()}, else does nothing. */
    public static final class Lease implements AutoCloseable {
        private final Process process;
        private final Path dir;
        private final List<String> output;
        private boolean closed;

        private Lease(Process process, Path dir, List<String> output) {
            this.process = process;
            this.dir = dir;
            this.output = output;
        }

        /** True if this lease started the RouDi (and will stop it); false if it reuses one that ran before. */
        public boolean started() {
            return process != null;
        }

        /** The RouDi's pid (ours), or empty when reused. */
        public Optional<Long> pid() {
            return process == null ? Optional.empty() : Optional.of(process.pid());
        }

        /** The last lines our RouDi printed (empty when reused). */
        public List<String> output() {
            synchronized (output) {
                return List.copyOf(output);
            }
        }

        /**
         * Stops a RouDi this lease started (SIGTERM; a kill after 10 s) and removes its temporary folder; after an
         * abnormal end also the Iceoryx files it left, unless another RouDi runs. Call it after every process that
         * used the RouDi has ended. A reused RouDi is left alone.
         */
        @Override
        public synchronized void close() {
            if (closed || process == null) {
                closed = true;
                return;
            }
            closed = true;
            process.destroy();
            int code;
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
                code = process.isAlive() ? -1 : process.exitValue();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                code = -1;
            }
            // SIGTERM ends it with 0 after it unlinked everything; anything else (an abort, the kill) leaves files
            if (code != 0 && runningPid().isEmpty()) {
                removeStaleFiles();
            }
            deleteTree(dir);
        }
    }

    /** Where {@code iox-roudi} is: on the PATH, or in /usr/bin (the Debian package's place); empty if nowhere. */
    public static Optional<Path> program() {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        dirs.add(Path.of("/usr/bin"));
        return dirs.stream().map(d -> d.resolve(PROGRAM)).filter(Files::isExecutable).findFirst();
    }

    /** The pid of a RouDi running on this host (in this process's pid namespace), if any. */
    public static Optional<Long> runningPid() {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).filter(p -> {
                try {
                    return Files.readString(p.resolve("comm")).strip().equals(PROGRAM);
                } catch (IOException e) {
                    return false; // the process ended meanwhile
                }
            }).map(p -> Long.parseLong(p.getFileName().toString())).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * A RouDi for the caller: the running one (reused, never stopped by us), or a new one started with {@link #CONFIG}
     * and waited for until it is ready.
     *
     * @throws IOException if none runs and {@code iox-roudi} is missing, does not start, or is not ready in time
     */
    public static synchronized Lease acquire() throws IOException {
        if (runningPid().isPresent()) {
            return new Lease(null, null, List.of());
        }
        Path program = program().orElseThrow(() -> new IOException(PROGRAM
                + " is not installed (Debian: apt install iceoryx), so no RouDi can be started"));
        Path dir = Files.createTempDirectory("ddstuner-roudi");
        Path config = dir.resolve("roudi_config.toml");
        Files.writeString(config, CONFIG);
        Process p;
        try {
            p = new ProcessBuilder(program.toString(), "-c", config.toString(), "-l", "info")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            deleteTree(dir);
            throw e;
        }
        List<String> output = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(1);
        Thread.ofPlatform().daemon().name("iox-roudi-output").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (output) {
                        output.add(line);
                        if (output.size() > 100) {
                            output.remove(0);
                        }
                    }
                    if (line.contains(READY_LINE)) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // it ended
            }
            ready.countDown();
        });
        Lease lease = new Lease(p, dir, output);
        try {
            if (!ready.await(READY_SECONDS, TimeUnit.SECONDS) || !p.isAlive()) {
                String why = p.isAlive() ? "was not ready within " + READY_SECONDS + " s"
                        : "ended with exit code " + p.waitFor();
                lease.close();
                throw new IOException(PROGRAM + " " + why + "; it printed:\n" + String.join("\n", lease.output()));
            }
        } catch (InterruptedException e) {
            lease.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + PROGRAM, e);
        }
        return lease;
    }

    /**
     * The files a RouDi that did not end cleanly leaves: its socket and locks in /tmp and its shared memory (the
     * management segment and the one named after the user). Only called when no RouDi runs.
     */
    static void removeStaleFiles() {
        List<Path> files = new ArrayList<>(List.of(Path.of("/tmp/roudi"), Path.of("/tmp/roudi.lock"),
                Path.of("/tmp/iox-unique-roudi.lock"), Path.of("/dev/shm/iceoryx_mgmt")));
        String user = System.getProperty("user.name");
        if (user != null && user.matches("[A-Za-z0-9_.-]+")) {
            files.add(Path.of("/dev/shm", user));
        }
        for (Path f : files) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                // not ours to remove (another user's): the next RouDi unlinks it itself
            }
        }
    }

    /**
     * The socket and lock a client process (a Cyclone participant with shared memory) leaves in /tmp when it is
     * killed ({@code /tmp/iceoryx_rt_PID_*}); call it once process {@code pid} has ended.
     */
    static void removeClientFiles(long pid) {
        try (Stream<Path> files = Files.list(Path.of("/tmp"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("iceoryx_rt_" + pid + "_")).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // harmless leftovers
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
