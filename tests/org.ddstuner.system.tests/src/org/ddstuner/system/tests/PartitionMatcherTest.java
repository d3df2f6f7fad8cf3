package org.ddstuner.system.tests;

import static org.ddstuner.system.match.PartitionMatcher.namesMatch;
import static org.ddstuner.system.match.PartitionMatcher.share;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class PartitionMatcherTest {

    @Test
    void plainNamesMatchExactly() {
        assertTrue(namesMatch("sensors", "sensors"));
        assertFalse(namesMatch("sensors", "Sensors"));
        assertFalse(namesMatch("sensors", "sensors2"));
    }

    @Test
    void starAndQuestionMarkOnOneSide() {
        assertTrue(namesMatch("sens*", "sensors"));
        assertTrue(namesMatch("sensors", "sens*")); // pattern may be on either side
        assertTrue(namesMatch("*", "anything"));
        assertTrue(namesMatch("*", ""));
        assertTrue(namesMatch("a?c", "abc"));
        assertFalse(namesMatch("a?c", "ac"));
        assertTrue(namesMatch("*/front/*", "robot1/front/camera"));
        assertFalse(namesMatch("*/front/*", "robot1/back/camera"));
        assertTrue(namesMatch("a*b*c", "aXXbYYc"));
        assertFalse(namesMatch("a*b*c", "aXXbYY"));
        assertTrue(namesMatch("**", "x"));
    }

    @Test
    void twoPatternsNeverMatch() {
        assertFalse(namesMatch("a*", "a*"));
        assertFalse(namesMatch("a*", "*"));
        assertFalse(namesMatch("?", "*"));
    }

    @Test
    void defaultPartitionIsTheEmptyName() {
        assertTrue(share(List.of(), List.of()));
        assertTrue(share(List.of(), List.of("")));
        assertTrue(share(List.of(), List.of("*")));   // "*" matches the empty name
        assertFalse(share(List.of(), List.of("a")));
        assertFalse(share(List.of(), List.of("?")));  // "?" needs one character
    }

    @Test
    void anyPairSharing() {
        assertTrue(share(List.of("a", "b"), List.of("c", "b")));
        assertFalse(share(List.of("a", "b"), List.of("c", "d")));
        assertTrue(share(List.of("x*", "q"), List.of("c", "xyz")));
        assertFalse(share(List.of("x*"), List.of("y*", "z")));
    }
}
