package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.health.Condition;
import org.ddstuner.health.Rule;
import org.ddstuner.health.Severity;
import org.ddstuner.health.WatchRequest;
import org.junit.jupiter.api.Test;

/** The rules a watch asked for from the desktop makes (the live behaviour is in WatchRequestsUiTest). */
class WatchRequestTest {

    @Test
    void aTopicWatchKeepsThePlainNamesAndAddsRateAndSilence() {
        WatchRequest r = WatchRequest.topic("Sensor", 10.0, 3.0, Severity.ERROR);
        List<Rule> rules = r.rules().rules();
        assertEquals(List.of("deadline-missed", "liveliness-lost", "sample-lost", "sample-rejected", "incompatible-qos",
                "type-mismatch", "no-writers", "no-readers", "rate-below", "silence"), rules.stream().map(Rule::name).toList());
        assertTrue(rules.stream().allMatch(x -> x.topic().matches("Sensor") && !x.topic().matches("Sensor2")
                && x.participant().matchesAll() && x.severity() == Severity.ERROR));
        Rule rate = rules.stream().filter(x -> x.condition() == Condition.RATE_BELOW).findFirst().orElseThrow();
        assertEquals(10.0, rate.threshold());
        assertEquals(List.of("Sensor"), r.requestedTopics());
    }

    @Test
    void usualSeveritiesWhenNoneIsChosen() {
        List<Rule> rules = WatchRequest.topic("T", null, null, null).rules().rules();
        assertEquals(8, rules.size(), "no rate or silence rule unless asked");
        assertEquals(Severity.ERROR, rules.get(0).severity());
        assertEquals(Severity.WARNING, rules.get(2).severity());
    }

    @Test
    void participantWatchesFollowWhatItWritesOrTakeWhatItReads() {
        WatchRequest writes = new WatchRequest(WatchRequest.Scope.WRITES, "robot_1", List.of(), null, 5.0, null);
        assertEquals(List.of(), writes.requestedTopics(), "followed by the rules' participant pattern");
        assertTrue(writes.rules().rules().stream().allMatch(x -> x.topic().matchesAll()
                && x.participant().matches("robot_1") && x.name().startsWith("watch robot_1: ")));
        assertEquals("everything robot_1 writes", writes.label());
        WatchRequest reads = new WatchRequest(WatchRequest.Scope.READS, "robot_1", List.of("A", "B"), null, null, null);
        assertEquals(List.of("A", "B"), reads.requestedTopics());
        assertEquals(16, reads.rules().rules().size());
        assertTrue(reads.sameTarget(new WatchRequest(WatchRequest.Scope.READS, "robot_1", List.of("C"), 1.0, null, null)));
    }

    @Test
    void aRateFloorOrSilenceOfZeroIsRefused() {
        assertEquals("the rate floor must be more than 0 samples/s", assertThrows(IllegalArgumentException.class,
                () -> WatchRequest.topic("T", 0.0, null, null)).getMessage());
        assertEquals("the silence must be more than 0 s", assertThrows(IllegalArgumentException.class,
                () -> WatchRequest.topic("T", null, -1.0, null)).getMessage());
    }

    @Test
    void aSequenceFieldGoesToTheSampleLostRuleOnly() {
        WatchRequest r = new WatchRequest(WatchRequest.Scope.TOPIC, "Flood", List.of(), null, null, null, " seq ");
        assertEquals("seq", r.sequenceField());
        List<Rule> rules = r.rules().rules();
        assertEquals(List.of("seq"), rules.stream().filter(x -> x.sequenceField() != null).map(Rule::sequenceField)
                .toList());
        assertEquals(Condition.SAMPLE_LOST, rules.stream().filter(x -> x.sequenceField() != null).findFirst()
                .orElseThrow().condition());
        assertTrue(r.parameters().contains("gaps in seq"), r.parameters());
        assertEquals(null, new WatchRequest(WatchRequest.Scope.TOPIC, "Flood", List.of(), null, null, null, " ")
                .sequenceField(), "blank: none");
        assertEquals("the sequence field is not a field name: \"seq no\"", assertThrows(IllegalArgumentException.class,
                () -> new WatchRequest(WatchRequest.Scope.TOPIC, "Flood", List.of(), null, null, null, "seq no"))
                .getMessage());
    }
}
