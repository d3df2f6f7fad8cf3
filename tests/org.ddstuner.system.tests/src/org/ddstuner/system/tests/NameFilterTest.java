package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.junit.jupiter.api.Test;

class NameFilterTest {

    @Test
    void substringIsCaseInsensitive() {
        NameFilter f = NameFilter.substring("Chat");
        assertTrue(f.test("rt/chatter"));
        assertFalse(f.test("rt/parameter_events"));
        assertTrue(NameFilter.substring("").test("anything"));
        assertTrue(NameFilter.substring("").isAll());
    }

    @Test
    void regexFindsAnywhere() {
        NameFilter f = NameFilter.regex("^rt/(chat|talk)");
        assertTrue(f.test("rt/chatter"));
        assertTrue(f.test("RT/TALKER"));
        assertFalse(f.test("x/rt/chatter"));
    }

    @Test
    void badRegexHasAClearMessage() {
        var e = assertThrows(IllegalArgumentException.class, () -> NameFilter.of("[abc", true));
        assertEquals("invalid regular expression \"[abc\": Unclosed character class at position 4", e.getMessage());
        // the same text as a substring is fine
        assertTrue(NameFilter.of("[abc", false).test("x[abcx"));
    }

    @Test
    void entitiesMatchOnTheirNames() {
        SystemModel m = new SystemModel();
        Guid p = Fixtures.participant(1);
        Guid w = Fixtures.endpoint(p, 1, EndpointKind.WRITER);
        m.apply(Fixtures.participantSeen(p, "talker", Map.of("__Hostname", "robot-7", "__ProcessName", "talkerd")));
        m.apply(Fixtures.writer(w, p, "rt/chatter", "std_msgs::msg::dds_::String_", Qos.EMPTY));
        SystemSnapshot s = m.snapshot();
        var part = s.participant(p).orElseThrow();
        var ep = s.endpoint(w).orElseThrow();
        assertTrue(NameFilter.substring("robot-7").matches(part));
        assertTrue(NameFilter.substring("cyclone").matches(part));
        assertFalse(NameFilter.substring("listener").matches(part));
        assertTrue(NameFilter.regex("String_$").matches(ep));
        assertTrue(NameFilter.substring("chatter").matches(s.topic("rt/chatter").orElseThrow()));
        assertTrue(NameFilter.substring("default").matches(s.partitions().get(0)));
    }
}
