package org.ddstuner.pother.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The discovery benchmark's writer match time: the agent's poll of the writer's matched readers can be scheduled
 * late on a busy machine, after the reader already had the writer's first sample (which proves the match).
 */
class DiscoveryWriterMatchTest {

    @Test
    void aFirstSampleBeforeThePolledMatchIsTheMatch() {
        // seen in a loaded run: the poll saw the match at 9.9 ms, the reader had the first sample at 5.4 ms
        assertEquals(5_369_873, DiscoveryBenchmark.writerMatch(9_928_011, 5_369_873));
        assertEquals(12_000_000, DiscoveryBenchmark.writerMatch(40_000_000, 12_000_000), "poll 28 ms late");
        assertEquals(12_000_000, DiscoveryBenchmark.writerMatch(-1, 12_000_000), "poll never saw it");
    }

    @Test
    void otherwiseThePolledMatchStands() {
        assertEquals(10_000_000, DiscoveryBenchmark.writerMatch(10_000_000, 12_000_000));
        assertEquals(10_000_000, DiscoveryBenchmark.writerMatch(10_000_000, -1), "no sample yet");
        assertEquals(-1, DiscoveryBenchmark.writerMatch(-1, -1));
    }
}
