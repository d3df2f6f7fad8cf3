package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed scenarios as one click each; {@link #notYetAvailable()} names any that are not built yet and
 * why, so the launcher says so instead of offering something that would measure something else.
 */
public final class Scenarios {

    /** Sizes of the sweeps, 64 B to 64 KiB. */
    public static final List<Integer> SWEEP_SIZES = List.of(64, 256, 1024, 4096, 16384, 65536);

    private Scenarios() {
    }

    /** Seed scenarios not offered yet, each with the reason in words for the person (none left). */
    public static List<String> notYetAvailable() {
        return List.of();
    }

    /** Every scenario, each step lasting {@code perStep}. */
    public static List<Scenario> all(Duration perStep) {
        return List.of(payloadSweep(perStep), latencyVsSize(perStep), latencyUnderLoad(perStep),
                transportComparison(perStep), relayPipeline(perStep), fanIn(FAN_IN_SENDERS, perStep));
    }

    /**
     * Pipelines send 20,000 samples/s (a fan-in that in all): a rate every stage of a loaded 2-core box keeps
     * up with, so the run measures latency and block times rather than the relay's drops. (Flat out, a relay that
     * cannot keep up drops and counts; see {@code Relay} and bench/results/2026-11-23-relay-deadlock.md, for why it does
     * not hold up its reader instead.)
     */
    static final double PIPELINE_BURSTS_PER_SECOND = 2000;
    static final int PIPELINE_BURST = 10;

    /** Transmitters of the one-click fan-in. */
    public static final int FAN_IN_SENDERS = 3;

    /**
     * Source → relay → sink, three agent processes, 1 KiB samples at 20,000/s: throughput
     * and loss/reorder per stage, end-to-end latency, and how long each writer blocked inside dds_write.
     */
    public static Scenario relayPipeline(Duration perStep) {
        return new Scenario("relay-pipeline", "3-stage relay pipeline",
                "Source → relay → sink: throughput, lost and reordered samples per stage, end-to-end latency, and how "
                        + "long each writer blocks in dds_write per sample.",
                List.of(RunDefinition.relay(1024, perStep).withRate(PIPELINE_BURSTS_PER_SECOND, PIPELINE_BURST)));
    }

    /** {@code senders} transmitter processes → one receiver, 1 KiB samples, 20,000/s in all. */
    public static Scenario fanIn(int senders, Duration perStep) {
        return new Scenario("fan-in", "N suppliers → 1 consumer fan-in",
                senders + " transmitter processes → 1 receiver: throughput, lost and out-of-order per sender and in "
                        + "total, CPU and memory of every process.",
                List.of(RunDefinition.fanIn(senders, 1024, perStep).withRate(PIPELINE_BURSTS_PER_SECOND / senders,
                        PIPELINE_BURST)));
    }

    public static Scenario payloadSweep(Duration perStep) {
        List<RunDefinition> steps = new ArrayList<>();
        for (int size : SWEEP_SIZES) {
            steps.add(RunDefinition.throughput(size, perStep));
        }
        return new Scenario("payload-sweep", "Payload-size sweep",
                "Throughput against sample size: where does it plateau?", steps);
    }

    public static Scenario latencyVsSize(Duration perStep) {
        List<RunDefinition> steps = new ArrayList<>();
        for (int size : SWEEP_SIZES) {
            steps.add(RunDefinition.latency(size, perStep));
        }
        return new Scenario("latency-vs-size", "Latency vs message size", "Round-trip time against sample size.",
                steps);
    }

    public static Scenario latencyUnderLoad(Duration perStep) {
        RunDefinition quiet = RunDefinition.latency(64, perStep);
        return new Scenario("latency-under-load", "Latency under background load",
                "Round-trip time of 64 B samples, alone and with 1 KiB background traffic at 10k and 50k samples/s.",
                List.of(quiet.withLabel("RTT 64 B, no load"),
                        quiet.withLoad(1024, 10_000).withLabel("RTT 64 B, load 1 KiB @10k/s"),
                        quiet.withLoad(1024, 50_000).withLabel("RTT 64 B, load 1 KiB @50k/s")));
    }

    /**
     * UDP, TCP and shared memory, round-trip time per sample size ({@link #TRANSPORT_SIZES}): the OIS slides' and the
     * REDHAWK chapter's experiment (alternate IPC against loopback). Steps go transport by transport, each over every
     * size, so the local agents restart only when the transport changes. A source that cannot measure a transport
     * skips its steps and says why (no Iceoryx or RouDi for shared memory; the local runner's in-process delivery
     * for anything but UDP).
     */
    public static Scenario transportComparison(Duration perStep) {
        return transportComparison(perStep, TRANSPORT_SIZES);
    }

    /** Sizes of the transport comparison: 64 B to 64 KiB, every fourfold. */
    public static final List<Integer> TRANSPORT_SIZES = List.of(64, 256, 1024, 4096, 16384, 65536);

    /** {@link #transportComparison(Duration)} over {@code sizes}. */
    public static Scenario transportComparison(Duration perStep, List<Integer> sizes) {
        List<RunDefinition> steps = new ArrayList<>();
        for (RunDefinition.Transport t : RunDefinition.Transport.values()) {
            for (int size : sizes) {
                steps.add(RunDefinition.latency(size, perStep).withTransport(t));
            }
        }
        return new Scenario("transports", "Transport comparison", "Round-trip time over UDP loopback, TCP and shared "
                + "memory, per sample size (" + sizeText(sizes.get(0)) + " to " + sizeText(sizes.get(sizes.size() - 1))
                + ").", steps);
    }

    private static String sizeText(int bytes) {
        return bytes >= 1024 && bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }
}
