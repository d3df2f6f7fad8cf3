package org.ddstuner.record;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.record.mcap.McapReader;

/**
 * What a recording holds, for listing it (CLI, Recordings view): its topics with message counts and types,
 * first and last log time, size, and what opening had to repair ({@link McapReader#notes()}).
 */
public record RecordingInfo(Path path, long size, Map<String, TopicInfo> topics, long firstLogTime, long lastLogTime,
        List<String> notes, boolean recovered) {

    public record TopicInfo(String topic, String typeName, long messages, int writers) {
    }

    public Duration duration() {
        return firstLogTime == 0 ? Duration.ZERO : Duration.ofNanos(lastLogTime - firstLogTime);
    }

    public long messages() {
        return topics.values().stream().mapToLong(TopicInfo::messages).sum();
    }

    /** Reads the index and counts messages (reading each chunk once: the summary's counts are per channel). */
    public static RecordingInfo of(Path path) throws IOException {
        try (McapReader r = McapReader.open(path)) {
            return of(r);
        }
    }

    public static RecordingInfo of(McapReader r) throws IOException {
        Map<Integer, Long> counts = r.countMessages();
        Map<String, TopicInfo> topics = new TreeMap<>();
        Map<String, List<String>> writers = new LinkedHashMap<>();
        for (McapReader.Channel c : r.channels().values()) {
            String type = c.metadata().getOrDefault(ChannelMeta.TYPE_NAME, "");
            long n = ChannelMeta.KIND_DATA.equals(c.metadata().getOrDefault(ChannelMeta.SAMPLE_KIND,
                    ChannelMeta.KIND_DATA)) ? counts.getOrDefault(c.id(), 0L) : 0;
            writers.computeIfAbsent(c.topic(), k -> new ArrayList<>()).add(c.metadata().getOrDefault(
                    ChannelMeta.WRITER_GUID, ""));
            topics.merge(c.topic(), new TopicInfo(c.topic(), type, n, 0), (a, b) -> new TopicInfo(a.topic(),
                    a.typeName().isEmpty() ? b.typeName() : a.typeName(), a.messages() + b.messages(), 0));
        }
        topics.replaceAll((k, v) -> new TopicInfo(v.topic(), v.typeName(), v.messages(),
                (int) writers.get(k).stream().distinct().count()));
        long first = Long.MAX_VALUE;
        long last = 0;
        for (McapReader.ChunkInfo c : r.chunks()) {
            first = Math.min(first, c.start());
            last = Math.max(last, c.end());
        }
        return new RecordingInfo(r.path(), r.fileSize(), topics, first == Long.MAX_VALUE ? 0 : first, last,
                r.notes(), r.recovered());
    }
}
