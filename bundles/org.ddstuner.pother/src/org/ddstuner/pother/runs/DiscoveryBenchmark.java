package org.ddstuner.pother.runs;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * The discovery benchmark ({@link RunDefinition.Kind#DISCOVERY}) on two agents. Each iteration the second agent
 * creates a fresh receiver and, once its reader is there, the first agent a fresh transmitter, which sends at the
 * run's rate from its creation on: writer created → first matched reader, writer created → first sample at the
 * reader (both agents' clocks: one host, or synchronised ones), the samples written before the match and those
 * before that first sample, which never reached it (missed). Then, once the first reader has had {@value #FLOWING}
 * samples, a second fresh receiver joins the running writer: created → match, → first sample, and the samples the
 * writer sent before the first one it got (volatile: everything before it was discovered; transient local with
 * enough history: none). See {@link DiscoveryResult} for why the first part rarely misses anything on one host. Even
 * iterations give the fresh writer and the joining reader a participant of their own, so participant discovery is
 * timed too; odd ones use the agent's participant (endpoint discovery only). Iterations repeat until the duration is
 * over (at least one), each with names of its own so a late report of one is never taken for the next.
 */
final class DiscoveryBenchmark {

    /** Bounds a long run: each iteration creates and deletes entities (and every other one a participant). */
    static final int MAX_ITERATIONS = 200;
    /** Samples the first reader must have had before the late one joins. */
    static final int FLOWING = 2;
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final PotherController controller;
    private final RunDefinition d;
    private final int sender;
    private final int receiver;
    private final ReportSink sink;
    private final BlockingQueue<PotherReport> queue;
    private final BooleanSupplier stop;
    private final String base;
    private final Set<String> names = new HashSet<>(); // every test of the run: late reports still carry CPU/RSS
    private String failure;
    private final AgentWatch watch;

    DiscoveryBenchmark(PotherController controller, RunDefinition d, List<Integer> ids, ReportSink sink,
            BlockingQueue<PotherReport> queue, BooleanSupplier stop) {
        this.controller = controller;
        this.d = d;
        this.sender = ids.get(0);
        this.receiver = ids.get(1);
        this.sink = sink;
        this.queue = queue;
        this.stop = stop;
        this.watch = new AgentWatch(controller, List.of(sender, receiver), sink, d.period());
        this.base = "disc_" + ProcessHandle.current().pid() + "_" + RUNS.incrementAndGet();
    }

    void run() throws InterruptedException {
        long end = System.nanoTime() + d.duration().toNanos();
        int i = 0;
        do {
            iteration(i++);
        } while (failure == null && !stop.getAsBoolean() && System.nanoTime() - end < 0 && i < MAX_ITERATIONS);
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    private TestQos qos() {
        return d.testQos();
    }

    private void iteration(int i) throws InterruptedException {
        String data = base + "_" + i;
        int period = (int) d.period().toMillis();
        int timeout = (int) AgentReportSource.AGENT_TIMEOUT.toMillis();
        boolean own = i % 2 == 0;
        TestDefinition rx = receiver(data + "_rx", data, false);
        TestDefinition late = receiver(data + "_late", data, own);
        // no write batching: a sample must leave when written, or the first one waits for a batch to fill
        TestDefinition tx = TestDefinition.transmitter(Target.app(sender), data, d.size()).withRate(d.rate(), d.burst())
                .withQos(d.testQos()).withWriteBatching(false).withOwnParticipant(own).withReportPeriodMillis(period)
                .withPartnerTimeoutMillis(timeout);
        names.add(tx.name());
        names.add(rx.name());
        names.add(late.name());
        try {
            controller.send(rx);
            // its first report (no samples yet) says the reader is there: only then is the writer created
            if (await("receiver " + rx.name() + " on agent " + receiver, r -> r instanceof ThroughputPeriodReport t
                    && t.appId() == receiver && t.name().equals(rx.name())) == null) {
                return;
            }
            controller.send(tx);
            DiscoveryReport[] found = new DiscoveryReport[2]; // the writer's match, the reader's first sample
            boolean[] flowing = new boolean[1];
            // the late reader joins a writer that is demonstrably sending: the first reader's period report has
            // several samples in it. Joined at the first sample (the writer may have written only that one), a
            // volatile reader can still be sent it: volatile promises no history, it does not forbid it.
            await("writer " + data + " on agent " + sender + " to match and its samples to arrive", r -> {
                if (r instanceof DiscoveryReport m && m.appId() == sender && m.name().equals(data)) {
                    found[0] = m;
                } else if (r instanceof DiscoveryReport m && m.appId() == receiver && m.name().equals(rx.name())
                        && m.firstSampleNanos() >= 0) {
                    found[1] = m;
                } else if (r instanceof ThroughputPeriodReport t && t.appId() == receiver && t.name().equals(rx.name())
                        && t.totalSamples() >= FLOWING) {
                    flowing[0] = true;
                }
                return found[0] != null && found[1] != null && flowing[0];
            });
            if (found[0] == null || found[1] == null || !flowing[0]) {
                return;
            }
            // a fresh reader joins the running writer: what it gets first says what it missed
            controller.send(late);
            DiscoveryReport joined = (DiscoveryReport) await("reader " + late.name() + " on agent " + receiver
                    + " to get its first sample", r -> r instanceof DiscoveryReport m && m.appId() == receiver
                    && m.name().equals(late.name()) && m.firstSampleNanos() >= 0);
            long firstSample = found[1].writerToFirstSampleNanos(found[0]);
            sink.discovery(AgentReportSource.agentName(sender), new DiscoveryResult(i, found[0].ownParticipant(),
                    writerMatch(found[0].createToMatchNanos(), firstSample), firstSample, found[1].samplesMissed(),
                    found[0].samplesMissed(), joined == null ? -1 : joined.createToMatchNanos(),
                    joined == null ? -1 : joined.createToFirstSampleNanos(), joined == null ? -1 : joined.samplesMissed()));
        } finally {
            controller.remove(tx);
            controller.remove(rx);
            controller.remove(late);
        }
    }

    /**
     * The writer's created → match time: when its agent's poll saw the match, unless the reader had a sample of it
     * earlier (a writer sends to matched readers only, so that sample proves the match). The poll runs every 200 µs
     * on a thread of its own, which a busy machine may not schedule for milliseconds while the writer's first
     * samples already arrive: the reader's side does the same with its own first sample.
     */
    static long writerMatch(long polledMatch, long firstSample) {
        return firstSample >= 0 && (polledMatch < 0 || firstSample < polledMatch) ? firstSample : polledMatch;
    }

    /** A receiver of the writer {@code data} on the second agent, with the run's QoS. */
    private TestDefinition receiver(String name, String data, boolean ownParticipant) {
        return TestDefinition.receiver(Target.app(receiver), name, data).withQos(d.testQos())
                .withReportPeriodMillis((int) d.period().toMillis()).withExpectedRate(d.rate() * d.burst())
                .withPartnerTimeoutMillis((int) AgentReportSource.AGENT_TIMEOUT.toMillis())
                .withOwnParticipant(ownParticipant);
    }

    /** Delivers reports until one matches {@code wanted}; null (and a failure) on an error, a stop or the timeout. */
    private PotherReport await(String what, Predicate<PotherReport> wanted) throws InterruptedException {
        long end = System.nanoTime() + AgentReportSource.AGENT_TIMEOUT.toNanos();
        while (failure == null && !stop.getAsBoolean()) {
            failure = watch.check(); // an agent gone ends the run at once, naming it
            if (failure != null) {
                return null;
            }
            if (System.nanoTime() - end > 0) {
                failure = "timed out after " + AgentReportSource.AGENT_TIMEOUT.toSeconds() + " s waiting for " + what;
                return null;
            }
            PotherReport r = queue.poll(20, TimeUnit.MILLISECONDS);
            if (r == null) {
                continue;
            }
            note(r);
            if (wanted.test(r)) {
                return r;
            }
        }
        return null;
    }

    /** CPU and RSS from the reports of this iteration's tests; errors end the run. */
    private void note(PotherReport r) {
        if (r.appId() != sender && r.appId() != receiver) {
            return;
        }
        String agent = AgentReportSource.agentName(r.appId());
        if (r instanceof ErrorReport e && (e.name().isEmpty() || names.contains(e.name()))) {
            sink.message(agent, e.message());
            if (!e.name().isEmpty()) {
                failure = "agent " + e.appId() + ": " + e.message();
            }
        } else if ((r instanceof ThroughputPeriodReport || r instanceof DiscoveryReport) && names.contains(r.name())) {
            sink.resources(agent, AgentReportSource.resources(r.usage()));
        }
    }
}
