import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The reference run of {@link DiscoveryScaleProbe}: the same floods, but the monitor is one more
 * endpoint_flood ({@code -n 1 -r TOTAL}) that only counts what Cyclone discovered. Its time is what
 * libddsc itself needs on this box with this many processes, i.e. the floor any monitor built on it has.
 */
final class CMonitorRun {

    private CMonitorRun() {
    }

    /** Prints the same keys as the DDS Tuner run (complete_s etc.) and returns the exit code. */
    static int run(String flood, int peers, int perPeer, int topics, int domain, long timeoutMs, boolean shared,
            long t0) throws IOException, InterruptedException {
        int expected = peers * perPeer;
        List<Process> all = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> all.forEach(Process::destroyForcibly)));
        try {
            Process monitor = DiscoveryScaleProbe.startFlood(flood, 1, 1, domain, "monitor", timeoutMs, "-r",
                    Integer.toString(expected));
            all.add(monitor);
            BufferedReader mon = new BufferedReader(new InputStreamReader(monitor.getInputStream(),
                    StandardCharsets.UTF_8));
            String first = mon.readLine(); // READY of the monitor: it exists before the floods start
            if (first == null || !first.startsWith("READY")) {
                System.err.println("CMonitorRun: the C monitor did not start: " + first);
                return 1;
            }
            ConcurrentHashMap<Integer, Long> readyAt = new ConcurrentHashMap<>();
            CountDownLatch allReady = new CountDownLatch(peers);
            long floodStart = System.nanoTime();
            for (int i = 1; i <= peers; i++) {
                Process p = DiscoveryScaleProbe.startFlood(flood, perPeer, topics, domain, shared ? "flood" : "flood" + i,
                        timeoutMs);
                all.add(p);
                int index = i;
                Thread.ofPlatform().daemon().start(() -> DiscoveryScaleProbe.readFlood(p, index, readyAt, allReady));
            }
            long[] discoveredAt = { -1 };
            Thread watcher = Thread.ofPlatform().daemon().start(() -> {
                try {
                    String line;
                    while ((line = mon.readLine()) != null) {
                        if (line.startsWith("DISCOVERED")) {
                            discoveredAt[0] = System.nanoTime();
                            return;
                        }
                    }
                } catch (IOException e) {
                    System.err.println("CMonitorRun: monitor output unreadable: " + e.getMessage());
                }
            });
            watcher.join(timeoutMs);
            allReady.await(1, TimeUnit.SECONDS);
            long lastReady = readyAt.values().stream().mapToLong(Long::longValue).max().orElse(-1);
            DiscoveryScaleProbe.out("monitor", "c");
            DiscoveryScaleProbe.out("last_ready_ms", lastReady < 0 ? "none" : TimeUnit.NANOSECONDS.toMillis(lastReady - t0));
            if (discoveredAt[0] < 0 || lastReady < 0) {
                DiscoveryScaleProbe.out("complete_s", "timeout");
                System.err.println("CMonitorRun: the C monitor did not see " + expected + " endpoints in time");
                return 1;
            }
            DiscoveryScaleProbe.out("complete_s", DiscoveryScaleProbe.fmt((discoveredAt[0] - lastReady) / 1e9));
            DiscoveryScaleProbe.out("complete_from_flood_start_s",
                    DiscoveryScaleProbe.fmt((discoveredAt[0] - floodStart) / 1e9));
            DiscoveryScaleProbe.out("endpoints", expected);
            return 0;
        } finally {
            for (Process p : all) {
                p.getOutputStream().close();
            }
            for (Process p : all) {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }
}
