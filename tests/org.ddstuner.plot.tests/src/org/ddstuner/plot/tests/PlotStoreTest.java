package org.ddstuner.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.time.Instant;
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
import org.ddstuner.plot.PlotCsv;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.PlotStore;
import org.ddstuner.plot.SeriesRing;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.junit.jupiter.api.Test;

/**
 * The series store fed by a real reader from a real libddsc writer (flat @final struct through the dds binding):
 * the plotted values and indexes are the ones written, the CSV holds exactly those with the reception times, a
 * small cap keeps the newest points, and a 50,000-sample burst leaves every series at its fixed size. Domains
 * 171–173.
 */
class PlotStoreTest extends LivePlot {

    private static final String IDL = "module plot { @final struct Reading { @key long id; long long seq; double value; }; };";

    private record Rig(Writer writer, SampleBuffer buf, ReaderSession reader, StructType type) {
        /** Through the type's codec (any value). */
        void write(int id, long seq, double value) {
            writer.write(Map.of("id", id, "seq", seq, "value", value));
        }

        /** Through the reused native buffer (fast enough for a burst; value stays 0.5). */
        void writeFast(int id, long seq) {
            writer.write(buf.setInt32(type.indexOf("id"), id).setInt64(type.indexOf("seq"), seq));
        }
    }

    private Rig rig(int domain, String topicName, int capacity) throws Exception {
        Connection c = connect(domain);
        Participant p = closeAfterTest(c.domain().createParticipant());
        StructType t = StructType.builder("plot::Reading").key("id", MemberKind.INT32).member("seq", MemberKind.INT64)
                .member("value", MemberKind.FLOAT64).build();
        Topic topic = closeAfterTest(p.createTopic(topicName, t, null));
        Writer w = closeAfterTest(p.createWriter(topic, Qos.EMPTY.withReliable().withKeepAll()));
        ResolvedType type = imported(c, topicName, "plot::Reading", IDL);
        ReaderSession r = reader(c, type, topicName, capacity);
        await("the reader matched", () -> r.matchedWriters() == 1, () -> r.stats().toString());
        SampleBuffer buf = closeAfterTest(new SampleBuffer(t, Map.of("id", 0, "seq", 0L, "value", 0.5)));
        return new Rig(w, buf, r, t);
    }

    @Test
    void valuesIndexesAndCsvAreTheSamplesWritten() throws Exception {
        Rig rig = rig(171, "PlotValues", 10_000);
        PlotStore store = closeAfterTest(new PlotStore());
        PlotSeries value = store.add("PlotValues", rig.reader(), "value");
        PlotSeries seq = store.add("PlotValues", rig.reader(), "seq");
        assertSame(value, store.add("PlotValues", rig.reader(), "value"), "the same field twice is one series");
        int n = 300;
        for (int i = 0; i < n; i++) {
            rig.write(7, 1000 + i, i * 0.25 - 20);
        }
        await("all samples plotted", () -> {
            store.pollNow();
            return value.ring().appended() == n && seq.ring().appended() == n;
        }, value::toString);
        SeriesRing.Points p = value.ring().snapshot();
        List<ReceivedSample> got = rig.reader().samples();
        assertEquals(n, p.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i * 0.25 - 20, p.value()[i], 0.0, "value of sample " + i);
            assertEquals(i, p.index()[i]);
            Instant at = got.get(i).receivedAt();
            assertEquals(at.getEpochSecond() * 1_000_000L + at.getNano() / 1000, p.timeMicros()[i]);
        }
        SeriesRing.Points q = seq.ring().snapshot();
        assertEquals(1000, q.value()[0], 0.0);
        assertEquals(1000 + n - 1, q.value()[n - 1], 0.0);
        assertEquals(0, value.skipped());

        StringWriter csv = new StringWriter();
        assertEquals(2L * n, PlotCsv.write(store.series(), csv));
        List<String> lines = csv.toString().lines().toList();
        assertEquals(PlotCsv.HEADER, lines.get(0));
        assertEquals(1 + 2 * n, lines.size());
        for (int i = 0; i < n; i++) {
            String[] f = lines.get(1 + i).split(",");
            assertEquals("PlotValues \u00b7 value", f[0]);
            assertEquals("PlotValues", f[1]);
            assertEquals("value", f[2]);
            assertEquals(i, Integer.parseInt(f[3]));
            Instant at = got.get(i).receivedAt();
            assertEquals(at.getEpochSecond() * 1_000_000L + at.getNano() / 1000,
                    Instant.parse(f[4]).getEpochSecond() * 1_000_000L + Instant.parse(f[4]).getNano() / 1000);
            assertEquals(i * 0.25 - 20, Double.parseDouble(f[5]), 0.0, lines.get(1 + i));
            String[] s = lines.get(1 + n + i).split(",");
            assertEquals("seq", s[2]);
            assertEquals(1000 + i, Double.parseDouble(s[5]), 0.0);
        }

        store.remove(seq);
        assertEquals(List.of(value), store.series());
    }

    @Test
    void aSeriesOfAKeyedTopicFollowsOneInstance() throws Exception {
        Rig rig = rig(175, "PlotKeys", 10_000);
        PlotStore store = closeAfterTest(new PlotStore());
        for (int i = 0; i < 60; i++) {
            rig.write(i % 3, i, 100 * (i % 3) + i);
        }
        await("60 samples", () -> rig.reader().stats().received() == 60, () -> rig.reader().stats().toString());
        ReceivedSample ofTwo = rig.reader().samples().stream().filter(x -> Integer.valueOf(2).equals(x.field("id")))
                .findFirst().orElseThrow();
        PlotSeries two = store.add("PlotKeys", rig.reader(), "value", ofTwo);
        PlotSeries all = store.add("PlotKeys", rig.reader(), "value");
        assertEquals("PlotKeys \u00b7 value [id=2]", two.id());
        assertEquals("PlotKeys \u00b7 value", all.id());
        store.pollNow();
        double[] got = two.ring().snapshot().value();
        assertEquals(20, got.length);
        for (int k = 0; k < 20; k++) {
            assertEquals(200 + 3 * k + 2, got[k], 0.0, "sample " + k + " of instance 2");
        }
        assertEquals(60, all.ring().size());
    }

    @Test
    void aSmallCapKeepsTheNewestPoints() throws Exception {
        Rig rig = rig(172, "PlotCap", 10_000);
        PlotStore store = closeAfterTest(new PlotStore(50));
        PlotSeries value = store.add("PlotCap", rig.reader(), "value");
        for (int i = 0; i < 120; i++) {
            rig.write(1, i, i);
        }
        await("120 samples seen", () -> {
            store.pollNow();
            return value.ring().appended() == 120;
        }, value::toString);
        SeriesRing.Points p = value.ring().snapshot();
        assertEquals(50, p.size());
        assertEquals(70, p.value()[0], 0.0, "the oldest kept is the 71st written");
        assertEquals(119, p.value()[49], 0.0);
        assertEquals(70, p.index()[0]);
        assertEquals(50L * SeriesRing.BYTES_PER_POINT, store.retainedBytes());
        assertThrows(IllegalArgumentException.class, () -> new PlotStore(PlotStore.MAX_POINTS + 1));
        for (int i = 1; i < PlotStore.MAX_SERIES; i++) {
            store.add("PlotCap", rig.reader(), "seq" + i);
        }
        assertThrows(IllegalStateException.class, () -> store.add("PlotCap", rig.reader(), "id"),
                "more than " + PlotStore.MAX_SERIES + " series");
    }

    @Test
    void aBurstOf50kSamplesKeepsEverySeriesAtItsCap() throws Exception {
        int burst = 50_000;
        Rig rig = rig(173, "PlotBurst", burst);
        PlotStore store = closeAfterTest(new PlotStore());
        PlotSeries value = store.add("PlotBurst", rig.reader(), "value");
        PlotSeries seq = store.add("PlotBurst", rig.reader(), "seq");
        long capBytes = 2L * PlotStore.MAX_POINTS * SeriesRing.BYTES_PER_POINT;
        assertEquals(capBytes, store.retainedBytes(), "the rings are allocated at their cap once");
        store.start(); // the feed thread polls while the burst arrives, as in the view
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < burst; i++) {
            rig.writeFast(1, i);
        }
        await("the whole burst plotted", () -> value.ring().appended() + value.missed() >= burst
                && seq.ring().appended() + seq.missed() >= burst, () -> value + " / " + seq + " / "
                        + rig.reader().stats());
        assertEquals(0, value.missed(), "the reader holds the whole burst: nothing to miss");
        assertEquals(burst, value.ring().appended());
        assertEquals(PlotStore.MAX_POINTS, value.ring().size());
        assertEquals(PlotStore.MAX_POINTS, seq.ring().size());
        assertEquals(capBytes, store.retainedBytes(), "bounded: " + store.retainedBytes() + " bytes");
        SeriesRing.Points p = seq.ring().snapshot();
        assertEquals(burst - PlotStore.MAX_POINTS, p.value()[0], 0.0);
        assertEquals(burst - 1, p.value()[p.size() - 1], 0.0);
        assertEquals(0.5, value.ring().snapshot().value()[0], 0.0);
        assertEquals(burst - 1, p.index()[p.size() - 1]);
        // what the plot itself holds on the heap: its rings (fixed) and one snapshot copy while drawing
        System.out.printf("plot-burst: samples=%d points_kept=%d plot_bytes=%d heap_used_mb=%.1f%n", burst,
                value.ring().size() + seq.ring().size(), store.retainedBytes(),
                (rt.totalMemory() - rt.freeMemory()) / 1e6);
    }
}
