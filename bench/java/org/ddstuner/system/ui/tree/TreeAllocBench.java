package org.ddstuner.system.ui.tree;

import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;

/**
 * What one refresh of the System, Topics and Partitions trees allocates, measured deterministically (bytes
 * allocated by this thread, {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}) rather
 * than timed, so a busy box does not change the numbers. No DDS, no display: events laid out like
 * bench/peers/endpoint_flood (PEERS participants × PER endpoints, endpoint i on topic i % TOPICS of its
 * peer, writers and readers alternating, reliable) go straight into a {@link SystemModel}; each refresh
 * takes a snapshot and runs each view's {@link TreeBuilder} plus {@link LazyNodeContentProvider.Built#of}
 * (what {@code LiveTreeComposite}'s background job does per refresh), with the builder objects kept
 * across refreshes as the views keep theirs.
 *
 * <ul>
 * <li><b>discovery</b>: the events arrive in STEPS chunks with a refresh after each (the situation of
 * the UI-stall benchmark: thousands of new endpoints between two refreshes);</li>
 * <li><b>steady</b>: the complete model, then REFRESHES refreshes with one small change before each,
 * in turn: an endpoint appears, an endpoint's QoS (entity name) changes, an endpoint is lost.</li>
 * </ul>
 * Per refresh and view: kB allocated by the builder (+ the row index), and how many {@link Node}s of the
 * new tree are new objects (not in the previous tree). The snapshot's own cost (its lazily built indexes,
 * shared by the three views) is printed apart: it belongs to the model, not the trees.
 *
 * <p>In package {@code org.ddstuner.system.ui.tree} to reach the package-private row index; compile
 * against the system.ui classes (plus dds, system and the Eclipse jars the tree classes link to):
 * the events come from the tests' generator, compiled with it:
 * <pre>
 * javac -d /tmp/tab -cp "$CP" bench/java/org/ddstuner/system/ui/tree/TreeAllocBench.java \
 *     tests/org.ddstuner.testsupport/src/org/ddstuner/testsupport/synthetic/SyntheticDiscovery.java
 * java -Xmx1g -cp "/tmp/tab:$CP" org.ddstuner.system.ui.tree.TreeAllocBench [PEERS PER TOPICS STEPS REFRESHES]
 * </pre>
 * Default 4 5000 101 10 30. Last line: {@code tree_alloc endpoints=N discovery_mb=X steady_kb=Y steady_new_nodes=Z}
 * (discovery_mb: all views together over the whole discovery; steady_kb and steady_new_nodes: all views
 * together, median per refresh).
 */
public final class TreeAllocBench {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final String[] VIEWS = { "system", "topics", "partitions" };

    private final TreeBuilder[] builders = { new SystemTreeBuilder(), new TopicTreeBuilder(), new PartitionTreeBuilder() };
    private final Node[] previous = new Node[VIEWS.length];

    private TreeAllocBench() {
    }

    public static void main(String[] args) {
        int peers = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int per = args.length > 1 ? Integer.parseInt(args[1]) : 5000;
        int topics = args.length > 2 ? Integer.parseInt(args[2]) : 101;
        int steps = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int refreshes = args.length > 4 ? Integer.parseInt(args[4]) : 30;
        System.out.printf(Locale.ROOT, "tree_alloc_bench: %d x %d endpoints, %d topics per peer, java %s%n", peers, per,
                topics, Runtime.version());
        List<DiscoveryEvent> events = SyntheticDiscovery.events("flood", SyntheticDiscovery.CYCLONE_VENDOR, peers, per,
                topics);
        // a first pass to warm up the JIT: allocation counts do not depend on it much, but escape analysis does
        new TreeAllocBench().run(events, peers, per, topics, steps, Math.min(refreshes, 5), false);
        double[] r = new TreeAllocBench().run(events, peers, per, topics, steps, refreshes, true);
        System.out.printf(Locale.ROOT, "tree_alloc endpoints=%d discovery_mb=%.1f steady_kb=%.1f steady_new_nodes=%.0f%n",
                peers * per, r[0], r[1], r[2]);
    }

    /** Returns discovery MB (all views), steady kB per refresh (median, all views), new nodes per refresh. */
    private double[] run(List<DiscoveryEvent> events, int peers, int per, int topics, int steps, int refreshes,
            boolean print) {
        SystemModel model = new SystemModel();
        long discoveryBytes = 0;
        int chunk = (events.size() + steps - 1) / steps;
        if (print) {
            System.out.println("-- discovery: " + steps + " refreshes while " + events.size() + " events arrive");
            System.out.println("step  endpoints  snapshot_kb  " + String.join("  ", Arrays.stream(VIEWS)
                    .map(v -> String.format(Locale.ROOT, "%13s_kb %6s_new/%-6s", v, "", "rows")).toList()));
        }
        for (int i = 0, step = 1; i < events.size(); i += chunk, step++) {
            List<DiscoveryEvent> part = events.subList(i, Math.min(events.size(), i + chunk));
            for (int b = 0; b < part.size(); b += 256) {
                model.applyAll(part.subList(b, Math.min(part.size(), b + 256)));
            }
            long[][] r = refresh(model);
            for (int v = 0; v < VIEWS.length; v++) {
                discoveryBytes += r[v + 1][0];
            }
            if (print) {
                printRow(String.format(Locale.ROOT, "%4d  %9d", step, model.endpointCount()), r);
            }
        }
        List<Long> steady = new ArrayList<>();
        List<Long> newNodes = new ArrayList<>();
        if (print) {
            System.out.println("-- steady: " + refreshes + " refreshes, one small change before each"
                    + " (endpoint appears / QoS changes / endpoint lost, in turn)");
        }
        Guid pg = guid(1, 0, 0);
        Qos qos = Qos.EMPTY.withReliable();
        for (int k = 0; k < refreshes; k++) {
            DiscoveryEvent change = switch (k % 3) {
                case 0 -> new DiscoveryEvent.EndpointSeen(guid(1, per + 1 + k, 0x02), EndpointKind.WRITER, pg,
                        "flood1_" + (k % topics), SyntheticDiscovery.typeName("flood"), qos, false);
                case 1 -> new DiscoveryEvent.EndpointSeen(guid(2, 2 * k + 1, 0x02), EndpointKind.WRITER, guid(2, 0, 0),
                        "flood2_" + (2 * k % topics), SyntheticDiscovery.typeName("flood"), qos.withEntityName("renamed" + k), false);
                default -> new DiscoveryEvent.EndpointLost(guid(3, 2 * k + 2, 0x07));
            };
            model.applyAll(List.of(change));
            long[][] r = refresh(model);
            long bytes = 0;
            long created = 0;
            for (int v = 0; v < VIEWS.length; v++) {
                bytes += r[v + 1][0];
                created += r[v + 1][1];
            }
            steady.add(bytes);
            newNodes.add(created);
            if (print) {
                printRow(String.format(Locale.ROOT, "%4d  %-9s", k + 1, new String[] { "appears", "qos", "lost" }[k % 3]), r);
            }
        }
        return new double[] { discoveryBytes / 1e6, median(steady) / 1e3, median(newNodes) };
    }

    /** [0] = snapshot {bytes}; [1 + view] = {bytes, new nodes, rows}. */
    private long[][] refresh(SystemModel model) {
        long[][] out = new long[VIEWS.length + 1][];
        long t0 = THREADS.getCurrentThreadAllocatedBytes();
        SystemSnapshot s = model.snapshot();
        // the indexes every view needs, built once per snapshot whichever view asks first
        s.endpoints();
        s.partitions();
        if (!s.participants().isEmpty()) {
            s.endpointsOf(s.participants().get(0).guid());
        }
        if (!s.endpoints().isEmpty()) {
            s.endpoint(s.endpoints().get(0).guid());
        }
        out[0] = new long[] { THREADS.getCurrentThreadAllocatedBytes() - t0 };
        for (int v = 0; v < VIEWS.length; v++) {
            long a = THREADS.getCurrentThreadAllocatedBytes();
            Node root = builders[v].build(null, "bench", s, NameFilter.ALL);
            LazyNodeContentProvider.Built.of(List.of(root));
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - a;
            long[] counts = countNew(previous[v], root);
            previous[v] = root;
            out[v + 1] = new long[] { bytes, counts[0], counts[1] };
        }
        return out;
    }

    /** {nodes of {@code now} that are not objects of {@code before}, all nodes of {@code now}}. */
    private static long[] countNew(Node before, Node now) {
        Set<Node> old = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Node> todo = new ArrayDeque<>();
        if (before != null) {
            todo.push(before);
        }
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            old.add(n);
            for (Node c : n.children()) {
                todo.push(c);
            }
        }
        long created = 0;
        long all = 0;
        todo.push(now);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            all++;
            if (!old.contains(n)) {
                created++;
            }
            for (Node c : n.children()) {
                todo.push(c);
            }
        }
        return new long[] { created, all };
    }

    private static void printRow(String head, long[][] r) {
        StringBuilder b = new StringBuilder(head).append(String.format(Locale.ROOT, "  %11.1f", r[0][0] / 1e3));
        for (int v = 0; v < VIEWS.length; v++) {
            b.append(String.format(Locale.ROOT, "  %16.1f %6d/%-6d", r[v + 1][0] / 1e3, r[v + 1][1], r[v + 1][2]));
        }
        System.out.println(b);
    }

    private static double median(List<Long> xs) {
        List<Long> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.isEmpty() ? Double.NaN : s.size() % 2 == 1 ? s.get(s.size() / 2)
                : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2.0;
    }

    /** The GUID of an entity of the synthetic system (entity 0: the participant itself). */
    private static Guid guid(int participant, int entity, int kindByte) {
        return SyntheticDiscovery.guid(SyntheticDiscovery.CYCLONE_VENDOR, participant, entity, kindByte);
    }
}
