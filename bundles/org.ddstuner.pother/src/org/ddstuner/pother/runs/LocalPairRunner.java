package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.PreconditionNotMetException;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.Receiver;
import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.Transceiver;
import org.ddstuner.pother.Transmitter;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.Transponder;

/**
 * Runs a pair in this process, on two participants (as two processes would have) in one domain on a
 * loopback-only configuration. Cyclone delivers between participants of one process directly, so this
 * measures Cyclone and our binding without a network transport (see {@link #IN_PROCESS_NOTE}). It reports
 * every period as agent {@value #AGENT} with this process's
 * CPU and RSS. A latency run with a background load also runs a transmitter/receiver pair and reports
 * its throughput alongside.
 */
public final class LocalPairRunner implements ReportSource {

    public static final String AGENT = "local";
    /** System property: the domain id of local runs. */
    public static final String DOMAIN_PROPERTY = "ddstuner.bench.domain";
    /** Away from 0 (real systems) and 77 (the demo). */
    public static final int DEFAULT_DOMAIN = 90;

    private static final Duration MATCH_TIMEOUT = Duration.ofSeconds(15);

    private final int domainId;

    public LocalPairRunner(int domainId) {
        this.domainId = domainId;
    }

    /**
     * {@code Domain.open(domainId, config)}, or the domain already open in this process when its configuration is
     * {@code config} plus topic discovery (a DDS Tuner connection watching the benchmark domain opened it):
     * sharing that one changes nothing for the benchmark but the topic announcements.
     */
    public static Domain openShared(int domainId, String config) {
        try {
            return Domain.open(domainId, config);
        } catch (PreconditionNotMetException differentConfig) {
            Domain open = Domain.openOrLoopback(domainId);
            if (!CycloneConfig.withoutTopicDiscovery(open.config()).equals(config)) {
                throw differentConfig;
            }
            return open;
        }
    }

    /** On the domain named by {@value #DOMAIN_PROPERTY}, or {@value #DEFAULT_DOMAIN}. */
    public static LocalPairRunner fromSystemProperty() {
        return new LocalPairRunner(Integer.getInteger(DOMAIN_PROPERTY, DEFAULT_DOMAIN));
    }

    public int domainId() {
        return domainId;
    }

    @Override
    public String name() {
        return AGENT;
    }

    /**
     * Why a local run cannot compare transports: Cyclone hands samples between participants of one
     * process over directly, so a TCP or shared-memory run here would measure the same in-process path
     * as UDP under another label.
     */
    public static final String IN_PROCESS_NOTE = "the local runner's two participants share one process, where "
            + "Cyclone delivers samples directly without any transport; comparing transports needs agents in "
            + "separate processes";

    @Override
    public String unsupported(RunDefinition d) {
        if (d.kind() == RunDefinition.Kind.RELAY || d.kind() == RunDefinition.Kind.FAN_IN) {
            return "A " + (d.kind() == RunDefinition.Kind.RELAY ? "relay pipeline" : "fan-in")
                    + " needs an agent process per stage or sender (CPU per process): run it on local agents.";
        }
        if (d.kind() == RunDefinition.Kind.DISCOVERY) {
            return "The discovery benchmark times writers discovering a reader in another agent: run it on agents.";
        }
        if (d.transport() == RunDefinition.Transport.SHM) {
            Transports.Availability shm = Transports.sharedMemory();
            return shm.available() ? "Not measured locally: " + IN_PROCESS_NOTE + "."
                    : "Shared memory is not available: " + shm.reason() + ".";
        }
        if (d.transport() == RunDefinition.Transport.TCP) {
            return "Not measured locally: " + IN_PROCESS_NOTE + ".";
        }
        return null;
    }

    @Override
    public void run(RunDefinition d, ReportSink sink, BooleanSupplier stopRequested) throws Exception {
        String why = unsupported(d);
        if (why != null) {
            throw new UnsupportedOperationException(why);
        }
        String config = Transports.config(d.transport());
        Domain domain;
        boolean ours = true;
        try {
            domain = Domain.create(domainId, config);
        } catch (PreconditionNotMetException e) {
            domain = openShared(domainId, config); // already open with the same configuration: share it
            ours = false;
        }
        try (Participant a = domain.createParticipant(Qos.EMPTY); Participant b = domain.createParticipant(Qos.EMPTY)) {
            if (d.kind() == RunDefinition.Kind.LATENCY) {
                runLatency(d, a, b, sink, stopRequested);
            } else {
                runThroughput(d, a, b, sink, stopRequested);
            }
        } finally {
            if (ours) {
                domain.close();
            }
        }
    }

    private void runLatency(RunDefinition d, Participant a, Participant b, ReportSink sink, BooleanSupplier stop) {
        ProcessResources cpu = new ProcessResources();
        try (Transponder echo = new Transponder(b, d.transponder()); Transceiver tc = new Transceiver(a, d.transceiver());
                Receiver loadRx = d.hasLoad() ? new Receiver(b, ReceiverDefinition.of(d.name() + "_load")
                        .expecting(d.loadRate())) : null;
                Transmitter loadTx = d.hasLoad() ? new Transmitter(a, TransmitterDefinition
                        .flatOut(d.name() + "_load", d.loadSize()).withRate(d.loadRate() / 100, 100)) : null) {
            if (!tc.awaitTransponder(MATCH_TIMEOUT) || (loadTx != null && !loadTx.awaitReceiver(MATCH_TIMEOUT))) {
                throw new IllegalStateException("the pair's participants did not discover each other within "
                        + MATCH_TIMEOUT.toSeconds() + " s on domain " + domainId + " (" + d.transport() + ")");
            }
            if (loadTx != null) {
                loadTx.start();
            }
            // In one process Cyclone delivers synchronously, so with rate 0 the whole ping-pong runs inside
            // start() on the calling thread until stop(): give it a thread of its own.
            Thread driver = Thread.ofPlatform().daemon().name("pother-local-pingpong").start(tc::start);
            // the periods begin once the exchange runs: on a busy machine the new thread's first round trip could
            // still be under way when the first period ended, which then reported a ping and no echo
            tc.awaitEchoes(1, MATCH_TIMEOUT);
            cpu.sample();
            tc.report(); // discard the start-up
            if (loadRx != null) {
                loadRx.report();
            }
            everyPeriod(d, stop, () -> {
                AgentResources res = cpu.sample();
                sink.latency(AGENT, tc.report(), res);
                if (loadRx != null) {
                    sink.throughput(AGENT, loadRx.report(), null);
                }
            });
            tc.stop();
            join(driver);
            if (loadTx != null) {
                loadTx.stop();
            }
        }
    }

    private void runThroughput(RunDefinition d, Participant a, Participant b, ReportSink sink, BooleanSupplier stop) {
        ProcessResources cpu = new ProcessResources();
        try (Receiver rx = new Receiver(b, d.receiver()); Transmitter tx = new Transmitter(a, d.transmitter())) {
            if (!tx.awaitReceiver(MATCH_TIMEOUT)) {
                throw new IllegalStateException("the transmitter found no receiver within " + MATCH_TIMEOUT.toSeconds()
                        + " s on domain " + domainId + " (" + d.transport() + ")");
            }
            cpu.sample();
            rx.report();
            tx.start();
            everyPeriod(d, stop, () -> {
                if (tx.failure() != null) {
                    throw new IllegalStateException("the transmitter stopped: " + tx.failure().getMessage(), tx.failure());
                }
                sink.throughput(AGENT, rx.report(), cpu.sample());
            });
            tx.stop();
        }
    }

    private static void join(Thread t) {
        try {
            t.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Calls {@code report} at the end of every period until the duration is over or a stop is asked for. */
    private static void everyPeriod(RunDefinition d, BooleanSupplier stop, Runnable report) {
        long period = d.period().toNanos();
        long start = System.nanoTime();
        long end = start + d.duration().toNanos();
        long next = start + period;
        while (!stop.getAsBoolean() && next - end <= 0) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(Math.min(wait, 50_000_000L)); // wake often enough to see a stop
                continue;
            }
            report.run();
            // after a stall (a busy machine) the next period starts now: periods missed are not fired back
            // to back, which would report near-empty periods
            next = Math.max(next + period, System.nanoTime() + period / 2);
        }
    }
}
