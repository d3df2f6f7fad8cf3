package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.Test;

/** {@code ddstuner ls --json}'s document, read back with the strict reader (escaping: {@code StrictJsonTest}). */
class SnapshotJsonTest {

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
        Map<String, Object> root = StrictJson.parseMap(json);

        Map<String, Object> part = ((List<Map<String, Object>>) root.get("participants")).get(0);
        assertEquals("odd \"name\"\n\t\u0007", part.get("name"));
        assertEquals("h\\1", part.get("host"));
        assertEquals(BigInteger.valueOf(12), part.get("pid"));
        assertEquals(Map.of("id", "0x0101", "name", "RTI Connext DDS"), part.get("vendor"));
        assertTrue(part.containsKey("process"));
        assertNull(part.get("process"), "unknown values are null");
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
