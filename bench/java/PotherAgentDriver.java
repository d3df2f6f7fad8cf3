import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.Domain;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * The controller of the agent stage of bench/pother-vs-ddsperf.sh: drives one pair on two running agents
 * of the built product ({@code ddstuner pother --app-id A} and {@code --app-id B}) over the command topics,
 * exactly as the Benchmarks view or {@code ddstuner pother-run} does, and turns their period reports into
 * one machine-readable line each:
 * <pre>
 * java PotherAgentDriver latency|throughput CONFIG_XML DOMAIN PERIODS SIZE APP_A APP_B [DEPTH]
 * </pre>
 * DEPTH: keep last DEPTH for both tests instead of their default history (bench/transports.sh gives 16 to every
 * transport's throughput: shared memory needs keep-last).
 * latency: A runs a transceiver, B a transponder (ddsperf's ping/pong QoS: reliable, keep last 1, as fast as
 * the echo returns); lines "rtt_us period=… p50=… p90=… p99=… count=… per_s=… cpu_pct=…" (A's TRIP column)
 * and "echo period=… samples=… cpu_pct=…" (B). throughput: A transmits flat out with write batching, B
 * receives (reliable keep-all, ddsperf's data QoS); lines "tput period=… samples=… per_s=… lost=… cpu_pct=…"
 * (B) and "tx period=… samples=… per_s=… cpu_pct=…" (A). cpu_pct = the reporting agent's user + system CPU
 * over its last second (every agent report carries it). Ends (and removes both tests) once A's (latency)
 * or B's (throughput) PERIODS-th report is in. The controller does no measuring: run it on another CPU.
 * <pre>
 * java PotherAgentDriver idle CONFIG_XML DOMAIN SECONDS
 * </pre>
 * only opens a controller (a participant with the protocol's endpoints) and waits: the bystander the script
 * gives ddsperf and the engine with POTHER_BYSTANDER=1, so every side runs beside the same idle participant.
 */
public final class PotherAgentDriver {

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("idle")) {
            try (Domain domain = Domain.create(Integer.parseInt(args[2]), Files.readString(Path.of(args[1])));
                    PotherController c = PotherController.open(domain)) {
                Thread.sleep(Long.parseLong(args[3]) * 1000);
            }
            return;
        }
        if (args.length != 7 && args.length != 8) {
            System.err.println("usage: PotherAgentDriver latency|throughput CONFIG_XML DOMAIN PERIODS SIZE APP_A APP_B [DEPTH]");
            System.exit(2);
        }
        boolean latency = switch (args[0]) {
            case "latency" -> true;
            case "throughput" -> false;
            default -> throw new IllegalArgumentException("mode is latency or throughput, not " + args[0]);
        };
        String config = Files.readString(Path.of(args[1]));
        int domainId = Integer.parseInt(args[2]);
        int periods = Integer.parseInt(args[3]);
        int size = Integer.parseInt(args[4]);
        int a = Integer.parseInt(args[5]);
        int b = Integer.parseInt(args[6]);
        try (Domain domain = Domain.create(domainId, config); PotherController c = PotherController.open(domain)) {
            BlockingQueue<PotherReport> reports = c.queue(100_000);
            // the agents are JVMs that start at the same time as this one, on one busy CPU
            if (!c.awaitAgents(Duration.ofSeconds(60), a, b)) {
                System.err.println("PotherAgentDriver: agents " + a + " and " + b + " did not announce themselves within 60 s (seen: "
                        + c.agents().keySet() + ")");
                System.exit(1);
            }
            TestDefinition first;
            TestDefinition second;
            if (latency) {
                first = TestDefinition.transponder(Target.app(b), "abench");
                second = TestDefinition.transceiver(Target.app(a), "abench_tx", "abench", size);
            } else {
                first = TestDefinition.receiver(Target.app(b), "abench_rx", "abench");
                second = TestDefinition.transmitter(Target.app(a), "abench", size);
            }
            if (args.length == 8) {
                int depth = Integer.parseInt(args[7]);
                TestQos q = (latency ? TestQos.latency() : TestQos.throughput()).withHistoryDepth(depth);
                first = first.withQos(q);
                second = second.withQos(q);
            }
            c.send(first);
            c.send(second);
            int exit = follow(reports, latency, periods, a, b);
            c.remove(second);
            c.remove(first);
            Thread.sleep(300); // let the removals leave before the controller's writers go
            System.exit(exit);
        }
    }

    private static int follow(BlockingQueue<PotherReport> reports, boolean latency, int periods, int a, int b)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3L * periods + 60);
        LatencyReport lastTable = null;
        while (System.nanoTime() - end < 0) {
            PotherReport r = reports.poll(200, TimeUnit.MILLISECONDS);
            switch (r) {
                case null -> { }
                case ErrorReport e -> {
                    System.err.println("PotherAgentDriver: ERROR from agent " + e.appId() + ": " + e.message());
                    return 1;
                }
                case LatencyPeriodReport l when latency && l.appId() == a && l.name().equals("abench_tx") -> {
                    LatencyReport.Column trip = l.report().column(LatencyColumn.TRIP);
                    double seconds = l.report().periodNanos() / 1e9;
                    System.out.printf(Locale.ROOT, "rtt_us period=%d p50=%.3f p90=%.3f p99=%.3f count=%d per_s=%.0f exact=%s cpu_pct=%.1f%n",
                            l.period(), trip.p50() / 1e3, trip.p90() / 1e3, trip.p99() / 1e3, l.report().received(),
                            seconds > 0 ? l.report().received() / seconds : 0, trip.exact(), l.usage().cpuTotalPercent());
                    lastTable = l.report();
                    if (l.period() >= periods) {
                        System.out.print(lastTable.format());
                        return 0;
                    }
                }
                case ThroughputPeriodReport t when latency && t.appId() == b && t.role() == Role.TRANSPONDER -> System.out.printf(
                        Locale.ROOT, "echo period=%d samples=%d cpu_pct=%.1f%n", t.period(), t.samples(), t.usage().cpuTotalPercent());
                case ThroughputPeriodReport t when !latency && t.appId() == b && t.role() == Role.RECEIVER -> {
                    System.out.printf(Locale.ROOT, "tput period=%d samples=%d per_s=%.0f lost=%d ooo=%d received=%d cpu_pct=%.1f%n",
                            t.period(), t.samples(), t.samplesPerSecond(), t.lostTotal(), t.outOfOrderTotal(), t.totalSamples(),
                            t.usage().cpuTotalPercent());
                    if (t.period() >= periods) {
                        return 0;
                    }
                }
                case ThroughputPeriodReport t when !latency && t.appId() == a && t.role() == Role.TRANSMITTER -> System.out.printf(
                        Locale.ROOT, "tx period=%d samples=%d per_s=%.0f sent=%d cpu_pct=%.1f%n", t.period(), t.samples(),
                        t.samplesPerSecond(), t.totalSamples(), t.usage().cpuTotalPercent());
                default -> { }
            }
        }
        System.err.println("PotherAgentDriver: no " + periods + "th report within the time limit");
        return 1;
    }
}
