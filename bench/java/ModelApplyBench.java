import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;

/**
 * In-process micro benchmark of the system model alone (no DDS, no network): feeds the discovery
 * events of PEERS x PER endpoints over TOPICS topics per peer (laid out like bench/peers/endpoint_flood:
 * endpoint i on topic i % TOPICS, writers and readers alternating, reliable) through
 * {@link SystemModel#applyAll} in batches of 256, as the discovery feed does, while
 * <ul>
 * <li>a poller calls {@code endpointCount()} every millisecond (what the UI's stall monitor does):
 * {@code max_count_ms} is the longest such call, i.e. how long a UI thread could be blocked by it;</li>
 * <li>a lock prober calls {@code purgeExpired()} (which must take the model lock) every millisecond:
 * {@code max_lock_wait_ms} is the longest it waited, i.e. the longest lock hold by apply or snapshot;</li>
 * <li>a third poller times an uncontended lock of its own the same way: {@code noise floor}, how
 * late this (shared, busy) box runs a thread anyway; a lock wait near it is no lock wait at all;</li>
 * <li>a refresher takes a {@code snapshot()} every 50 ms (what the desktop's views do).</li>
 * </ul>
 * Then it times snapshots of the complete model, a full walk of every endpoint's matches, the problem
 * list, and the used heap after GC. Plain class path: needs only the dds and system jars/classes; the
 * events come from the tests' generator, compiled with this file (see bench/README.md).
 *
 * <p>Usage: {@code java -cp CLASSES ModelApplyBench [PEERS [PER [TOPICS [ROUNDS]]]]} (default 4 5000 101 3).
 * Last line: {@code model_bench endpoints=N apply_ms=X max_lock_wait_ms=Y snapshot_ms=Z heap_mb=H}.
 */
public final class ModelApplyBench {

    private static final int BATCH = 256;

    private ModelApplyBench() {
    }

    public static void main(String[] args) throws Exception {
        int peers = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int per = args.length > 1 ? Integer.parseInt(args[1]) : 5000;
        int topics = args.length > 2 ? Integer.parseInt(args[2]) : 101;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        List<DiscoveryEvent> events = SyntheticDiscovery.events("flood", SyntheticDiscovery.CYCLONE_VENDOR, peers, per,
                topics);
        double[] summary = null;
        for (int r = 1; r <= rounds; r++) {
            summary = round(r, events, peers * per);
        }
        System.out.printf(Locale.ROOT, "model_bench endpoints=%d apply_ms=%.1f max_lock_wait_ms=%.2f snapshot_ms=%.2f"
                + " heap_mb=%.1f%n", peers * per, summary[0], summary[1], summary[2], summary[3]);
    }

    /** One fresh model fed with every event; returns apply ms, max lock wait ms, snapshot ms, heap MB. */
    private static double[] round(int round, List<DiscoveryEvent> events, int expected) throws Exception {
        SystemModel model = new SystemModel();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong maxCount = new AtomicLong();
        AtomicLong maxLock = new AtomicLong();
        AtomicLong maxNoise = new AtomicLong();
        AtomicLong maxRefresh = new AtomicLong();
        AtomicLong refreshes = new AtomicLong();
        Thread counter = Thread.ofPlatform().daemon().start(() -> poll(running, maxCount, model::endpointCount));
        Thread locker = Thread.ofPlatform().daemon().start(() -> poll(running, maxLock, model::purgeExpired));
        Object own = new Object();
        Thread noise = Thread.ofPlatform().daemon().start(() -> poll(running, maxNoise, () -> {
            synchronized (own) { // nobody else takes it: what is measured is this box's scheduling noise
                own.notifyAll();
            }
        }));
        Thread refresher = Thread.ofPlatform().daemon().start(() -> {
            while (running.get()) {
                long t = System.nanoTime();
                model.snapshot();
                maxRefresh.accumulateAndGet(System.nanoTime() - t, Math::max);
                refreshes.incrementAndGet();
                sleep(50);
            }
        });
        long t0 = System.nanoTime();
        for (int i = 0; i < events.size(); i += BATCH) {
            model.applyAll(events.subList(i, Math.min(events.size(), i + BATCH)));
        }
        long applyNs = System.nanoTime() - t0;
        running.set(false);
        counter.join();
        locker.join();
        noise.join();
        refresher.join();
        if (model.endpointCount() != expected) {
            throw new IllegalStateException("model has " + model.endpointCount() + " endpoints, expected " + expected);
        }

        long best = Long.MAX_VALUE;
        SystemSnapshot s = null;
        for (int i = 0; i < 5; i++) {
            long t = System.nanoTime();
            s = model.snapshot();
            best = Math.min(best, System.nanoTime() - t);
        }
        long t = System.nanoTime();
        long pairs = 0;
        long matched = 0;
        for (var e : s.endpoints()) {
            for (var m : s.matchesOf(e.guid())) {
                pairs++;
                matched += m.matched() ? 1 : 0;
            }
        }
        long walkNs = System.nanoTime() - t;
        t = System.nanoTime();
        int problems = s.problems().size();
        long problemsNs = System.nanoTime() - t;
        t = System.nanoTime();
        int matches = s.matches().size();
        long matchesNs = System.nanoTime() - t;
        System.gc();
        Runtime rt = Runtime.getRuntime();
        double heapMb = (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
        double[] out = { applyNs / 1e6, maxLock.get() / 1e6, best / 1e6, heapMb };
        System.out.printf(Locale.ROOT, "round=%d apply_ms=%.1f (%.2f us/event) max_count_ms=%.2f max_lock_wait_ms=%.2f"
                + " (noise floor %.2f) refreshes=%d max_refresh_snapshot_ms=%.1f snapshot_ms=%.2f matches=%d (%.1f ms) walk_pairs=%d"
                + " matched=%d (%.1f ms) problems=%d (%.1f ms) heap_mb=%.1f%n", round, out[0],
                applyNs / 1e3 / events.size(), maxCount.get() / 1e6, out[1], maxNoise.get() / 1e6, refreshes.get(), maxRefresh.get() / 1e6,
                out[2], matches, matchesNs / 1e6, pairs / 2, matched / 2, walkNs / 1e6, problems, problemsNs / 1e6,
                heapMb);
        model.close();
        return out;
    }

    private static void poll(AtomicBoolean running, AtomicLong max, Runnable call) {
        while (running.get()) {
            long t = System.nanoTime();
            call.run();
            max.accumulateAndGet(System.nanoTime() - t, Math::max);
            sleep(1);
        }
    }

    private static void poll(AtomicBoolean running, AtomicLong max, java.util.function.IntSupplier call) {
        poll(running, max, () -> {
            call.getAsInt();
        });
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
