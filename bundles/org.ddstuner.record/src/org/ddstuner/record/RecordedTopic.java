package org.ddstuner.record;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.types.idl.IdlParseException;

/**
 * The samples of one topic of a recording, for showing them as a reader would have (the Reader view on a
 * recording): the type made from the recorded schema (IDL) with no domain involved, each message a
 * {@link ReceivedSample} decoded on first use, with the reception time ({@code log_time}) as its received time,
 * the source timestamp ({@code publish_time}) and the channel's writer GUID. Only the newest {@code max} are kept,
 * so a long recording does not fill the heap.
 *
 * @param total the topic's messages in the file ({@code samples} holds the last of them)
 */
public record RecordedTopic(String topic, ResolvedType type, List<ReceivedSample> samples, long total) {

    /**
     * Reads {@code topic}'s messages from {@code file}.
     *
     * @throws IllegalArgumentException the topic is not in the recording, has no schema, or its schema does not
     *                                  parse (the message says which)
     * @throws IOException              the file cannot be read or is not MCAP
     */
    public static RecordedTopic read(Path file, String topic, int max) throws IOException, InterruptedException {
        try (McapReader r = McapReader.open(file)) {
            Map<Integer, McapReader.Channel> mine = new HashMap<>();
            r.channels().forEach((id, c) -> {
                if (c.topic().equals(topic)) {
                    mine.put(id, c);
                }
            });
            if (mine.isEmpty()) {
                Set<String> all = new TreeSet<>();
                r.channels().values().forEach(c -> all.add(c.topic()));
                throw new IllegalArgumentException("topic '" + topic + "' is not in " + file.getFileName()
                        + " (it has: " + String.join(", ", all) + ")");
            }
            McapReader.Channel first = mine.values().iterator().next();
            McapReader.Schema schema = r.schemas().get(first.schemaId());
            if (schema == null) {
                throw new IllegalArgumentException("topic '" + topic + "' was recorded without a type");
            }
            ImportedTypes imported = new ImportedTypes();
            try {
                imported.importText(topic + ".idl", schema.text());
            } catch (IdlParseException e) {
                throw new IllegalArgumentException("the schema of topic '" + topic + "' (" + schema.name()
                        + ") does not parse: " + e.getMessage(), e);
            }
            ResolvedType type = TypeResolver.fromImported(topic, schema.name(), imported);
            ArrayDeque<ReceivedSample> kept = new ArrayDeque<>();
            long[] n = { 0 };
            try {
                r.messages(mine.keySet(), m -> {
                    McapReader.Channel c = mine.get(m.channelId());
                    kept.addLast(sample(n[0]++, m, c, type));
                    if (kept.size() > max) {
                        kept.removeFirst();
                    }
                    return true;
                });
            } catch (IOException | InterruptedException | RuntimeException e) {
                type.close();
                throw e;
            }
            return new RecordedTopic(topic, type, new ArrayList<>(kept), n[0]);
        }
    }

    private static ReceivedSample sample(long seq, McapReader.Message m, McapReader.Channel c, ResolvedType type) {
        String kind = c.metadata().getOrDefault(ChannelMeta.SAMPLE_KIND, ChannelMeta.KIND_DATA);
        boolean data = kind.equals(ChannelMeta.KIND_DATA);
        SampleInfo.InstanceState state = switch (kind) {
            case ChannelMeta.KIND_DISPOSE -> SampleInfo.InstanceState.NOT_ALIVE_DISPOSED;
            case ChannelMeta.KIND_UNREGISTER -> SampleInfo.InstanceState.NOT_ALIVE_NO_WRITERS;
            default -> SampleInfo.InstanceState.ALIVE;
        };
        Instant source = m.publishTime() == 0 ? null : nanos(m.publishTime());
        SampleInfo info = new SampleInfo(data, SampleInfo.SampleState.NOT_READ, SampleInfo.ViewState.NOT_NEW, state,
                source, 0, 0, 0, 0, 0, 0, 0);
        String w = c.metadata().get(ChannelMeta.WRITER_GUID);
        Guid writer = null;
        if (w != null && !w.isBlank()) {
            try {
                writer = Guid.parse(w);
            } catch (IllegalArgumentException e) {
                // a foreign file's metadata: no writer then
            }
        }
        return ReceivedSample.of(seq, nanos(m.logTime()), info, writer, m.data(), type);
    }

    private static Instant nanos(long ns) {
        return Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
    }
}
