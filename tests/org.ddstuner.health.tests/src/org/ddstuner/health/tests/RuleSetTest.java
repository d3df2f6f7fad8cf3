package org.ddstuner.health.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.ddstuner.health.Condition;
import org.ddstuner.health.Rule;
import org.ddstuner.health.RuleSet;
import org.ddstuner.health.RulesFileException;
import org.ddstuner.health.Severity;
import org.junit.jupiter.api.Test;

/** Rules files: what is read, defaults, and errors that say where (line and column of the value at fault). */
class RuleSetTest {

    @Test
    void readsRulesWithDefaults() throws Exception {
        RuleSet rs = RuleSet.parse("""
                { "version": 1, "rules": [
                  { "name": "dl", "when": "deadline-missed", "topic": "Sensor*", "participant": "robot_?",
                    "threshold": 2, "window": 1.5, "severity": "error" },
                  { "when": "silence", "topic": "rt/chatter" },
                  { "name": "gaps", "when": "sample-lost", "sequenceField": "count" } ] }
                """, "t.json");
        assertEquals(3, rs.rules().size());
        assertEquals("count", rs.rules().get(2).sequenceField());
        Rule dl = rs.rules().get(0);
        assertEquals(Condition.DEADLINE_MISSED, dl.condition());
        assertTrue(dl.topic().matches("SensorData"));
        assertTrue(!dl.topic().matches("Senso"));
        assertTrue(dl.participant().matches("robot_1"));
        assertEquals(2, dl.threshold());
        assertEquals(Duration.ofMillis(1500), dl.window());
        assertEquals(Severity.ERROR, dl.severity());
        Rule s = rs.rules().get(1);
        assertEquals("silence-2", s.name());
        assertEquals(5, s.threshold());
        assertEquals(Severity.WARNING, s.severity());
        assertTrue(s.participant().matchesAll());
        // what toJson writes reads back the same
        assertEquals(rs, RuleSet.parse(rs.toJson(), "again"));
    }

    @Test
    void unknownConditionIsReportedAtItsValue() {
        var e = assertThrows(RulesFileException.class, () -> RuleSet.parse("""
                {"rules": [
                  {"when": "deadline-missed"},
                  {"when": "deadline-mised", "severity": "error"}
                ]}""", "rules.json"));
        assertEquals(3, e.line(), e.getMessage());
        assertEquals(12, e.column(), e.getMessage());
        assertTrue(e.getMessage().startsWith("rules.json: line 3, column 12: unknown condition \"deadline-mised\""),
                e.getMessage());
    }

    @Test
    void badJsonUnknownMemberSeverityAndDuplicates() {
        var json = assertThrows(RulesFileException.class, () -> RuleSet.parse("{\"rules\": [\n  {\"when\": }\n]}", "f"));
        assertEquals(2, json.line(), json.getMessage());
        assertTrue(json.getMessage().contains("not valid JSON"), json.getMessage());
        var member = assertThrows(RulesFileException.class,
                () -> RuleSet.parse("{\"rules\": [{\"when\": \"silence\",\n \"treshold\": 3}]}", "f"));
        assertEquals(2, member.line(), member.getMessage());
        assertTrue(member.getMessage().contains("unknown member \"treshold\""), member.getMessage());
        var sev = assertThrows(RulesFileException.class,
                () -> RuleSet.parse("{\"rules\": [{\"when\": \"silence\", \"severity\": \"fatal\"}]}", "f"));
        assertEquals(44, sev.column(), sev.getMessage());
        var dup = assertThrows(RulesFileException.class, () -> RuleSet.parse(
                "{\"rules\": [{\"name\": \"a\", \"when\": \"silence\"},\n{\"name\": \"a\", \"when\": \"no-writers\"}]}", "f"));
        assertEquals(2, dup.line(), dup.getMessage());
        var neg = assertThrows(RulesFileException.class,
                () -> RuleSet.parse("{\"rules\": [{\"when\": \"silence\", \"threshold\": -1}]}", "f"));
        assertTrue(neg.getMessage().contains("must be a number"), neg.getMessage());
        var seq = assertThrows(RulesFileException.class,
                () -> RuleSet.parse("{\"rules\": [{\"when\": \"silence\", \"sequenceField\": \"n\"}]}", "f"));
        assertTrue(seq.getMessage().contains("belongs to a sample-lost rule"), seq.getMessage());
        var none = assertThrows(RulesFileException.class, () -> RuleSet.parse("{\"rule\": []}", "f"));
        assertTrue(none.getMessage().contains("unknown member \"rule\""), none.getMessage());
    }
}
