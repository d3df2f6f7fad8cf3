package org.ddstuner.system.tests;

import static org.ddstuner.system.tests.Fixtures.reader;
import static org.ddstuner.system.tests.Fixtures.writer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Match;
import org.ddstuner.system.MatchExplainer;
import org.ddstuner.system.match.QosRules;
import org.junit.jupiter.api.Test;

/** Rule by rule: each Request-vs-Offered rule accepts the compatible case and explains the other. */
class MatchExplainerTest {

    private static final Qos E = Qos.EMPTY;

    private static List<String> explain(Qos readerQos, Qos writerQos) {
        return MatchExplainer.explain(reader(readerQos), writer(writerQos));
    }

    @Test
    void defaultsMatch() {
        // absent everything = spec defaults: reader BEST_EFFORT, writer RELIABLE, VOLATILE, XCDR1, default partition
        assertEquals(List.of(), explain(E, E));
    }

    @Test
    void reliability() {
        assertEquals(List.of(), explain(E.withReliable(), E.withReliable()));
        assertEquals(List.of(), explain(E.withBestEffort(), E.withReliable()));
        assertEquals(List.of("reader requests RELIABLE reliability, writer offers BEST_EFFORT"),
                explain(E.withReliable(), E.withBestEffort()));
        // writer without the policy offers the writer default, RELIABLE
        assertEquals(List.of(), explain(E.withReliable(), E));
    }

    @Test
    void durability() {
        assertEquals(List.of(), explain(E.withDurability(DurabilityKind.TRANSIENT_LOCAL),
                E.withDurability(DurabilityKind.PERSISTENT)));
        assertEquals(List.of("reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE"),
                explain(E.withDurability(DurabilityKind.TRANSIENT_LOCAL), E));
        assertEquals(List.of("reader requests PERSISTENT durability, writer offers TRANSIENT"),
                explain(E.withDurability(DurabilityKind.PERSISTENT), E.withDurability(DurabilityKind.TRANSIENT)));
    }

    @Test
    void deadline() {
        Qos r = E.with(new Qos.Deadline(Duration.ofMillis(100)));
        assertEquals(List.of(), explain(r, E.with(new Qos.Deadline(Duration.ofMillis(50)))));
        assertEquals(List.of(), explain(r, E.with(new Qos.Deadline(Duration.ofMillis(100)))));
        assertEquals(List.of("reader requests a deadline of 100 ms, writer offers only 1 s"),
                explain(r, E.with(new Qos.Deadline(Duration.ofSeconds(1)))));
        assertEquals(List.of("reader requests a deadline of 100 ms, writer offers only infinite"), explain(r, E));
    }

    @Test
    void latencyBudget() {
        Qos r = E.with(new Qos.LatencyBudget(Duration.ofMillis(10)));
        assertEquals(List.of(), explain(r, E));
        assertEquals(List.of("reader requests a latency budget of 10 ms, writer offers 1.5 s"),
                explain(r, E.with(new Qos.LatencyBudget(Duration.ofMillis(1500)))));
    }

    @Test
    void liveliness() {
        Qos r = E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_PARTICIPANT, Duration.ofSeconds(2)));
        assertEquals(List.of(), explain(r,
                E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(1)))));
        assertEquals(List.of("reader requests MANUAL_BY_PARTICIPANT liveliness, writer offers AUTOMATIC"),
                explain(r, E.with(new Qos.Liveliness(LivelinessKind.AUTOMATIC, Duration.ofSeconds(1)))));
        assertEquals(List.of("reader requests a liveliness lease of 2 s, writer offers 3 s"),
                explain(r, E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_PARTICIPANT, Duration.ofSeconds(3)))));
        // both parts wrong: one reason naming both
        List<String> both = explain(r, E);
        assertEquals(1, both.size());
        assertTrue(both.get(0).contains("AUTOMATIC") && both.get(0).contains("lease of 2 s, writer offers infinite"),
                both.get(0));
    }

    @Test
    void ownership() {
        Qos excl = E.with(new Qos.Ownership(OwnershipKind.EXCLUSIVE));
        assertEquals(List.of(), explain(excl, excl));
        assertEquals(List.of("reader requests EXCLUSIVE ownership, writer offers SHARED"), explain(excl, E));
        assertEquals(List.of("reader requests SHARED ownership, writer offers EXCLUSIVE"), explain(E, excl));
    }

    @Test
    void destinationOrder() {
        Qos src = E.with(new Qos.DestinationOrder(DestinationOrderKind.BY_SOURCE_TIMESTAMP));
        assertEquals(List.of(), explain(E, src));
        assertEquals(List.of(
                "reader requests BY_SOURCE_TIMESTAMP destination order, writer offers BY_RECEPTION_TIMESTAMP"),
                explain(src, E));
    }

    @Test
    void presentation() {
        Qos group = E.with(new Qos.Presentation(AccessScope.GROUP, true, true));
        assertEquals(List.of(), explain(E.with(new Qos.Presentation(AccessScope.TOPIC, true, false)), group));
        assertEquals(List.of("reader requests TOPIC presentation scope, writer offers INSTANCE"),
                explain(E.with(new Qos.Presentation(AccessScope.TOPIC, false, false)), E));
        assertEquals(List.of("reader requests coherent access, writer does not offer it; "
                + "reader requests ordered access, writer does not offer it"),
                explain(E.with(new Qos.Presentation(AccessScope.INSTANCE, true, true)),
                        E.with(new Qos.Presentation(AccessScope.GROUP, false, false))));
    }

    @Test
    void dataRepresentation() {
        Qos both = E.with(new Qos.DataRepresentation(List.of(Qos.XCDR1, Qos.XCDR2)));
        Qos xcdr2 = E.with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
        assertEquals(List.of(), explain(both, xcdr2));
        // the writer uses only its first id: XCDR2 first, reader accepts XCDR1 only (the default)
        assertEquals(List.of("reader accepts data representation XCDR1, writer uses XCDR2"), explain(E, xcdr2));
        assertEquals(List.of(), explain(E, both));
        assertEquals(List.of("reader accepts data representation XCDR2, writer uses XCDR1"), explain(xcdr2, both));
    }

    @Test
    void typeNameDiffersNeedsTypeInformation() {
        var r = Fixtures.endpoint(EndpointKind.READER, "T", "a::Msg", E);
        var w = Fixtures.endpoint(EndpointKind.WRITER, "T", "b::Msg", E);
        Match m = MatchExplainer.match(r, w);
        assertFalse(m.matched());
        assertTrue(m.needsTypeInformation());
        assertEquals(1, m.reasons().size());
        assertTrue(m.reasons().get(0).startsWith("type name differs: reader uses \"a::Msg\", writer \"b::Msg\""),
                m.reasons().get(0));
        assertFalse(MatchExplainer.match(reader(E), writer(E)).needsTypeInformation());
    }

    @Test
    void partitionsAreChecked() {
        assertEquals(List.of("no common partition: reader is in \"a\", writer in (default)"),
                explain(E.withPartitions("a"), E));
        assertEquals(List.of(), explain(E.withPartitions("a*"), E.withPartitions("x", "abc")));
        // an explicit empty list is the default partition
        assertEquals(List.of(), explain(E.withPartitions(), E.withPartitions("")));
    }

    @Test
    void severalReasonsAreAllListed() {
        List<String> reasons = explain(E.withReliable().withDurability(DurabilityKind.TRANSIENT_LOCAL)
                .withPartitions("p"), E.withBestEffort());
        assertEquals(3, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).startsWith("no common partition"));
        assertTrue(reasons.get(1).contains("RELIABLE"));
        assertTrue(reasons.get(2).contains("TRANSIENT_LOCAL"));
    }

    @Test
    void differentTopicsAreReportedAlone() {
        var r = Fixtures.endpoint(EndpointKind.READER, "A", "X", E.withReliable());
        var w = Fixtures.endpoint(EndpointKind.WRITER, "B", "Y", E.withBestEffort());
        assertEquals(List.of("topic differs: reader is on \"A\", writer on \"B\""), MatchExplainer.explain(r, w));
    }

    @Test
    void argumentsInTheWrongOrderAreRefused() {
        var e = assertThrows(IllegalArgumentException.class, () -> MatchExplainer.explain(writer(E), reader(E)));
        assertEquals("explain(reader, writer) needs a reader and a writer, got a writer and a reader", e.getMessage());
    }

    @Test
    void ruleTableCoversTheRxoPolicies() {
        assertEquals(List.of("reliability", "durability", "deadline", "latency_budget", "liveliness", "ownership",
                "destination_order", "presentation", "data_representation"),
                QosRules.ALL.stream().map(QosRules.NamedRule::policy).toList());
    }
}
