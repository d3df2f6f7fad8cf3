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
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * The discovery benchmark ({@link RunDefinition.Kind#DISCOVERY}) on two agents. Each iteration the first agent
 * starts a fresh transmitter, which sends at the run's rate whether anyone listens or not; once it has sent, the
 * second agent creates a fresh receiver and reports (see {@link DiscoveryReport}) created → first matched writer,
 * created → first sample, and the samples sent before that first one (missed: lost to discovery). Even iterations
 * give the receiver a participant of its own, so participant discovery is timed too; odd ones use the agent's
 * participant (endpoint discovery only). Iterations repeat until the duration is over (at least one), each with
 * names of its own so a late report of one is never taken for the next.
 */
final class DiscoveryBenchmark {

    /** Bounds a long run: each iteration creates and deletes entities (and every other one a participant). */
    static final int MAX_ITERATIONS = 200;
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

    DiscoveryBenchmark(PotherController controller, RunDefinition d, List<Integer> ids, ReportSink sink,
            BlockingQueue<PotherReport> queue, BooleanSupplier stop) {
        this.controller = controller;
        this.d = d;
        this.sender = ids.get(0);
        this.receiver = ids.get(1);
        this.sink = sink;
        this.queue = queue;
        this.stop = stop;
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
        boolean own = i % 2 == 0;
        // no write batching: a sample must leave when written, or the first one waits for a batch to fill
        TestDefinition tx = TestDefinition.transmitter(Target.app(sender), data, d.size()).withRate(d.rate(), d.burst())
                .withQos(qos()).withWriteBatching(false).withReportPeriodMillis(period)
                .withPartnerTimeoutMillis((int) AgentReportSource.AGENT_TIMEOUT.toMillis());
        TestDefinition rx = TestDefinition.receiver(Target.app(receiver), data + "_rx", data).withQos(qos())
                .withOwnParticipant(own).withReportPeriodMillis(period).withExpectedRate(d.rate() * d.burst())
                .withPartnerTimeoutMillis((int) AgentReportSource.AGENT_TIMEOUT.toMillis());
        names.add(tx.name());
        names.add(rx.name());
        try {
            controller.send(tx);
            if (await("transmitter " + data + " on agent " + sender + " to send", r -> r instanceof ThroughputPeriodReport t
                    && t.appId() == sender && t.name().equals(data) && t.role() == Role.TRANSMITTER && t.totalSamples() > 0)
                    == null) {
                return;
            }
            controller.send(rx);
            PotherReport r = await("receiver " + rx.name() + " on agent " + receiver + " to get its first sample",
                    x -> x instanceof DiscoveryReport m && m.appId() == receiver && m.name().equals(rx.name())
                            && m.firstSampleNanos() >= 0);
            if (r instanceof DiscoveryReport m) {
                sink.discovery(AgentReportSource.agentName(receiver), new DiscoveryResult(i, m.ownParticipant(),
                        m.createToMatchNanos(), m.createToFirstSampleNanos(), m.samplesMissed()));
            }
        } finally {
            controller.remove(rx);
            controller.remove(tx);
        }
    }

    /** Delivers reports until one matches {@code wanted}; null (and a failure) on an error, a stop or the timeout. */
    private PotherReport await(String what, Predicate<PotherReport> wanted) throws InterruptedException {
        long end = System.nanoTime() + AgentReportSource.AGENT_TIMEOUT.toNanos();
        while (failure == null && !stop.getAsBoolean()) {
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
