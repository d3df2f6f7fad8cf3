package org.ddstuner.qos.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.junit.jupiter.api.Test;

/** The editor's cell text of a policy value and back, for every kind of component a policy record has. */
class PolicyTextTest {

    @Test
    void formatsAndParsesBackEveryEditablePolicyKind() {
        List<Object> values = List.of(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(100)),
                new Qos.History(Qos.HistoryKind.KEEP_LAST, 10), new Qos.OwnershipStrength(7),
                new Qos.Lifespan(Qos.INFINITE), new Qos.Lifespan(Duration.ofMillis(1500)),
                new Qos.Presentation(Qos.AccessScope.TOPIC, true, false), new Qos.Partition(List.of("a", "b")),
                new Qos.DataRepresentation(List.of(Qos.XCDR1, Qos.XCDR2)),
                new Qos.ReaderDataLifecycle(Duration.ofSeconds(10), Qos.INFINITE), new Qos.TimeBasedFilter(Duration.ofNanos(1500)));
        for (Object v : values) {
            String text = PolicyText.format(v);
            assertEquals(v, PolicyText.parse(v.getClass(), text), text);
        }
        assertEquals("RELIABLE 100ms", PolicyText.format(values.get(0)));
        assertEquals("infinite", PolicyText.format(values.get(3)));
        assertEquals("1500ms", PolicyText.format(values.get(4)));
        assertEquals("a,b", PolicyText.format(values.get(6)));
        Qos.UserData d = (Qos.UserData) PolicyText.parse(Qos.UserData.class, "\"tuned by ui\"");
        assertArrayEquals("tuned by ui".getBytes(StandardCharsets.UTF_8), d.value());
        assertEquals(new Qos.Reliability(Qos.ReliabilityKind.BEST_EFFORT, Duration.ofSeconds(2)),
                PolicyText.parse(Qos.Reliability.class, "best_effort  PT2S"));
    }

    @Test
    void saysWhatIsWrongWithATypo() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyText.parse(Qos.Reliability.class, "RELIABLE"))
                .getMessage().contains("kind maxBlockingTime"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyText.parse(Qos.Reliability.class,
                "SURE 1s")).getMessage().contains("one of [BEST_EFFORT, RELIABLE]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyText.parse(Qos.OwnershipStrength.class,
                "seven")).getMessage().contains("must be a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyText.parse(Qos.Lifespan.class, "10 years"))
                .getMessage().contains("a duration is like"));
    }
}
