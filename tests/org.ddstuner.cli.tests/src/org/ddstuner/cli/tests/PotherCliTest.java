package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;

/** {@code ddstuner pother-run --local}: two agents in this JVM, a real pair on loopback-only domain 225. */
class PotherCliTest {

    @Test
    void potherRunDrivesALatencyPairAndPrintsThePotherTable() {
        Result r = CliTest.run("pother-run", "--local", "--no-save", "--domain", "225", "--count", "300", "--period-ms",
                "200", "--size", "128");
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("RESULT sent=300 echoes=300"), r.out());
        assertTrue(r.out().contains("trip latency") && r.out().contains("99.9%"), r.out());
        assertTrue(r.out().matches("(?s).*rss \\d+ MiB.*"), r.out());
    }

    @Test
    void potherRunDrivesAThroughputPairWithoutLoss() {
        Result r = CliTest.run("pother-run", "--local", "--no-save", "--throughput", "--domain", "225", "--count",
                "5000", "--period-ms", "200");
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("RESULT received=5000 lost=0 out_of_order=0"), r.out());
    }

    @Test
    void badPotherOptionsGiveClearErrors() {
        Result noApp = CliTest.run("pother", "--domain", "225");
        assertEquals(2, noApp.code());
        assertTrue(noApp.err().contains("--app-id"), noApp.err());
        Result badApp = CliTest.run("pother", "--app-id", "-4");
        assertEquals(2, badApp.code());
        assertTrue(badApp.err().contains("--app-id takes a whole number"), badApp.err());
        Result same = CliTest.run("pother-run", "--transceiver-app", "3", "--transponder-app", "3");
        assertEquals(2, same.code());
        assertTrue(same.err().contains("different app ids"), same.err());
        Result none = CliTest.run("pother-run", "--domain", "225", "--agent-wait", "0.5");
        assertEquals(1, none.code());
        assertTrue(none.err().contains("did not both announce themselves"), none.err());
    }
}
