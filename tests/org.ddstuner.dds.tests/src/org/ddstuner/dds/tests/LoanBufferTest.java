package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Regression: libddsc 0.10.2 keeps one loan buffer per reader sized by the largest {@code max} ever
 * used and writes that many pointers; a smaller pointer array on a later call corrupted the heap
 * ("malloc(): unaligned tcache chunk detected"). Shrinking max between calls must be safe.
 */
class LoanBufferTest {

    private static final int DOMAIN = 67;
    private static final int INSTANCES = 300;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    @Test
    void shrinkingMaxBetweenReadsAndTakesIsSafe() {
        StructType type = StructType.builder("test::Loan").key("id", MemberKind.INT32).member("v", MemberKind.INT64)
                .build();
        Qos qos = Qos.EMPTY.withReliable().withKeepLast(1).withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL);
        try (Participant p = domain.createParticipant()) {
            Topic t = p.createTopic("LoanBuffer", type, qos);
            Writer w = p.createWriter(t, qos);
            for (int i = 0; i < INSTANCES; i++) {
                w.write(Map.of("id", i, "v", (long) i * 7));
            }
            Reader r = p.createReader(t, qos);
            Poll.until(() -> r.read(INSTANCES + 10).size() >= INSTANCES);
            assertEquals(INSTANCES, r.read(1000).size(), "all instances after a large read");
            for (int max : new int[] { 10, 1, 250, 3 }) {
                List<Sample<Map<String, Object>>> some = r.read(max);
                assertEquals(max, some.size(), "read(" + max + ") after larger reads");
                for (Sample<Map<String, Object>> s : some) {
                    int id = (Integer) s.data().get("id");
                    assertEquals(id * 7L, s.data().get("v"));
                }
            }
            int taken = 0;
            for (int max : new int[] { 200, 7, 1, 500 }) {
                taken += r.take(max).size();
            }
            assertEquals(INSTANCES, taken, "every instance taken once across shrinking and growing take sizes");
        }
    }
}
