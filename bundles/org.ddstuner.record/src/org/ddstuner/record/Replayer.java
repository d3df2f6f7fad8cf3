package org.ddstuner.record;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.types.idl.IdlParseException;

/**
 * Plays a recording into a domain: per recorded topic one writer of the tool's ({@link WriterSession}) with the
 * topic's type from the recorded schema (IDL) and the QoS recorded on its first data channel (editable through
 * {@link Options#qos}), writing each message's bytes at its recorded log time relative to the first message,
 * divided by the speed factor. Key-only messages (disposes, unregisters) are counted, not replayed.
 *
 * <p>Writers never auto-dispose on deletion (the recording holds the disposes that happened). Memory holds one
 * chunk at a time.
 */
public final class Replayer {

    /**
     * @param speed   1 = recorded timing, 2 = twice as fast, 0 = as fast as possible
     * @param loop    start again at the end until stopped
     * @param topics  recorded topic names to play (empty: all)
     * @param rename  recorded name → name written to
     * @param fromNs  window start, ns after the recording's first message (0: from the start)
     * @param toNs    window end, ns after the first message (Long.MAX_VALUE: to the end)
     * @param qos     per recorded topic, a QoS to use instead of the recorded one
     */
    public record Options(double speed, boolean loop, Set<String> topics, Map<String, String> rename, long fromNs,
            long toNs, Map<String, DerivedQos> qos) {
        public static final Options DEFAULT = new Options(1, false, Set.of(), Map.of(), 0, Long.MAX_VALUE, Map.of());

        public Options {
            if (speed < 0 || Double.isNaN(speed)) {
                throw new IllegalArgumentException("speed must be ≥ 0");
            }
            topics = Set.copyOf(topics);
            rename = Map.copyOf(rename);
            qos = Map.copyOf(qos);
        }
    }

    /** What a replay did; timing error = when a message was written − when it was due (scaled recorded time). */
    public record Result(long written, long skipped, long keyOnly, int loops, long timingP50Nanos,
            long timingP99Nanos, long timingMaxNanos, List<String> notes) {
    }

    /** One recorded topic's writer. */
    public record Target(String recordedTopic, String topic, String typeName, DerivedQos qos) {
    }

    private final McapReader reader;
    private final Options options;
    private final Map<String, WriterSession> writers = new LinkedHashMap<>();
    private final Map<Integer, WriterSession> byChannel = new HashMap<>();
    private final Set<Integer> keyOnlyChannels = new HashSet<>();
    private final List<Target> targets = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private final UnaryOperator<DerivedQos> edit;

    private Replayer(McapReader reader, Options options, UnaryOperator<DerivedQos> edit) {
        this.reader = reader;
        this.options = options;
        this.edit = edit;
    }

    /**
     * Creates the writers (confirms injection into {@code connection}: the caller asked for a replay).
     *
     * @throws IllegalArgumentException when a chosen topic is not in the recording or its schema does not parse
     */
    public static Replayer open(Connection connection, McapReader reader, Options options) {
        return open(connection, reader, options, UnaryOperator.identity());
    }

    /**
     * As {@link #open(Connection, McapReader, Options)}, with {@code edit} applied to each topic's QoS (recorded, or
     * given in {@link Options#qos}) before its writer is created: the person's changes, e.g. {@code replay --qos}.
     */
    public static Replayer open(Connection connection, McapReader reader, Options options,
            UnaryOperator<DerivedQos> edit) {
        Replayer r = new Replayer(reader, options, edit);
        try {
            r.createWriters(connection);
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    private void createWriters(Connection connection) {
        Map<String, McapReader.Channel> firstData = firstDataChannels(reader, options, keyOnlyChannels);
        InjectionGuard.of(connection).confirm();
        for (McapReader.Channel c : firstData.values()) {
            McapReader.Schema schema = reader.schemas().get(c.schemaId());
            if (schema == null) {
                notes.add("topic '" + c.topic() + "' was recorded without a type: not replayed");
                continue;
            }
            String topic = options.rename().getOrDefault(c.topic(), c.topic());
            ImportedTypes imported = new ImportedTypes();
            try {
                imported.importText(c.topic() + ".idl", schema.text());
            } catch (IdlParseException e) {
                throw new IllegalArgumentException("the schema of topic '" + c.topic() + "' (" + schema.name()
                        + ") does not parse: " + e.getMessage(), e);
            }
            DerivedQos qos = edit.apply(options.qos().getOrDefault(c.topic(), recordedQos(c)));
            ResolvedType type;
            try {
                type = new TypeResolver(connection, imported).resolve(topic, TypeResolver.Options.DEFAULT
                        .withSources(TypeSource.IMPORTED).withTypeName(schema.name()));
            } catch (TypeResolutionException e) {
                throw new IllegalArgumentException("no type for topic '" + topic + "' from the recorded schema "
                        + schema.name() + ": " + e.getMessage(), e);
            }
            WriterSession w;
            try {
                w = WriterSession.open(connection, type, qos);
            } finally {
                type.close(); // the session holds it while open
            }
            writers.put(c.topic(), w);
            targets.add(new Target(c.topic(), topic, schema.name(), qos));
        }
        for (McapReader.Channel c : reader.channels().values()) {
            WriterSession w = writers.get(c.topic());
            if (w != null && !keyOnlyChannels.contains(c.id())) {
                byChannel.put(c.id(), w);
            }
        }
    }

    /**
     * The first data channel of each chosen topic (its schema and QoS make the topic's writer); the key-only
     * channels (disposes, unregisters) go into {@code keyOnly}.
     *
     * @throws IllegalArgumentException a chosen topic is not in the recording
     */
    static Map<String, McapReader.Channel> firstDataChannels(McapReader reader, Options options,
            Set<Integer> keyOnly) {
        Map<String, McapReader.Channel> firstData = new LinkedHashMap<>();
        for (McapReader.Channel c : reader.channels().values()) {
            String kind = c.metadata().getOrDefault(ChannelMeta.SAMPLE_KIND, ChannelMeta.KIND_DATA);
            if (!options.topics().isEmpty() && !options.topics().contains(c.topic())) {
                continue;
            }
            if (!ChannelMeta.KIND_DATA.equals(kind)) {
                keyOnly.add(c.id());
                continue;
            }
            firstData.putIfAbsent(c.topic(), c);
        }
        for (String t : options.topics()) {
            if (reader.channels().values().stream().noneMatch(c -> c.topic().equals(t))) {
                throw new IllegalArgumentException("topic '" + t + "' is not in the recording (it has: " + String.join(
                        ", ", reader.channels().values().stream().map(McapReader.Channel::topic).distinct().toList())
                        + ")");
            }
        }
        return firstData;
    }

    /** The recorded QoS of a channel, for a writer that must not auto-dispose when the replay ends. */
    public static DerivedQos recordedQos(McapReader.Channel c) {
        Qos q = ChannelMeta.qos(c.metadata()).with(new Qos.WriterDataLifecycle(false));
        return new DerivedQos(q, ChannelMeta.partitions(c.metadata()), List.of("QoS as recorded ("
                + c.metadata().getOrDefault(ChannelMeta.QOS_SOURCE, "unknown") + ")"), List.of(), false);
    }

    public List<Target> targets() {
        return List.copyOf(targets);
    }

    /** Readers matched per replayed topic (by the name written to). */
    public Map<String, Integer> matchedReaders() {
        Map<String, Integer> m = new LinkedHashMap<>();
        writers.forEach((t, w) -> m.put(options.rename().getOrDefault(t, t), w.matchedReaders()));
        return m;
    }

    /**
     * Waits until every writer has at least {@code n} matched readers or {@code timeout} passes; true if they did.
     */
    public boolean awaitReaders(int n, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (writers.values().stream().allMatch(w -> w.matchedReaders() >= n)) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Plays until the end (each loop when looping) or until {@code stop} says so. */
    public Result run(BooleanSupplier stop) throws IOException, InterruptedException {
        long[] written = { 0 };
        long[] refused = { 0 };
        ReplayTiming timing = new ReplayTiming();
        Playback.Counts counts = Playback.play(reader, options, byChannel, keyOnlyChannels, stop, (w, m, due) -> {
            long at = due < 0 ? System.nanoTime() : due;
            ReplayTiming.waitUntil(at, stop);
            try {
                w.endpoint().write(m.data());
            } catch (IllegalArgumentException e) {
                refused[0]++; // bytes libddsc refuses to deserialize (damaged or another type)
                return true;
            }
            timing.add(System.nanoTime() - at);
            written[0]++;
            return true;
        });
        long skipped = counts.skipped() + refused[0];
        if (skipped > 0) {
            notes.add(skipped + " messages not written (no writer for their topic, or bytes the type refuses)");
        }
        if (counts.keyOnly() > 0) {
            notes.add(counts.keyOnly() + " disposes/unregisters recorded: not replayed");
        }
        return new Result(written[0], skipped, counts.keyOnly(), counts.loops(), timing.percentile(0.5),
                timing.percentile(0.99), timing.max(), List.copyOf(notes));
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    public void close() {
        writers.values().forEach(WriterSession::close);
        writers.clear();
    }
}
