package org.ddstuner.plot;

import java.util.Arrays;

/**
 * Fewer points that draw the same line: a chart {@code w} pixels wide needs at most the first, lowest, highest and
 * last point of each of {@code w} runs of consecutive points, so spikes survive and a 10,000-point series costs the
 * renderer a few thousand.
 */
public final class Decimation {

    private Decimation() {
    }

    /** The indexes of the points to draw (ascending); all of them when there are no more than 4 per bucket. */
    public static int[] keep(double[] y, int buckets) {
        int n = y.length;
        if (buckets < 1 || n <= 4L * buckets) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] out = new int[4 * buckets];
        int k = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) n * b / buckets);
            int to = (int) ((long) n * (b + 1) / buckets);
            if (from >= to) {
                continue;
            }
            int lo = from;
            int hi = from;
            for (int i = from + 1; i < to; i++) {
                if (y[i] < y[lo]) {
                    lo = i;
                }
                if (y[i] > y[hi]) {
                    hi = i;
                }
            }
            int[] four = {from, Math.min(lo, hi), Math.max(lo, hi), to - 1};
            int last = -1;
            for (int i : four) {
                if (i != last) {
                    out[k++] = i;
                    last = i;
                }
            }
        }
        return Arrays.copyOf(out, k);
    }
}
