import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import org.ddstuner.connection.*;
import org.ddstuner.remote.*;
import org.ddstuner.json.StrictJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Model deltas against the snapshot through the remote agent (issue 15; bench/remote-deltas.sh): a loopback
 * connection with a ModelJournal and a RemoteServer in this process, a RemoteClient connected before FLOODS
 * endpoint_flood processes make ENDPOINTS endpoints on 101 shared topics. Counts what the journal's batches carry
 * (bytes, how often each entity key was sent, which fields differed when one was sent again) and the frame bytes the
 * client received, against the complete picture's snapshot.
 * Usage: RemoteDeltaProbe DOMAIN ENDPOINTS ENDPOINT_FLOOD FLOODS
 */
public class RemoteDeltaProbe {
    public static void main(String[] a) throws Exception {
        int domain = Integer.parseInt(a[0]);
        int n = Integer.parseInt(a[1]);
        Connection c = ConnectionManager.get().open(ConnectionProfile.loopback("probe", domain));
        ModelJournal j = ModelJournal.attach(c.model());
        Map<String, Integer> count = new ConcurrentHashMap<>();
        Map<String, String> last = new ConcurrentHashMap<>();
        Map<String, Integer> fields = new ConcurrentSkipListMap<>();
        Map<String, String> example = new ConcurrentHashMap<>();
        AtomicLong bytes = new AtomicLong();
        AtomicLong batches = new AtomicLong();
        j.subscribe(b -> {
            batches.incrementAndGet();
            for (ObjectNode o : b.changes()) {
                String s = StrictJson.write(o);
                bytes.addAndGet(s.length());
                String key = o.get("key").asText();
                count.merge(key, 1, Integer::sum);
                String prev = last.put(key, s);
                if (prev != null) {
                    JsonNode p = StrictJson.parse(prev);
                    Set<String> names = new TreeSet<>();
                    o.fieldNames().forEachRemaining(names::add);
                    p.fieldNames().forEachRemaining(names::add);
                    for (String f : names) {
                        if (!Objects.equals(o.get(f), p.get(f))) {
                            String k = o.path("kind").asText() + "." + f;
                            fields.merge(k, 1, Integer::sum);
                            example.putIfAbsent(k, String.valueOf(p.get(f)) + "  ->  " + String.valueOf(o.get(f)));
                        }
                    }
                }
            }
        });
        java.nio.file.Path home = java.nio.file.Files.createTempDirectory("probe");
        RemoteServer server = RemoteServer.serve(j, c, ServerOptions.defaults(home.resolve("agent")));
        RemoteClient client = RemoteClient.connect(ClientOptions.of("127.0.0.1", server.address().getPort(),
                TokenFile.read(home.resolve("agent/token"))).withKnownAgents(home.resolve("known")));
        long bytes0 = client.stats().bytesIn();
        int floods = Integer.parseInt(a[3]);
        List<Process> fl = new ArrayList<>();
        for (int i = 0; i < floods; i++) {
            fl.add(new ProcessBuilder(a[2], "-n", Integer.toString(n / floods), "-t", "101", "-d", Integer.toString(domain), "-x", "300")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        }
        long stableSince = System.nanoTime();
        int lastSize = -1;
        long end = System.nanoTime() + 240_000_000_000L;
        while (System.nanoTime() < end) {
            Thread.sleep(500);
            int size = j.size();
            if (size != lastSize) { lastSize = size; stableSince = System.nanoTime(); }
            if (size >= n && System.nanoTime() - stableSince > 5_000_000_000L) break;
        }
        long snap = 0;
        for (ObjectNode e : j.snapshot().entities()) snap += StrictJson.write(e).length();
        Thread.sleep(3000);
        RemoteClient.Stats st = client.stats();
        long clientBytes = st.bytesIn() - bytes0;
        long resent = count.values().stream().filter(v -> v > 1).count();
        long sends = count.values().stream().mapToLong(Integer::longValue).sum();
        fields.forEach((k, v) -> System.out.println("# sent again: " + k + " x" + v + ", e.g. " + example.get(k).substring(0, Math.min(300, example.get(k).length()))));
        System.out.printf(java.util.Locale.ROOT, "remote_deltas entities=%d batches=%d delta_mb=%.2f snapshot_mb=%.2f ratio=%.2f client_frame_mb=%.2f client_ratio=%.2f client_drops=%d resent_keys=%d sends=%d%n",
                j.size(), batches.get(), bytes.get() / 1048576.0, snap / 1048576.0, bytes.get() / (double) snap, clientBytes / 1048576.0, clientBytes / (double) snap, st.agentDrops(), resent, sends);
        for (Process f : fl) { f.destroy(); f.waitFor(); }
        ConnectionManager.get().close(c);
        System.exit(0);
    }
}
