import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Both halves of bench/remote-agent.sh (issue 15), one per network namespace of releng/scripts/twohost.sh, which
 * meet through files in a shared folder (DIR/port, client-ready, client-done, pub-ready, …):
 * <ul>
 * <li>{@code agent} (namespace A, 10.77.0.1): what {@code ddstuner serve} does — a loopback-only connection to the
 * domain and {@code RemoteServer.serve} on 10.77.0.1 — plus the load: once the client is connected, endpoint_flood
 * processes (PEERS × PER endpoints); prints when its own model holds them all ({@code agent_complete_ms}, epoch ms) and
 * what veth-a sent meanwhile (TLS and TCP included). Then the sample phase: a local reader (the reference) counts
 * ddsperf's K32 samples for SECONDS.</li>
 * <li>{@code client} (namespace B): a {@code RemoteClient} connected before the load; prints when its mirrored model
 * holds every endpoint ({@code client_complete_ms}) and the frame bytes it received; then a second client joining
 * late (snapshot time and bytes); then a sample stream of the same topic through the agent for SECONDS.</li>
 * </ul>
 * Prints key=value lines only. Arguments: agent DIR DOMAIN PEERS PER TOPICS FLOOD_BINARY SECONDS TIMEOUT_S |
 * client DIR PEERS PER SECONDS TIMEOUT_S
 */
public final class RemoteAgentBench {

    private static final String TOPIC = "DDSPerfRDataK32";

    private RemoteAgentBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        if (args[0].equals("agent")) {
            agent(dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]), args[6], Integer.parseInt(args[7]), Integer.parseInt(args[8]));
        } else {
            client(dir, Integer.parseInt(args[2]) * Integer.parseInt(args[3]), Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]));
        }
        System.exit(0);
    }

    private static void out(String key, Object value) {
        System.out.println(key + "=" + value);
        System.out.flush();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static void await(Path file, long timeoutMs) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMs;
        while (!Files.exists(file)) {
            if (System.currentTimeMillis() > end) {
                throw new IllegalStateException("timed out waiting for " + file);
            }
            Thread.sleep(20);
        }
    }

    private static void touch(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file); // appears whole
    }

    /** Bytes sent on {@code device} so far, from this namespace's /proc/self/net/dev. */
    private static long txBytes(String device) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/net/dev"))) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(device)) {
                String[] f = line.substring(colon + 1).strip().split("\\s+");
                return Long.parseLong(f[8]);
            }
        }
        return -1;
    }

    private static void agent(Path dir, int domain, int peers, int per, int topics, String flood, int seconds,
            int timeoutS) throws Exception {
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(ConnectionProfile.loopback("remote-bench", domain));
        ServerOptions so = ServerOptions.defaults(dir.resolve("agent"))
                .withListen(new InetSocketAddress("10.77.0.1", 0));
        so = new ServerOptions(so.listen(), so.identityDir(), dir.resolve("token"), null, so.capabilities(),
                so.maxFrameBytes(), so.maxClients(), so.clientQueue(), so.heartbeat(), so.loginTimeout(),
                so.loginBackoff(), so.writeStallLimit());
        List<Process> floods = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> floods.forEach(Process::destroyForcibly)));
        try (RemoteServer server = RemoteServer.serve(c, so)) {
            touch(dir.resolve("port"), Integer.toString(server.address().getPort()));
            await(dir.resolve("client-ready"), 60_000);
            int baseline = c.model().endpointCount();
            long tx0 = txBytes("veth-a");
            long start = System.currentTimeMillis();
            out("flood_start_ms", start);
            List<Long> ready = new ArrayList<>();
            for (int i = 1; i <= peers; i++) {
                Process p = new ProcessBuilder(flood, "-n", Integer.toString(per), "-t", Integer.toString(topics), "-d",
                        Integer.toString(domain), "-P", "flood" + i, "-x", Integer.toString(timeoutS + 60))
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                floods.add(p);
                int index = i;
                Thread.ofPlatform().daemon().start(() -> {
                    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                            StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null;) {
                            if (line.startsWith("READY")) {
                                synchronized (ready) {
                                    ready.add(System.currentTimeMillis());
                                }
                                out("flood_ready_ms_" + index, System.currentTimeMillis());
                            }
                        }
                    } catch (IOException e) {
                        // flood ended
                    }
                });
            }
            long end = start + timeoutS * 1000L;
            while (c.model().endpointCount() - baseline < peers * per && System.currentTimeMillis() < end) {
                Thread.sleep(2);
            }
            long complete = System.currentTimeMillis();
            if (c.model().endpointCount() - baseline < peers * per) {
                out("agent_complete_ms", "timeout");
            } else {
                out("agent_complete_ms", complete);
            }
            synchronized (ready) {
                out("last_ready_ms", ready.stream().mapToLong(Long::longValue).max().orElse(-1));
            }
            await(dir.resolve("client-done"), timeoutS * 1000L);
            out("veth_a_tx_bytes", txBytes("veth-a") - tx0);
            for (Process p : floods) {
                p.getOutputStream().close();
                p.destroy();
            }
            for (Process p : floods) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
            samplesLocal(c, dir, domain, seconds);
            await(dir.resolve("client-stream-done"), (seconds + 60) * 1000L);
        } finally {
            manager.close(c);
        }
    }

    /** The reference: a local reader of the K32 topic in the agent's process, as the agent's own stream reads it. */
    private static void samplesLocal(Connection c, Path dir, int domain, int seconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("ddsperf", "-i", Integer.toString(domain), "-D",
                Integer.toString(seconds * 3 + 60), "-T", "K32", "pub",
                System.getenv().getOrDefault("REMOTE_BENCH_RATE", "5000") + "Hz")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        // loopback only, unicast discovery on the well-known ports: what the agent's connection finds
        pb.environment().put("CYCLONEDDS_URI", System.getenv("REMOTE_BENCH_DDSPERF_URI"));
        Process pub = pb.start();
        try {
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (c.model().snapshot().endpoints().stream().noneMatch(e -> e.topicName().equals(TOPIC)
                    && !e.isReader()) && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            touch(dir.resolve("pub-ready"), "");
            try (ResolvedType type = new TypeResolver(c, new ImportedTypes()).resolve(TOPIC,
                    TypeResolver.Options.DEFAULT.withSources(TypeSource.WIRE));
                    ReaderSession r = ReaderSession.open(c, type, ReaderSession.Config.of(
                            QosDeriver.forReader(c.model().snapshot(), TOPIC)).withCapacity(100_000))) {
                long seq = 0;
                long count = 0;
                long first = -1;
                long stop = Long.MAX_VALUE;
                while (System.nanoTime() < stop) {
                    SampleBatch b = r.poll(seq, 100_000);
                    seq = b.nextSeq();
                    if (first < 0 && !b.samples().isEmpty()) {
                        first = System.nanoTime();
                        stop = first + seconds * 1_000_000_000L;
                    } else if (first >= 0) {
                        count += b.samples().size();
                    }
                    Thread.sleep(20);
                }
                out("local_samples", count);
                out("local_samples_per_s", fmt(count / (double) seconds));
            }
        } finally {
            pub.destroy();
        }
    }

    private static void client(Path dir, int expected, int seconds, int timeoutS) throws Exception {
        await(dir.resolve("port"), 120_000);
        ClientOptions co = ClientOptions.of("10.77.0.1", Integer.parseInt(Files.readString(dir.resolve("port")).strip()),
                TokenFile.read(dir.resolve("token"))).withKnownAgents(dir.resolve("known-agents"));
        try (RemoteClient client = RemoteClient.connect(co)) {
            int baseline = client.model().endpointCount();
            long bytes0 = client.stats().bytesIn();
            touch(dir.resolve("client-ready"), "");
            long end = System.currentTimeMillis() + timeoutS * 1000L;
            while (client.model().endpointCount() - baseline < expected && System.currentTimeMillis() < end) {
                Thread.sleep(2);
            }
            out("client_complete_ms", client.model().endpointCount() - baseline < expected ? "timeout"
                    : System.currentTimeMillis());
            out("client_frame_bytes", client.stats().bytesIn() - bytes0);
            out("client_deltas", client.stats().deltas());
            out("client_agent_drops", client.stats().agentDrops());
            long t0 = System.nanoTime();
            try (RemoteClient late = RemoteClient.connect(co)) { // connect returns once the snapshot is in
                out("late_join_ms", fmt((System.nanoTime() - t0) / 1e6));
                out("late_join_bytes", late.stats().bytesIn());
                out("late_join_endpoints", late.model().endpointCount());
            }
            touch(dir.resolve("client-done"), "");

            await(dir.resolve("pub-ready"), 120_000);
            try (RemoteSubscription sub = client.subscribe(TOPIC, 10_000, 100_000)) {
                long count = 0;
                long first = -1;
                long stop = Long.MAX_VALUE;
                while (System.nanoTime() < stop) {
                    List<JsonNode> got = sub.poll(100_000, Duration.ofMillis(20));
                    if (first < 0 && !got.isEmpty()) {
                        first = System.nanoTime();
                        stop = first + seconds * 1_000_000_000L;
                    } else if (first >= 0) {
                        count += got.size();
                    }
                    if (first < 0 && System.nanoTime() - t0 > 120_000_000_000L) {
                        break;
                    }
                }
                RemoteSubscription.Drops d = sub.drops();
                out("remote_samples", count);
                out("remote_samples_per_s", fmt(count / (double) seconds));
                out("remote_drops_queue", d.agentQueue());
                out("remote_drops_rate", d.rate());
                out("remote_drops_local", d.local());
            }
            touch(dir.resolve("client-stream-done"), "");
        }
    }
}
