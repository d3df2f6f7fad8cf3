package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.record.McapRepair;
import org.ddstuner.record.mcap.McapFormatException;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.record.mcap.McapWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/** The MCAP writer and reader on files, checked against the {@code mcap} package from PyPI; bad input. */
class McapFilesTest {

    @TempDir
    Path dir;

    /** 5,000 messages on two channels in small chunks; what each reader sees. */
    private Path sample(String name) throws Exception {
        Path f = dir.resolve(name);
        try (McapWriter w = McapWriter.create(f, "test", new McapWriter.Options(16 * 1024, 1_000_000_000L))) {
            w.addMetadata("ddstuner.recording", Map.of("domain", "3"));
            int s = w.addSchema("a::B", "omgidl", "module a { struct B { long x; }; };".getBytes());
            int c1 = w.addChannel(s, "T1", "cdr", Map.of("k", "1"));
            int c2 = w.addChannel(s, "T2", "cdr", Map.of("k", "2"));
            for (int i = 0; i < 5000; i++) {
                w.write(i % 2 == 0 ? c1 : c2, 1_000_000L * i, 500 + i, new byte[] { 0, 1, 0, 0, (byte) i,
                        (byte) (i >> 8), 0, 0 });
            }
        }
        return f;
    }

    @Test
    void writtenFilesReadBackHereAndWithThePythonPackage() throws Exception {
        Path f = sample("a.mcap");
        try (McapReader r = McapReader.open(f)) {
            assertFalse(r.recovered(), r.notes().toString());
            assertEquals(5000, r.summaryMessageCount());
            assertTrue(r.chunks().size() > 1, "several chunks: " + r.chunks().size());
            List<Long> times = new ArrayList<>();
            r.messages(null, m -> times.add(m.logTime()));
            assertEquals(5000, times.size());
            for (int i = 0; i < times.size(); i++) {
                assertEquals(1_000_000L * i, times.get(i));
            }
            assertEquals(Map.of(1, 2500L, 2, 2500L), r.countMessages());
        }
        JsonNode py = PythonMcap.read(f);
        assertEquals(5000, py.get("message_count").asLong());
        assertEquals(5000, py.get("messages").size());
        assertEquals("omgidl", py.get("schemas").get(0).get("encoding").asText());
        assertEquals("a::B", py.get("schemas").get(0).get("name").asText());
        assertEquals("T2", py.get("channels").get(1).get("topic").asText());
        assertEquals("2", py.get("channels").get(1).get("metadata").get("k").asText());
        assertEquals("3", py.get("metadata").get(0).get("metadata").get("domain").asText());
        JsonNode m = py.get("messages").get(4999);
        assertEquals(2, m.get(0).asInt());
        assertEquals(4_999_000_000L, m.get(1).asLong());
        assertEquals(5499, m.get(2).asLong());
        assertEquals("00010000" + "8713" + "0000", m.get(3).asText());
    }

    @Test
    void aRecordingIsNeverWrittenOverAnExistingFile() throws Exception {
        Path f = dir.resolve("kept.txt");
        Files.writeString(f, "keep me");
        assertThrows(FileAlreadyExistsException.class, () -> McapWriter.create(f, "t", McapWriter.Options.DEFAULT));
        assertEquals("keep me", Files.readString(f));
    }

    @Test
    void aForeignFileIsRefusedWithTheOffsetAndLeftAlone() throws Exception {
        Path f = dir.resolve("foreign.mcap");
        byte[] png = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13 };
        Files.write(f, png);
        McapFormatException e = assertThrows(McapFormatException.class, () -> McapReader.open(f));
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains("not an MCAP file") && e.getMessage().contains("byte offset 0"),
                e.getMessage());
        assertArrayEquals(png, Files.readAllBytes(f));
        Path empty = dir.resolve("empty.mcap");
        Files.write(empty, new byte[3]);
        e = assertThrows(McapFormatException.class, () -> McapReader.open(empty));
        assertTrue(e.getMessage().contains("only 3 bytes"), e.getMessage());
        assertThrows(McapFormatException.class, () -> McapRepair.repair(f, dir.resolve("r.mcap")));
    }

    @Test
    void aFileCutInItsHeaderIsRefusedWithTheOffset() throws Exception {
        byte[] whole = Files.readAllBytes(sample("b.mcap"));
        Path cut = dir.resolve("cut.mcap");
        Files.write(cut, java.util.Arrays.copyOf(whole, 20));
        McapFormatException e = assertThrows(McapFormatException.class, () -> McapReader.open(cut));
        assertEquals(20, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("Header"), e.getMessage());
    }

    @Test
    void aTruncatedFileKeepsItsWholeChunksSaysWhereItEndsAndRepairsIntoACopy() throws Exception {
        Path f = sample("c.mcap");
        byte[] whole = Files.readAllBytes(f);
        Path cut = dir.resolve("cut.mcap");
        int at = whole.length * 2 / 3;
        byte[] part = java.util.Arrays.copyOf(whole, at);
        Files.write(cut, part);
        long found;
        try (McapReader r = McapReader.open(cut)) {
            assertTrue(r.recovered());
            String notes = String.join("\n", r.notes());
            assertTrue(notes.contains("truncated at byte " + at), notes);
            assertTrue(notes.matches("(?s).*the file ends inside a .* record that starts at byte \\d+.*"), notes);
            found = r.countMessages().values().stream().mapToLong(Long::longValue).sum();
            assertTrue(found > 2000 && found < 5000, "whole chunks kept: " + found);
        }
        Path repaired = McapRepair.repairedPath(cut);
        assertEquals("cut.repaired.mcap", repaired.getFileName().toString());
        assertEquals(found, McapRepair.repair(cut, repaired));
        assertArrayEquals(part, Files.readAllBytes(cut), "the original is not changed");
        JsonNode py = PythonMcap.read(repaired);
        assertEquals(found, py.get("message_count").asLong());
        assertEquals(found, py.get("messages").size());
        // a second repair does not overwrite the first
        assertThrows(java.io.IOException.class, () -> McapRepair.repair(cut, repaired));
    }
}
