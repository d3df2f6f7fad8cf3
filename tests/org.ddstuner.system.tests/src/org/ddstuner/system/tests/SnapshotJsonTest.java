package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.json.Json;
import org.ddstuner.system.json.JsonWriter;
import org.junit.jupiter.api.Test;

class SnapshotJsonTest {

    @Test
    void stringEscaping() {
        assertEquals("\"a\\\"b\\\\c\"", JsonWriter.quote("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f\"", JsonWriter.quote("\n\r\t\b\f\u0001\u001f\u007f"));
        assertEquals("\"\\u2028\\u2029\"", JsonWriter.quote("\u2028\u2029"));
        assertEquals("\"é😀\"", JsonWriter.quote("é😀"), "valid non-ASCII stays as is");
        assertEquals("\"\\ud800x\"", JsonWriter.quote("\ud800x"), "an unpaired surrogate is escaped");
        String nasty = "q\"\\/\u0000\n\ud83d\ude00\udc00";
        assertEquals(nasty, Json.parse(JsonWriter.quote(nasty)));
    }

    @Test
    void writerRefusesMisuse() {
        StringBuilder b = new StringBuilder();
        JsonWriter w = new JsonWriter(b).beginObject();
        assertThrows(IllegalStateException.class, () -> w.value("no name"));
        assertThrows(IllegalStateException.class, w::endArray);
        JsonWriter a = new JsonWriter(new StringBuilder()).beginArray();
        assertThrows(IllegalStateException.class, () -> a.name("x"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void snapshotRoundTrips() {
        SystemModel m = new SystemModel();
        Guid p = Fixtures.participant(0x0101, 1);
        Guid w = Fixtures.endpoint(p, 1, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(p, 2, EndpointKind.READER);
        m.apply(Fixtures.participantSeen(p, "odd \"name\"\n\t\u0007", Map.of("dds.sys_info.hostname", "h\\1",
                "dds.sys_info.process_id", "12")));
        m.apply(Fixtures.writer(w, p, "T", "M", Qos.EMPTY.withBestEffort().withPartitions("a*", "")
                .with(new Qos.Deadline(Duration.ofMillis(5))).with(new Qos.UserData(new byte[] { 1, (byte) 0xff }))));
        m.apply(Fixtures.reader(r, p, "T", "M", Qos.EMPTY.withReliable().with(new Qos.Deadline(Qos.INFINITE))));
        String json = SnapshotJson.toJson(m.snapshot());
        Map<String, Object> root = (Map<String, Object>) Json.parse(json);

        Map<String, Object> part = ((List<Map<String, Object>>) root.get("participants")).get(0);
        assertEquals("odd \"name\"\n\t\u0007", part.get("name"));
        assertEquals("h\\1", part.get("host"));
        assertEquals(BigInteger.valueOf(12), part.get("pid"));
        assertEquals(Map.of("id", "0x0101", "name", "RTI Connext DDS"), part.get("vendor"));
        assertEquals(Json.NULL, part.get("process"));
        assertEquals(2, ((List<?>) part.get("endpoints")).size());

        Map<String, Object> wj = ((List<Map<String, Object>>) root.get("endpoints")).stream()
                .filter(e -> e.get("kind").equals("writer")).findFirst().orElseThrow();
        assertEquals(List.of("a*", ""), wj.get("partitions"));
        assertEquals(List.of("XCDR1"), wj.get("dataRepresentation"));
        Map<String, Object> qos = (Map<String, Object>) wj.get("qos");
        assertEquals(new java.math.BigDecimal("0.005"), ((Map<String, Object>) qos.get("deadline")).get("period"),
                "durations are seconds");
        assertEquals("BEST_EFFORT", ((Map<String, Object>) qos.get("reliability")).get("kind"));
        assertEquals("01ff", ((Map<String, Object>) qos.get("user_data")).get("value"));
        Map<String, Object> rj = ((List<Map<String, Object>>) root.get("endpoints")).stream()
                .filter(e -> e.get("kind").equals("reader")).findFirst().orElseThrow();
        assertEquals("infinite", ((Map<String, Object>) ((Map<String, Object>) rj.get("qos")).get("deadline"))
                .get("period"));

        Map<String, Object> match = ((List<Map<String, Object>>) root.get("matches")).get(0);
        assertEquals(false, match.get("matched"));
        String sentence = "reader requests RELIABLE reliability, writer offers BEST_EFFORT";
        assertEquals(List.of(sentence), match.get("reasons"));
        assertEquals(List.of(Map.of("check", "reliability", "short", "reliability: reader RELIABLE > writer BEST_EFFORT",
                "explanation", sentence, "fix", "give the writer RELIABLE reliability, or the reader BEST_EFFORT")),
                match.get("why"), "the reasons structured");
        assertEquals(2, ((List<?>) root.get("problems")).size());
        assertEquals(List.of("", "a*"), ((List<Map<String, Object>>) root.get("partitions")).stream()
                .map(x -> x.get("name")).toList());
    }
}
