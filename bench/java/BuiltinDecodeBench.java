import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.Layouts;
import org.ddstuner.dds.internal.QosNative;

/**
 * Micro benchmark of the binding's built-in-topic read path (bench/builtin-decode.sh runs it).
 *
 * One participant creates N endpoints (half writers, half readers) with varied QoS; a second
 * participant in the same process then measures, on already-discovered data (no network timing in it):
 * <ul>
 * <li>{@code deliver}: a fresh DCPSPublication + DCPSSubscription reader (transient-local, so it gets
 * every existing endpoint at once) taken empty with {@code take(BATCH)}: ms per round and ns/sample.</li>
 * <li>{@code read}: one {@code read()} of every cached sample, repeated (loan + SampleInfo + Guid +
 * strings + QoS + type information): ns/sample, the whole per-sample decode cost of the binding.</li>
 * <li>{@code qos}: {@code QosNative.fromNative} (the public one-off entry, same decoder the readers use)
 * on the QoS pointers of loaned samples, repeatedly: ns/sample for QoS decoding alone.</li>
 * </ul>
 * With a FLOOD binary (bench/peers endpoint_flood) the endpoints come from that C process instead
 * (idlc-compiled type, so every sample also carries XTypes type information, like real peers); the
 * second participant then is the only one in this process.
 *
 * Must run inside releng/scripts/netns-run.sh. Arguments:
 * [ENDPOINTS=5000] [ROUNDS=5] [BATCH=256] [DOMAIN=47] [FLOOD_BINARY]
 */
public final class BuiltinDecodeBench {

    private static final StructType TYPE = StructType.builder("bench::Decode").key("id", MemberKind.INT32)
            .member("v", MemberKind.INT64).member("s", MemberKind.STRING).build();

    private BuiltinDecodeBench() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 256;
        int domainId = args.length > 3 ? Integer.parseInt(args[3]) : 47;
        String floodBinary = args.length > 4 ? args[4] : null;
        Process floodProcess = null;
        try (Domain domain = Domain.create(domainId, CycloneConfig.loopbackOnly())) {
            Participant observer = domain.createParticipant(Qos.EMPTY.withEntityName("observer"));
            long t = System.nanoTime();
            if (floodBinary == null) {
                createEndpoints(domain.createParticipant(Qos.EMPTY.withEntityName("flood")), n);
            } else {
                floodProcess = startFlood(floodBinary, n, domainId);
            }
            out("create_ms", ms(System.nanoTime() - t));
            // the observer's own built-in readers count too; wait until discovery has settled
            int expected = n;
            waitUntilAllKnown(observer, expected);

            double[] deliver = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                deliver[r] = deliverOnce(observer, batch, expected);
            }
            out("deliver_ms_median", median(deliver));
            out("deliver_ns_per_sample", median(deliver) * 1e6 / expected);
            out("deliver_ns_per_sample_min", min(deliver) * 1e6 / expected);

            try (BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
                    BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(observer)) {
                drainToRead(pubs, subs, expected);
                double[] read = new double[rounds];
                double[] qos = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    read[r] = readAll(pubs, subs, expected * 2);
                    qos[r] = qosOnly(pubs, subs, expected * 2);
                }
                out("read_ns_per_sample", median(read));
                out("read_ns_per_sample_min", min(read));
                out("qos_ns_per_sample", median(qos));
                out("qos_ns_per_sample_min", min(qos));
                System.out.printf(Locale.ROOT,
                        "endpoints=%d deliver_ns_per_sample=%.0f read_ns_per_sample=%.0f qos_ns_per_sample=%.0f%n",
                        n, median(deliver) * 1e6 / expected, median(read), median(qos));
            }
        } finally {
            if (floodProcess != null) {
                floodProcess.destroy();
            }
        }
    }

    /** endpoint_flood with N endpoints on 101 "decode_*" topics; returns once it printed READY. */
    private static Process startFlood(String binary, int n, int domainId) {
        try {
            Process p = new ProcessBuilder(binary, "-n", Integer.toString(n), "-t", "101", "-d",
                    Integer.toString(domainId), "-P", "decode", "-x", "600")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly));
            try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("READY ")) {
                        return p;
                    }
                }
            }
            throw new IllegalStateException("endpoint_flood ended before READY (exit " + p.waitFor() + ")");
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot start " + binary + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Varied QoS so every policy kind, partitions, user data and names show up in discovery. */
    private static void createEndpoints(Participant p, int n) {
        int topics = 101;
        Topic[] ts = new Topic[topics];
        for (int i = 0; i < topics; i++) {
            ts[i] = p.createTopic("decode_" + i, TYPE, Qos.EMPTY.with(new Qos.TopicData(new byte[] { (byte) i })));
        }
        Publisher[] pubs = new Publisher[4];
        Subscriber[] subs = new Subscriber[4];
        for (int i = 0; i < 4; i++) {
            Qos g = Qos.EMPTY.withPartitions("part" + i, "common").with(new Qos.GroupData(new byte[] { 1, (byte) i }));
            pubs[i] = p.createPublisher(g);
            subs[i] = p.createSubscriber(g);
        }
        for (int i = 0; i < n; i++) {
            Qos q = Qos.EMPTY.withEntityName("endpoint " + i)
                    .with(new Qos.UserData(("user-" + i).getBytes()))
                    .with(new Qos.Deadline(i % 3 == 0 ? Qos.INFINITE : Duration.ofMillis(100 + i)))
                    .with(new Qos.Liveliness(Qos.LivelinessKind.AUTOMATIC, Duration.ofSeconds(10 + i % 7)));
            q = i % 2 == 0 ? q.withReliable().withKeepLast(1 + i % 10) : q.withBestEffort().withKeepAll();
            if (i % 4 == 0) {
                q = q.withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL);
            }
            Topic topic = ts[i % topics];
            if (i % 2 == 0) {
                pubs[i % 4].createWriter(topic, q.with(new Qos.OwnershipStrength(i)));
            } else {
                subs[i % 4].createReader(topic, q.with(new Qos.TimeBasedFilter(Duration.ZERO)));
            }
        }
    }

    private static void waitUntilAllKnown(Participant observer, int expected) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
                    BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(observer)) {
                int seen = countFlood(pubs.read(expected * 2)) + countFlood(subs.read(expected * 2));
                if (seen >= expected) {
                    return;
                }
            }
            sleep(200);
        }
        throw new IllegalStateException("discovery of " + expected + " endpoints did not finish in 120 s");
    }

    private static int countFlood(List<Sample<EndpointData>> samples) {
        int c = 0;
        for (Sample<EndpointData> s : samples) {
            if (s.info().validData() && s.data().topicName().startsWith("decode_")) {
                c++;
            }
        }
        return c;
    }

    /** ms to take every endpoint from fresh built-in readers (reader creation excluded). */
    private static double deliverOnce(Participant observer, int batch, int expected) {
        try (BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
                BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(observer)) {
            long t = System.nanoTime();
            int got = 0;
            long deadline = t + 60_000_000_000L;
            while (got < expected && System.nanoTime() < deadline) {
                int before = got;
                got += countFlood(takeAll(pubs, batch)) + countFlood(takeAll(subs, batch));
                if (got == before) {
                    Thread.onSpinWait();
                }
            }
            double ms = ms(System.nanoTime() - t);
            if (got < expected) {
                throw new IllegalStateException("only " + got + " of " + expected + " endpoints delivered");
            }
            return ms;
        }
    }

    private static List<Sample<EndpointData>> takeAll(BuiltinReader<EndpointData> r, int batch) {
        List<Sample<EndpointData>> all = new ArrayList<>();
        List<Sample<EndpointData>> b;
        do {
            b = r.take(batch);
            all.addAll(b);
        } while (b.size() == batch);
        return all;
    }

    private static void drainToRead(BuiltinReader<EndpointData> pubs, BuiltinReader<EndpointData> subs, int expected) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (countFlood(pubs.read(expected * 2)) + countFlood(subs.read(expected * 2)) < expected) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("reader did not get every endpoint");
            }
            sleep(50);
        }
    }

    /**
     * ns per sample of one read() of every cached sample of both readers (each decoded once). Every read
     * of one reader uses the same max: libddsc 0.10 fills as many loan pointers as the largest max seen.
     */
    private static double readAll(BuiltinReader<EndpointData> pubs, BuiltinReader<EndpointData> subs, int max) {
        long t = System.nanoTime();
        // read() has no offset, so a pass over every sample is one read() with a max that covers the cache
        int samples = pubs.read(max).size() + subs.read(max).size();
        return (System.nanoTime() - t) / (double) samples;
    }

    /** ns per QoS decode of loaned DCPSPublication/DCPSSubscription samples (dds_read with loans). */
    private static double qosOnly(BuiltinReader<EndpointData> pubs, BuiltinReader<EndpointData> subs, int max) {
        long decoded = 0;
        long nanos = 0;
        long qosOffset = Layouts.offset(Layouts.BUILTIN_ENDPOINT, "qos");
        for (BuiltinReader<EndpointData> r : List.of(pubs, subs)) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment buf = a.allocate(ValueLayout.ADDRESS, max);
                MemorySegment infos = a.allocate(Layouts.SAMPLE_INFO, max);
                int got = DdsC.dds_read(r.handle(), buf, infos, max, max);
                if (got <= 0) {
                    throw new IllegalStateException("dds_read returned " + got);
                }
                try {
                    MemorySegment[] qos = new MemorySegment[got];
                    for (int i = 0; i < got; i++) {
                        MemorySegment s = buf.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(Layouts.BUILTIN_ENDPOINT.byteSize());
                        qos[i] = s.get(ValueLayout.ADDRESS, qosOffset);
                    }
                    long t = System.nanoTime();
                    int sink = 0;
                    for (MemorySegment q : qos) {
                        if (!q.equals(MemorySegment.NULL)) {
                            sink += QosNative.fromNative(q).hashCode() & 1;
                        }
                    }
                    nanos += System.nanoTime() - t;
                    decoded += got + (sink & 0);
                } finally {
                    DdsC.dds_return_loan(r.handle(), buf, got);
                }
            }
        }
        return nanos / (double) decoded;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** The fastest round: on a shared, noisy machine the least disturbed estimate of the code's own cost. */
    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static void out(String key, double v) {
        System.out.printf(Locale.ROOT, "%s=%.1f%n", key, v);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
