package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.tests.Fixtures.ManualClock;
import org.junit.jupiter.api.Test;

/**
 * The problems' summaries (the Problems view's Description column) say who and what first, in few words,
 * while the message keeps the full explanation.
 */
class ProblemSummaryTest {

    private final ManualClock clock = new ManualClock();
    private final SystemModel model = new SystemModel(Fixtures.options(clock));
    private final Guid hub = Fixtures.participant(1);
    private final Guid logger = Fixtures.participant(2);

    private Problem problemOf(Guid endpoint) {
        List<Problem> ps = model.snapshot().problems();
        return ps.stream().filter(p -> endpoint.toString().equals(p.subject())).findFirst()
                .orElseThrow(() -> new AssertionError("no problem of " + endpoint + " in " + ps));
    }

    @Test
    void noMatchSaysWhoAndThePolicyFirst() {
        model.apply(Fixtures.participantSeen(hub, "SensorHub", Map.of()));
        model.apply(Fixtures.participantSeen(logger, "Logger", Map.of()));
        Guid w = Fixtures.endpoint(hub, 1, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(logger, 1, EndpointKind.READER);
        model.apply(Fixtures.writer(w, hub, "SensorReadings", "M", Qos.EMPTY.withReliable()));
        model.apply(Fixtures.reader(r, logger, "SensorReadings", "M",
                Qos.EMPTY.withReliable().withDurability(DurabilityKind.TRANSIENT_LOCAL)));

        Problem p = problemOf(r);
        assertEquals("Logger reader on \"SensorReadings\": no match — durability: reader TRANSIENT_LOCAL > writer "
                + "VOLATILE (SensorHub)", p.summary());
        assertEquals("reader of \"Logger\" on topic \"SensorReadings\" matches none of its 1 writer(s); nearest writer "
                + "(of \"SensorHub\"): reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE: give the "
                + "writer TRANSIENT_LOCAL durability or higher, or the reader VOLATILE", p.message(),
                "the full explanation stays for the tooltip, the CLI and JSON");
        assertEquals("SensorHub writer on \"SensorReadings\": no match — durability: reader TRANSIENT_LOCAL > writer "
                + "VOLATILE (Logger)", problemOf(w).summary());
    }

    @Test
    void severalReasonsAndCandidatesStayShort() {
        model.apply(Fixtures.participantSeen(hub, "SensorHub", Map.of()));
        model.apply(Fixtures.participantSeen(logger, "Logger", Map.of()));
        Guid w1 = Fixtures.endpoint(hub, 1, EndpointKind.WRITER);
        Guid w2 = Fixtures.endpoint(hub, 2, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(logger, 1, EndpointKind.READER);
        Qos slow = Qos.EMPTY.withBestEffort().with(new Qos.Deadline(Duration.ofSeconds(2)));
        model.apply(Fixtures.writer(w1, hub, "T", "M", slow));
        model.apply(Fixtures.writer(w2, hub, "T", "M", slow.withPartitions("p")));
        model.apply(Fixtures.reader(r, logger, "T", "M", Qos.EMPTY.withReliable()
                .with(new Qos.Deadline(Duration.ofSeconds(1)))));

        Problem p = problemOf(r);
        assertEquals("Logger reader on \"T\": no match among 2 writers — reliability: reader RELIABLE > writer "
                + "BEST_EFFORT; deadline: reader 1 s < writer 2 s (nearest: SensorHub)", p.summary());
        assertTrue(p.message().contains("reader requests a deadline of 1 s, writer offers only 2 s: give the writer "
                + "a deadline of 1 s or less, or the reader 2 s or more"), p.message());
        assertTrue(p.summary().length() < p.message().length());
    }

    @Test
    void typeNameDifferenceKeepsTheNamesOnly() {
        Guid w = Fixtures.endpoint(hub, 1, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(logger, 1, EndpointKind.READER);
        model.apply(Fixtures.participantSeen(hub, "SensorHub", Map.of()));
        model.apply(Fixtures.participantSeen(logger, "Logger", Map.of()));
        model.apply(Fixtures.writer(w, hub, "T", "a::A", Qos.EMPTY));
        model.apply(Fixtures.reader(r, logger, "T", "b::B", Qos.EMPTY));
        assertEquals("Logger reader on \"T\": no match — type name: reader \"b::B\" ≠ writer \"a::A\" (SensorHub)",
                problemOf(r).summary());
        assertTrue(problemOf(r).message().contains("they may still be assignable under XTypes"), problemOf(r).message());
    }
}
