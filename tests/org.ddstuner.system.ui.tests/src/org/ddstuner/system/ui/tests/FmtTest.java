package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.IllegalFormatException;

import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.tree.Fmt;
import org.junit.jupiter.api.Test;

/** Fmt.fill gives exactly what String.format gives for the patterns the tree builders use. */
class FmtTest {

    @Test
    void plainConversionsMatchStringFormat() {
        String[] patterns = { "%s", "%d writers", "%s — %s (%d) 100%% done", "no conversion", "%s%s", "", "%d%%" };
        Object[][] args = { { "a" }, { 42L }, { "x", null, -7 }, {}, { "ab", "c" }, {}, { 3 } };
        for (int i = 0; i < patterns.length; i++) {
            assertEquals(String.format(patterns[i], args[i]), Fmt.fill(patterns[i], args[i]), patterns[i]);
        }
    }

    @Test
    void everyMessagePatternMatchesStringFormat() {
        assertEquals(String.format(Messages.ENDPOINT_IN_TOPIC, "Writer", "proc 1", "[a, b]"),
                Fmt.fill(Messages.ENDPOINT_IN_TOPIC, "Writer", "proc 1", "[a, b]"));
        assertEquals(String.format(Messages.WRITERS, 12), Fmt.fill(Messages.WRITERS, 12));
        assertEquals(String.format(Messages.PLUS_GONE, 3L), Fmt.fill(Messages.PLUS_GONE, 3L));
    }

    @Test
    void otherConversionsFallBackToStringFormat() {
        assertEquals(String.format("%5s|%-3d|%x%n", "ab", 7, 255), Fmt.fill("%5s|%-3d|%x%n", "ab", 7, 255));
        assertEquals("2 of 3", Fmt.fill("%d of %d", 2, 3L));
        assertThrows(IllegalFormatException.class, () -> Fmt.fill("%d", "not a number"));
        assertThrows(IllegalFormatException.class, () -> Fmt.fill("%s and %s", "only one"));
    }
}
