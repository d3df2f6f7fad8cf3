package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.junit.jupiter.api.Test;

/**
 * A burst written as fast as one thread can into a reader whose KEEP_LAST history is far smaller than the
 * burst: the session's data-available listener takes on Cyclone's delivering thread once a quarter of the
 * history is untaken, so nothing is overwritten however late the drain thread runs (before, a drain thread
 * off the CPU for 100 ms lost a 50,000 samples/s topic's samples). Samples are stored undecoded and decode
 * on first use, with the values written. Domain 100.
 */
class ReaderBurstTest extends Live {

    private static final int DOMAIN = 100;
    private static final String IDL = "module burst { @final struct Sample { @key long id; long long seq; double value; }; };";
    private static final int BURST = 20_000;
    private static final int DEPTH = 40;

    @Test
    void aBurstFarLargerThanTheHistoryArrivesWhole() throws Exception {
        Connection c = connect(DOMAIN);
        Participant p = closeAfterTest(c.domain().createParticipant());
        StructType t = StructType.builder("burst::Sample").key("id", MemberKind.INT32).member("seq", MemberKind.INT64)
                .member("value", MemberKind.FLOAT64).build();
        Topic topic = closeAfterTest(p.createTopic("Burst", t, null));
        Writer w = closeAfterTest(p.createWriter(topic, Qos.EMPTY.withReliable().withKeepAll()));
        awaitModel(c, "the Burst writer", s -> s.topic("Burst").isPresent());
        ImportedTypes imported = new ImportedTypes();
        imported.importText("burst.idl", IDL);
        ResolvedType type = closeAfterTest(new TypeResolver(c, imported).resolve("Burst",
                TypeResolver.Options.DEFAULT.withSources(TypeSource.IMPORTED)));
        DerivedQos d = QosDeriver.forReader(c.model().snapshot(), "Burst");
        d = d.withQos(d.qos().withKeepLast(DEPTH));
        ReaderSession r = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(d).withCapacity(BURST)));
        await("the reader matched", () -> r.matchedWriters() == 1, () -> r.stats().toString());

        try (SampleBuffer buf = new SampleBuffer(t, Map.of("id", 0, "seq", 0L, "value", 0.5))) {
            int id = t.indexOf("id");
            int seq = t.indexOf("seq");
            for (int i = 0; i < BURST; i++) {
                w.write(buf.setInt32(id, i % 4).setInt64(seq, i));
            }
        }
        await("the whole burst", () -> r.stats().received() >= BURST, () -> r.stats().toString());
        SessionStats st = r.stats();
        assertEquals(BURST, st.received(), st.toString());
        assertTrue(st.takenInListener() >= 0 && st.takenInListener() <= BURST, st.toString());

        // every sample once (a take returns them grouped by instance, each instance's in the order written)
        List<ReceivedSample> got = r.samples();
        assertEquals(BURST, got.size());
        boolean[] seen = new boolean[BURST];
        long[] lastOf = {-1, -1, -1, -1};
        for (ReceivedSample x : got) {
            int seq = (int) (long) (Long) x.field("seq");
            int id = (Integer) x.field("id");
            assertEquals(seq % 4, id);
            assertTrue(!seen[seq], "seq " + seq + " twice");
            seen[seq] = true;
            assertTrue(seq > lastOf[id], "instance " + id + " in the order written");
            lastOf[id] = seq;
        }
        assertEquals(0, r.stats().decodeErrors());

        // the per-instance view: 4 instances, each with its latest sample and its count
        List<InstanceView> inst = r.instances();
        assertEquals(4, inst.size());
        for (InstanceView v : inst) {
            int id = (Integer) v.latest().field("id");
            assertEquals(BURST / 4, v.samples());
            assertEquals((long) (BURST - 4 + id), v.latest().field("seq"));
            assertEquals(v.latest().seq(), v.lastSeq());
        }
        // a filter decodes what it reads
        assertEquals(BURST / 4, SampleFilter.parse("id == 3").apply(got).size());
    }
}
