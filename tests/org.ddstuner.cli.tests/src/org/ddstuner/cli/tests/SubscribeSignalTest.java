package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * {@code ddstuner subscribe} as its own process stopped with SIGTERM, as Ctrl-C would: it stops printing,
 * deletes its reader and prints its totals before the JVM exits. Domain 163.
 */
class SubscribeSignalTest {

    private static final int DOMAIN = 163;

    @Test
    void sigtermClosesTheReaderAndPrintsTheTotals() throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        try (PeerProcess peer = Peers.startCyclonePeer(DOMAIN, "--period-ms", "50");
                CliProcess sub = CliProcess.start("subscribe", "SensorData", "--domain", "" + DOMAIN, "--wait", "10")) {
            String first = sub.out.readLine();
            assertTrue(first != null && first.contains(" sensor_id="), first + "\n" + sub.stderr());
            sub.process.destroy(); // SIGTERM
            assertTrue(sub.process.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGTERM");
            assertEquals(143, sub.process.exitValue(), sub.stderr());
            assertTrue(sub.stderr().matches("(?s).*received \\d+ samples, printed \\d+, matched writers 1.*"),
                    sub.stderr());
        }
    }
}
