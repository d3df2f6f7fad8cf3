package org.ddstuner.system.tests;

import static org.ddstuner.system.tests.Fixtures.reader;
import static org.ddstuner.system.tests.Fixtures.writer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.match.MismatchReason.Check;
import org.ddstuner.system.match.QosRules;
import org.junit.jupiter.api.Test;

/**
 * Rule by rule: each Request-vs-Offered rule accepts the compatible case and explains the other with a
 * structured reason: the check that failed, the short text of table columns and the full sentence with the fix.
 */
class MatchExplainerTest {

    private static final Qos E = Qos.EMPTY;

    /** What a reason says: its check, its short text and its full text (explanation and fix). */
    private record Said(Check check, String shortText, String fullText) {
    }

    private static List<MismatchReason> reasons(Qos readerQos, Qos writerQos) {
        return MatchExplainer.explain(reader(readerQos), writer(writerQos));
    }

    private static List<Said> explain(Qos readerQos, Qos writerQos) {
        return reasons(readerQos, writerQos).stream().map(r -> new Said(r.check(), r.shortText(), r.fullText()))
                .toList();
    }

    /** The one reason a pair is expected to have. */
    private static List<Said> only(Check check, String shortText, String fullText) {
        return List.of(new Said(check, shortText, fullText));
    }

    @Test
    void theFixIsApartFromTheSentence() {
        assertEquals(List.of(new MismatchReason(Check.DURABILITY, "durability: reader TRANSIENT_LOCAL > writer VOLATILE",
                "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE",
                "give the writer TRANSIENT_LOCAL durability or higher, or the reader VOLATILE")),
                reasons(E.withDurability(DurabilityKind.TRANSIENT_LOCAL), E));
        // two parts of one check: sentences and fixes each joined, in the same order
        MismatchReason both = reasons(E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_PARTICIPANT,
                Duration.ofSeconds(2))), E).get(0);
        assertEquals("reader requests MANUAL_BY_PARTICIPANT liveliness, writer offers AUTOMATIC; reader requests a "
                + "liveliness lease of 2 s, writer offers infinite", both.explanation());
        assertEquals("give the writer MANUAL_BY_PARTICIPANT liveliness or higher, or the reader AUTOMATIC; give the "
                + "writer a liveliness lease of 2 s or less, or drop the reader's liveliness lease", both.fix());
        assertEquals(both.explanation() + ": " + both.fix(), both.fullText());
        // different type names: no simple fix to name, the full text is the sentence
        MismatchReason type = MatchExplainer.explain(Fixtures.endpoint(EndpointKind.READER, "T", "a::Msg", E),
                Fixtures.endpoint(EndpointKind.WRITER, "T", "b::Msg", E)).get(0);
        assertEquals("", type.fix());
        assertEquals(type.explanation(), type.fullText());
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
        assertEquals(only(Check.RELIABILITY, "reliability: reader RELIABLE > writer BEST_EFFORT",
                "reader requests RELIABLE reliability, writer offers BEST_EFFORT: give the writer RELIABLE "
                        + "reliability, or the reader BEST_EFFORT"),
                explain(E.withReliable(), E.withBestEffort()));
        // writer without the policy offers the writer default, RELIABLE
        assertEquals(List.of(), explain(E.withReliable(), E));
    }

    @Test
    void durability() {
        assertEquals(List.of(), explain(E.withDurability(DurabilityKind.TRANSIENT_LOCAL),
                E.withDurability(DurabilityKind.PERSISTENT)));
        assertEquals(only(Check.DURABILITY, "durability: reader TRANSIENT_LOCAL > writer VOLATILE",
                "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE: give the writer TRANSIENT_LOCAL "
                        + "durability or higher, or the reader VOLATILE"),
                explain(E.withDurability(DurabilityKind.TRANSIENT_LOCAL), E));
        assertEquals(only(Check.DURABILITY, "durability: reader PERSISTENT > writer TRANSIENT",
                "reader requests PERSISTENT durability, writer offers TRANSIENT: give the writer PERSISTENT "
                        + "durability, or the reader TRANSIENT"),
                explain(E.withDurability(DurabilityKind.PERSISTENT), E.withDurability(DurabilityKind.TRANSIENT)));
    }

    @Test
    void deadline() {
        Qos r = E.with(new Qos.Deadline(Duration.ofMillis(100)));
        assertEquals(List.of(), explain(r, E.with(new Qos.Deadline(Duration.ofMillis(50)))));
        assertEquals(List.of(), explain(r, E.with(new Qos.Deadline(Duration.ofMillis(100)))));
        assertEquals(only(Check.DEADLINE, "deadline: reader 100 ms < writer 1 s",
                "reader requests a deadline of 100 ms, writer offers only 1 s: give the writer a deadline of 100 ms "
                        + "or less, or the reader 1 s or more"),
                explain(r, E.with(new Qos.Deadline(Duration.ofSeconds(1)))));
        assertEquals(only(Check.DEADLINE, "deadline: reader 100 ms < writer infinite",
                "reader requests a deadline of 100 ms, writer offers only infinite: give the writer a deadline of "
                        + "100 ms or less, or drop the reader's deadline"), explain(r, E));
    }

    @Test
    void latencyBudget() {
        Qos r = E.with(new Qos.LatencyBudget(Duration.ofMillis(10)));
        assertEquals(List.of(), explain(r, E));
        assertEquals(only(Check.LATENCY_BUDGET, "latency budget: reader 10 ms < writer 1.5 s",
                "reader requests a latency budget of 10 ms, writer offers 1.5 s: give the writer a latency budget "
                        + "of 10 ms or less, or the reader 1.5 s or more"),
                explain(r, E.with(new Qos.LatencyBudget(Duration.ofMillis(1500)))));
    }

    @Test
    void liveliness() {
        Qos r = E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_PARTICIPANT, Duration.ofSeconds(2)));
        assertEquals(List.of(), explain(r,
                E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(1)))));
        assertEquals(only(Check.LIVELINESS, "liveliness: reader MANUAL_BY_PARTICIPANT > writer AUTOMATIC",
                "reader requests MANUAL_BY_PARTICIPANT liveliness, writer offers AUTOMATIC: give the writer "
                        + "MANUAL_BY_PARTICIPANT liveliness or higher, or the reader AUTOMATIC"),
                explain(r, E.with(new Qos.Liveliness(LivelinessKind.AUTOMATIC, Duration.ofSeconds(1)))));
        assertEquals(only(Check.LIVELINESS, "liveliness lease: reader 2 s < writer 3 s",
                "reader requests a liveliness lease of 2 s, writer offers 3 s: give the writer a liveliness lease of "
                        + "2 s or less, or the reader 3 s or more"),
                explain(r, E.with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_PARTICIPANT, Duration.ofSeconds(3)))));
        // both parts wrong: one reason naming both, in the short text too
        List<MismatchReason> both = reasons(r, E);
        assertEquals(1, both.size());
        assertEquals(Check.LIVELINESS, both.get(0).check());
        assertEquals("liveliness: reader MANUAL_BY_PARTICIPANT > writer AUTOMATIC; liveliness lease: reader 2 s < "
                + "writer infinite", both.get(0).shortText());
        assertTrue(both.get(0).fullText().contains("AUTOMATIC")
                && both.get(0).fullText().contains("lease of 2 s, writer offers infinite"), both.get(0).fullText());
    }

    @Test
    void ownership() {
        Qos excl = E.with(new Qos.Ownership(OwnershipKind.EXCLUSIVE));
        assertEquals(List.of(), explain(excl, excl));
        assertEquals(only(Check.OWNERSHIP, "ownership: reader EXCLUSIVE ≠ writer SHARED", "reader requests "
                + "EXCLUSIVE ownership, writer offers SHARED: give both the same ownership kind"), explain(excl, E));
        assertEquals(only(Check.OWNERSHIP, "ownership: reader SHARED ≠ writer EXCLUSIVE", "reader requests "
                + "SHARED ownership, writer offers EXCLUSIVE: give both the same ownership kind"), explain(E, excl));
    }

    @Test
    void destinationOrder() {
        Qos src = E.with(new Qos.DestinationOrder(DestinationOrderKind.BY_SOURCE_TIMESTAMP));
        assertEquals(List.of(), explain(E, src));
        assertEquals(only(Check.DESTINATION_ORDER,
                "destination order: reader BY_SOURCE_TIMESTAMP > writer BY_RECEPTION_TIMESTAMP",
                "reader requests BY_SOURCE_TIMESTAMP destination order, writer offers BY_RECEPTION_TIMESTAMP: give "
                        + "the writer BY_SOURCE_TIMESTAMP destination order, or the reader BY_RECEPTION_TIMESTAMP"),
                explain(src, E));
    }

    @Test
    void presentation() {
        Qos group = E.with(new Qos.Presentation(AccessScope.GROUP, true, true));
        assertEquals(List.of(), explain(E.with(new Qos.Presentation(AccessScope.TOPIC, true, false)), group));
        assertEquals(only(Check.PRESENTATION, "presentation scope: reader TOPIC > writer INSTANCE",
                "reader requests TOPIC presentation scope, writer offers INSTANCE: give the writer TOPIC "
                        + "presentation scope or higher, or the reader INSTANCE"),
                explain(E.with(new Qos.Presentation(AccessScope.TOPIC, false, false)), E));
        assertEquals(only(Check.PRESENTATION, "coherent access: writer does not offer it; ordered access: writer "
                + "does not offer it", "reader requests coherent access, writer does not offer it; reader requests "
                        + "ordered access, writer does not offer it: turn on coherent access in the writer's publisher "
                        + "presentation QoS, or off in the reader's subscriber; turn on ordered access in the writer's "
                        + "publisher presentation QoS, or off in the reader's subscriber"),
                explain(E.with(new Qos.Presentation(AccessScope.INSTANCE, true, true)),
                        E.with(new Qos.Presentation(AccessScope.GROUP, false, false))));
    }

    @Test
    void dataRepresentation() {
        Qos both = E.with(new Qos.DataRepresentation(List.of(Qos.XCDR1, Qos.XCDR2)));
        Qos xcdr2 = E.with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
        assertEquals(List.of(), explain(both, xcdr2));
        // the writer uses only its first id: XCDR2 first, reader accepts XCDR1 only (the default)
        assertEquals(only(Check.DATA_REPRESENTATION, "data representation: reader XCDR1, writer XCDR2",
                "reader accepts data representation XCDR1, writer uses XCDR2: let the reader accept XCDR2, or list "
                        + "XCDR1 first in the writer's data representation"), explain(E, xcdr2));
        assertEquals(List.of(), explain(E, both));
        assertEquals(only(Check.DATA_REPRESENTATION, "data representation: reader XCDR2, writer XCDR1",
                "reader accepts data representation XCDR2, writer uses XCDR1: let the reader accept XCDR1, or list "
                        + "XCDR2 first in the writer's data representation"), explain(xcdr2, both));
    }

    @Test
    void typeNameDiffersNeedsTypeInformation() {
        var r = Fixtures.endpoint(EndpointKind.READER, "T", "a::Msg", E);
        var w = Fixtures.endpoint(EndpointKind.WRITER, "T", "b::Msg", E);
        Match m = MatchExplainer.match(r, w);
        assertFalse(m.matched());
        assertTrue(m.needsTypeInformation());
        assertEquals(1, m.reasons().size());
        MismatchReason why = m.reasons().get(0);
        assertEquals(Check.TYPE_NAME, why.check());
        assertEquals("type name: reader \"a::Msg\" ≠ writer \"b::Msg\"", why.shortText());
        assertEquals("type name differs: reader uses \"a::Msg\", writer \"b::Msg\" (they may still be assignable "
                + "under XTypes; type information of both sides would be needed to tell)", why.explanation());
        assertFalse(MatchExplainer.match(reader(E), writer(E)).needsTypeInformation());
    }

    @Test
    void partitionsAreChecked() {
        assertEquals(only(Check.PARTITION, "partition: reader \"a\" ≠ writer (default)",
                "no common partition: reader is in \"a\", writer in (default): add one of them to the other side's "
                        + "PARTITION QoS (or a pattern matching it)"), explain(E.withPartitions("a"), E));
        assertEquals(List.of(), explain(E.withPartitions("a*"), E.withPartitions("x", "abc")));
        // an explicit empty list is the default partition
        assertEquals(List.of(), explain(E.withPartitions(), E.withPartitions("")));
    }

    @Test
    void severalReasonsAreAllListed() {
        List<MismatchReason> reasons = reasons(E.withReliable().withDurability(DurabilityKind.TRANSIENT_LOCAL)
                .withPartitions("p"), E.withBestEffort());
        assertEquals(List.of(Check.PARTITION, Check.RELIABILITY, Check.DURABILITY),
                reasons.stream().map(MismatchReason::check).toList(), reasons.toString());
        assertEquals("partition: reader \"p\" ≠ writer (default); reliability: reader RELIABLE > writer BEST_EFFORT; "
                + "durability: reader TRANSIENT_LOCAL > writer VOLATILE", MismatchReason.shortTexts(reasons));
        assertTrue(MismatchReason.fullTexts(reasons).startsWith("no common partition"));
    }

    @Test
    void differentTopicsAreReportedAlone() {
        var r = Fixtures.endpoint(EndpointKind.READER, "A", "X", E.withReliable());
        var w = Fixtures.endpoint(EndpointKind.WRITER, "B", "Y", E.withBestEffort());
        assertEquals(only(Check.TOPIC, "topic: reader \"A\" ≠ writer \"B\"",
                "topic differs: reader is on \"A\", writer on \"B\""), MatchExplainer.explain(r, w).stream()
                        .map(x -> new Said(x.check(), x.shortText(), x.fullText())).toList());
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

    @Test
    void everyRuleNamesItsOwnCheck() {
        // a requested QoS every default offer fails, rule by rule: the reason carries the rule's check
        Qos strict = E.withReliable().withDurability(DurabilityKind.PERSISTENT)
                .with(new Qos.Deadline(Duration.ofMillis(1))).with(new Qos.LatencyBudget(Duration.ofMillis(1)))
                .with(new Qos.Liveliness(LivelinessKind.MANUAL_BY_TOPIC, Duration.ofMillis(1)))
                .with(new Qos.Ownership(OwnershipKind.EXCLUSIVE))
                .with(new Qos.DestinationOrder(DestinationOrderKind.BY_SOURCE_TIMESTAMP))
                .with(new Qos.Presentation(AccessScope.GROUP, true, true))
                .with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
        // the default offer is a latency budget of 0, which any request accepts: offer a long one
        Qos lax = E.withBestEffort().with(new Qos.LatencyBudget(Duration.ofSeconds(1)));
        for (QosRules.NamedRule r : QosRules.ALL) {
            MismatchReason why = r.rule().check(strict, lax);
            assertNotNull(why, r.policy());
            assertEquals(r.check(), why.check(), r.policy());
            assertTrue(why.shortText().startsWith(r.check().text()), why.shortText());
            assertTrue(why.explanation().length() > why.shortText().length(), why.explanation());
            assertFalse(why.fix().isEmpty(), "every QoS rule names a fix: " + why);
        }
    }
}
