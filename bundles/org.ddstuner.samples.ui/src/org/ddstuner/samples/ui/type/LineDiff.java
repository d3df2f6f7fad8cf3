package org.ddstuner.samples.ui.type;

import java.util.List;

/**
 * Which lines of two texts are not part of their longest common subsequence of lines: what a side by
 * side view highlights. Quadratic, for type definitions of a few hundred lines.
 */
public final class LineDiff {

    /** Past this many lines on a side, every line is "changed" rather than spend time and memory. */
    private static final int MAX_LINES = 4000;

    private LineDiff() {
    }

    /** {@code [changedInA, changedInB]}, one flag per line. */
    public static boolean[][] changedLines(List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        boolean[] ca = new boolean[n];
        boolean[] cb = new boolean[m];
        if (n > MAX_LINES || m > MAX_LINES) {
            java.util.Arrays.fill(ca, true);
            java.util.Arrays.fill(cb, true);
            return new boolean[][] { ca, cb };
        }
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            if (a.get(i).equals(b.get(j))) {
                i++;
                j++;
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                ca[i++] = true;
            } else {
                cb[j++] = true;
            }
        }
        while (i < n) {
            ca[i++] = true;
        }
        while (j < m) {
            cb[j++] = true;
        }
        return new boolean[][] { ca, cb };
    }
}
