package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed scenarios as one click each; {@link #notYetAvailable()} names the ones that are not built yet and
 * why, so the launcher says so instead of offering something that would measure something else.
 */
public final class Scenarios {

    /** Sizes of the sweeps, 64 B to 64 KiB. */
    public static final List<Integer> SWEEP_SIZES = List.of(64, 256, 1024, 4096, 16384, 65536);

    private Scenarios() {
    }

    /** Seed scenarios not offered yet, each with the reason in words for the person. */
    public static List<String> notYetAvailable() {
        return List.of("3-stage relay pipeline (reorder counts, writer block time per sample): the agent has no relay "
                + "role yet (read one topic, write the next), and the engine does not measure writer block time",
                "N suppliers → 1 consumer fan-in (CPU per process): the receiver already counts losses per sender, "
                        + "but runs cannot yet put transmitters on several agents at once (one measures, the others answer)");
    }

    /** Every scenario, each step lasting {@code perStep}. */
    public static List<Scenario> all(Duration perStep) {
        return List.of(payloadSweep(perStep), latencyVsSize(perStep), latencyUnderLoad(perStep),
                transportComparison(perStep));
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
     * UDP, TCP and shared memory. A source that cannot measure a transport skips that step and says why
     * (no RouDi for shared memory; the local runner's in-process delivery for anything but UDP).
     */
    public static Scenario transportComparison(Duration perStep) {
        RunDefinition rtt = RunDefinition.latency(64, perStep);
        return new Scenario("transports", "Transport comparison", "Round-trip time of 64 B over UDP, TCP and shared memory.",
                List.of(rtt, rtt.withTransport(RunDefinition.Transport.TCP),
                        rtt.withTransport(RunDefinition.Transport.SHM)));
    }
}
