package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.record.ChannelMeta;
import org.ddstuner.record.RecordedTopic;
import org.ddstuner.record.mcap.McapWriter;
import org.ddstuner.samples.ReceivedSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recorded topic read back as samples for the Reader view: decoded with the recorded schema; bad input. */
class RecordedTopicTest {

    private static final String WRITER = "0110aabb:ccddeeff:00112233:00000102";

    @TempDir
    Path dir;

    private Path file(String schema) throws Exception {
        Path f = dir.resolve("r.mcap");
        try (McapWriter w = McapWriter.create(f, "test", McapWriter.Options.DEFAULT)) {
            int s = w.addSchema("a::B", "omgidl", schema.getBytes());
            int c = w.addChannel(s, "T1", "cdr", Map.of(ChannelMeta.WRITER_GUID, WRITER, ChannelMeta.SAMPLE_KIND,
                    ChannelMeta.KIND_DATA));
            int o = w.addChannel(s, "Other", "cdr", Map.of());
            for (int i = 0; i < 300; i++) {
                w.write(i % 3 == 0 ? o : c, 1_000_000_000L + 1_000_000L * i, 500 + i, new byte[] { 0, 1, 0, 0, (byte) i,
                        (byte) (i >> 8), 0, 0 });
            }
        }
        return f;
    }

    @Test
    void samplesDecodedWithTheRecordedSchemaNewestKept() throws Exception {
        Path f = file("module a { struct B { long x; }; };");
        RecordedTopic t = RecordedTopic.read(f, "T1", 50);
        try {
            assertEquals(200, t.total());
            assertEquals(50, t.samples().size(), "only the newest max");
            ReceivedSample last = t.samples().getLast();
            assertEquals(Map.of("x", 299), last.value());
            assertTrue(last.decoded() && last.validData());
            assertEquals(Guid.parse(WRITER), last.writer());
            assertEquals(1_000_000_000L + 299_000_000L, last.receivedAt().getEpochSecond() * 1_000_000_000L
                    + last.receivedAt().getNano());
            assertEquals(799, last.info().sourceTimestamp().getNano());
            assertEquals("a::B", t.type().typeName());
        } finally {
            t.type().close();
        }
    }

    @Test
    void aSchemaThatDoesNotParseSaysWhichAndLeavesTheFileAlone() throws Exception {
        Path f = file("module a { struct B { long x; ");
        byte[] before = Files.readAllBytes(f);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedTopic.read(f, "T1", 10));
        assertTrue(e.getMessage().startsWith("the schema of topic 'T1' (a::B) does not parse: "), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(f));
    }

    @Test
    void aTopicNotInTheRecordingNamesThoseThatAre() throws Exception {
        Path f = file("module a { struct B { long x; }; };");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RecordedTopic.read(f, "T9", 10));
        assertEquals("topic 'T9' is not in r.mcap (it has: Other, T1)", e.getMessage());
    }
}
