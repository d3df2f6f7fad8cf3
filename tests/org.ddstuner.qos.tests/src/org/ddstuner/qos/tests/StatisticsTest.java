package org.ddstuner.qos.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.qos.EndpointStatistics;
import org.ddstuner.qos.StatisticsSeries;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * libddsc's statistics of own endpoints, sampled into a bounded series. To make a counter move, the writer's
 * domain has a tiny write-history high watermark (4 kB, not adaptive; Cyclone 0.10.2 rejects
 * a high mark below its initial one as "Invalid watermark settings") and the reader is in another process
 * (the Cyclone 11 Python {@code qos_watcher --blob-reader}, reliable keep-all), so each 8 KiB write waits for
 * acknowledgements: throttle_count and time_throttle must grow. Retransmits need lost packets, which loopback
 * does not lose: rexmit_bytes/time_rexmit are only checked to be present and never to decrease.
 */
class StatisticsTest {

    private static final int DOMAIN = 65;

    @Test
    void writerThrottlingIsCountedAndEveryCounterOnlyGrows() throws Exception {
        NetNs.requireIsolated();
        String config = CycloneConfig.loopbackOnly().replace("<Internal>", "<Internal>\n"
                + "<Watermarks><WhcHigh>4 kB</WhcHigh><WhcHighInit>4 kB</WhcHighInit><WhcLow>1 kB</WhcLow>"
                + "<WhcAdaptive>false</WhcAdaptive></Watermarks>");
        try (Domain domain = Domain.create(DOMAIN, config);
                PeerProcess watcher = Peers.start("qos_watcher", DOMAIN, "--topic", "QosBlob", "--blob-reader")) {
            Participant p = domain.createParticipant();
            StructType type = StructType.builder("ddstuner::Blob").key("id", MemberKind.INT32).octetSequence("data").build();
            Topic topic = p.createTopic("QosBlob", type, null);
            Qos reliable = Qos.EMPTY.withReliable().withKeepAll();
            Writer w = p.createWriter(topic, reliable);
            Reader own = p.createReader(topic, reliable);
            RecreateTuningTest.waitUntil(() -> w.publicationMatched().currentCount() == 2,
                    "the writer matches our reader and the watcher's reader in another process");
            assertTrue(EndpointStatistics.supported(), "libddsc 0.10.2 exports the statistics API");
            try (EndpointStatistics ws = new EndpointStatistics(w, 8); EndpointStatistics rs = new EndpointStatistics(own, 8)) {
                StatisticsSeries.Point first = ws.sample();
                assertTrue(first.values().keySet().containsAll(EndpointStatistics.WRITER_KEYS), first.values()::toString);
                assertTrue(rs.sample().values().containsKey("discarded_bytes"));
                byte[] data = new byte[8192];
                for (int i = 0; i < 200; i++) {
                    w.write(Map.of("id", i % 4, "data", data));
                    if (i % 20 == 19) {
                        ws.sample();
                        rs.sample();
                        own.take(1000);
                    }
                }
                StatisticsSeries.Point last = ws.sample();
                System.out.println("StatisticsTest: writer " + first.values() + " -> " + last.values() + ", reader "
                        + rs.series().points().getLast().values());
                assertEquals(8, ws.series().size(), "bounded: the oldest points were dropped");
                assertTrue(last.values().get("throttle_count") > first.values().get("throttle_count"),
                        () -> "writes beyond the 4 kB watermark to a remote reliable reader throttle: " + first + " → " + last);
                assertTrue(last.values().get("time_throttle") > first.values().get("time_throttle"), last::toString);
                for (String key : EndpointStatistics.WRITER_KEYS) {
                    nonDecreasing(ws.series().values(key), key);
                }
                nonDecreasing(rs.series().values("discarded_bytes"), "discarded_bytes");
                assertTrue(ws.series().points().get(0).timeNanos() <= last.timeNanos());

                // periodic sampling (what a chart will pull from) keeps the series bounded
                int before = rs.series().size();
                rs.start(java.time.Duration.ofMillis(20));
                RecreateTuningTest.waitUntil(() -> rs.series().size() == rs.series().capacity(),
                        "periodic sampling fills the reader's series (had " + before + ")");
                Thread.sleep(100);
                assertEquals(rs.series().capacity(), rs.series().size(), "never more than its capacity");
            }
        }
    }

    private static void nonDecreasing(List<Long> values, String key) {
        assertTrue(values.size() >= 2, key + " sampled: " + values);
        for (int i = 1; i < values.size(); i++) {
            assertTrue(values.get(i) >= values.get(i - 1), key + " never decreases: " + values);
        }
    }
}
