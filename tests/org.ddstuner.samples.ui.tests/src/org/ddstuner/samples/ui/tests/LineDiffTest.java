package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;

import org.ddstuner.samples.ui.type.LineDiff;
import org.junit.jupiter.api.Test;

/** The side by side view highlights exactly the lines outside the longest common subsequence. */
class LineDiffTest {

    @Test
    void changedAndAddedLinesAreMarkedOnTheirSide() {
        List<String> a = List.of("struct T {", "  long id;", "  double value;", "};");
        List<String> b = List.of("struct T {", "  long id;", "  float value;", "  string unit;", "};");
        boolean[][] c = LineDiff.changedLines(a, b);
        assertArrayEquals(new boolean[] { false, false, true, false }, c[0]);
        assertArrayEquals(new boolean[] { false, false, true, true, false }, c[1]);
    }

    @Test
    void sameTextsHaveNothingMarkedAndEmptyOnesWork() {
        List<String> a = List.of("x", "y");
        boolean[][] c = LineDiff.changedLines(a, a);
        assertArrayEquals(new boolean[] { false, false }, c[0]);
        assertArrayEquals(new boolean[] { false, false }, c[1]);
        boolean[][] e = LineDiff.changedLines(List.of(), a);
        assertArrayEquals(new boolean[0], e[0]);
        assertArrayEquals(new boolean[] { true, true }, e[1]);
    }
}
