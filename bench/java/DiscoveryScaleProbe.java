import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.SystemSnapshot;

/**
 * Headless half of bench/discovery-scale.sh: how long DDS Tuner's system model needs to hold every
 * endpoint of a set of flood peers, and how much heap that model takes.
 *
 * It opens a loopback-only connection (exactly what the desktop does), then starts the flood processes
 * itself so READY lines and the model's endpoint count are timed on one clock. The model is "complete"
 * when {@code model().endpointCount()} first reaches the endpoints the floods announced (the tool's own
 * participant has no user endpoints, and the count is checked against a snapshot without own
 * entities at the end). Prints key=value lines only; the shell script aggregates them.
 *
 * With MONITOR "c" it measures the same thing for a plain C monitor instead (one more endpoint_flood
 * with {@code -n 1 -r TOTAL}): Cyclone's own discovery time on this box, the floor for DDS Tuner.
 *
 * Must run inside releng/scripts/netns-run.sh (it creates DDS participants). Arguments:
 * FLOOD_BINARY PEERS ENDPOINTS_PER_PEER TOPICS_PER_PEER DOMAIN TIMEOUT_S [distinct|shared] [ddstuner|c]
 */
public final class DiscoveryScaleProbe {

    private static final long T0 = System.nanoTime();
    /** Poll period of the endpoint count; the model lock is held for O(1) per poll. */
    private static final long POLL_MS = 2;

    private DiscoveryScaleProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: DiscoveryScaleProbe FLOOD_BINARY PEERS ENDPOINTS_PER_PEER TOPICS_PER_PEER DOMAIN"
                    + " TIMEOUT_S [distinct|shared] [ddstuner|c]");
            System.exit(2);
        }
        String flood = args[0];
        int peers = Integer.parseInt(args[1]);
        int perPeer = Integer.parseInt(args[2]);
        int topics = Integer.parseInt(args[3]);
        int domain = Integer.parseInt(args[4]);
        long timeoutMs = Long.parseLong(args[5]) * 1000;
        boolean shared = args.length > 6 && args[6].equals("shared");
        boolean cMonitor = args.length > 7 && args[7].equals("c");
        int expected = peers * perPeer;
        if (cMonitor) {
            System.exit(CMonitorRun.run(flood, peers, perPeer, topics, domain, timeoutMs, shared, T0));
        }

        ConnectionManager manager = ConnectionManager.get();
        Connection connection = manager.open(ConnectionProfile.loopback("bench", domain));
        List<Process> floods = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> floods.forEach(Process::destroyForcibly)));
        int exit = 0;
        try {
            long baseline = connection.model().endpointCount();
            out("connected_ms", ms(System.nanoTime()));
            out("baseline_endpoints", baseline);
            ConcurrentHashMap<Integer, Long> readyAt = new ConcurrentHashMap<>();
            CountDownLatch allReady = new CountDownLatch(peers);
            long floodStart = System.nanoTime();
            for (int i = 1; i <= peers; i++) {
                // Distinct topic prefixes: no cross-process matching (like independent applications);
                // "shared": every peer uses the same topics, so readers and writers of all peers match.
                String prefix = shared ? "flood" : "flood" + i;
                Process p = startFlood(flood, perPeer, topics, domain, prefix, timeoutMs);
                floods.add(p);
                int index = i;
                Thread.ofPlatform().daemon().name("flood-reader-" + i).start(() -> readFlood(p, index, readyAt, allReady));
            }

            long deadline = floodStart + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            long completeAt = -1;
            long maxPoll = 0;
            while (System.nanoTime() < deadline) {
                long before = System.nanoTime();
                int count = connection.model().endpointCount();
                maxPoll = Math.max(maxPoll, System.nanoTime() - before);
                if (count - baseline >= expected && allReady.getCount() == 0) {
                    completeAt = System.nanoTime();
                    break;
                }
                Thread.sleep(POLL_MS);
            }
            out("flood_start_ms", ms(floodStart));
            long lastReady = -1;
            for (int i = 1; i <= peers; i++) {
                Long r = readyAt.get(i);
                out("ready_ms_" + i, r == null ? "none" : ms(r));
                lastReady = r == null ? lastReady : Math.max(lastReady, r);
            }
            out("last_ready_ms", lastReady < 0 ? "none" : ms(lastReady));
            out("max_count_poll_ms", fmt(maxPoll / 1e6));
            if (completeAt < 0) {
                out("endpoints_seen", connection.model().endpointCount() - baseline);
                out("complete_s", "timeout");
                System.err.println("DiscoveryScaleProbe: the model did not reach " + expected + " endpoints within "
                        + timeoutMs / 1000 + " s (has " + (connection.model().endpointCount() - baseline) + ")");
                exit = 1;
                return;
            }
            out("complete_ms", ms(completeAt));
            out("complete_s", fmt((completeAt - lastReady) / 1e9));
            out("complete_from_flood_start_s", fmt((completeAt - floodStart) / 1e9));
            out("endpoints", expected);
            out("jvm_cpu_s", fmt(processCpuSeconds()));

            System.gc();
            Runtime rt = Runtime.getRuntime();
            long used = rt.totalMemory() - rt.freeMemory();
            out("heap_mb", fmt(used / 1048576.0));

            long s0 = System.nanoTime();
            SystemSnapshot snap = connection.model().snapshot(false);
            out("snapshot_ms", fmt((System.nanoTime() - s0) / 1e6));
            out("snapshot_endpoints", snap.endpoints().size());
            out("snapshot_participants", snap.participants().size());
            out("snapshot_topics", snap.topics().size());
            out("snapshot_matches", snap.matches().size());
            if (snap.endpoints().size() != expected) {
                System.err.println("DiscoveryScaleProbe: snapshot without own entities has " + snap.endpoints().size()
                        + " endpoints, expected " + expected);
                exit = 1;
            }
        } finally {
            for (Process p : floods) {
                p.getOutputStream().close(); // closing stdin is the flood's polite stop signal
            }
            for (Process p : floods) {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
            manager.closeAll();
            System.exit(exit);
        }
    }

    /** One endpoint_flood; its stdin stays a pipe, so it exits when this JVM goes away. */
    static Process startFlood(String flood, int endpoints, int topics, int domain, String prefix, long timeoutMs,
            String... extra) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(flood, "-n", Integer.toString(endpoints), "-t",
                Integer.toString(topics), "-d", Integer.toString(domain), "-P", prefix,
                "-x", Long.toString(timeoutMs / 1000 + 30)));
        cmd.addAll(List.of(extra));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    static void readFlood(Process p, int index, ConcurrentHashMap<Integer, Long> readyAt, CountDownLatch ready) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("READY ") && readyAt.putIfAbsent(index, System.nanoTime()) == null) {
                    ready.countDown();
                    System.err.println("flood" + index + ": " + line);
                }
            }
        } catch (IOException e) {
            System.err.println("flood" + index + ": output unreadable: " + e.getMessage());
        }
    }

    static double processCpuSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime() / 1e9;
        }
        return -1;
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos - T0);
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static void out(String key, Object value) {
        System.out.println(key + "=" + value);
    }
}
