import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.Receiver;
import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.Transceiver;
import org.ddstuner.pother.TransceiverDefinition;
import org.ddstuner.pother.Transmitter;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.Transponder;
import org.ddstuner.pother.TransponderDefinition;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Roudi;
import org.ddstuner.pother.runs.Transports;

/**
 * One side of a Pother pair as a process, for bench/pother-vs-ddsperf.sh:
 * <pre>
 * java PotherBench transceiver|transponder|transmitter|receiver CONFIG_XML SECONDS [SIZE] [DOMAIN]
 * </pre>
 * Every second it prints one machine-readable line ("rtt_us p50=… p90=… p99=… count=…" for the
 * transceiver, "tput samples=… per_s=…" for the receiver) plus, for the transceiver, the Pother table.
 */
public final class PotherBench {

    /**
     * The product's loopback-only configuration for a transport (org.ddstuner.pother.runs.Transports), so the
     * bench's agents run what the Benchmarks view's do: {@code config udp|shm}, {@code config tcp OWN PORT...}.
     */
    private static String transportConfig(String[] args) {
        String t = args.length > 1 ? args[1] : "";
        return switch (t) {
            case "udp" -> Transports.config(RunDefinition.Transport.UDP);
            case "shm" -> Transports.config(RunDefinition.Transport.SHM);
            case "tcp" -> {
                int[] ports = new int[args.length - 3];
                for (int i = 3; i < args.length; i++) {
                    ports[i - 3] = Integer.parseInt(args[i]);
                }
                yield Transports.tcpConfig(Integer.parseInt(args[2]), ports);
            }
            default -> throw new IllegalArgumentException("config udp|shm|tcp OWN_PORT PEER_PORT..., not " + t);
        };
    }

    /**
     * A RouDi for the shared-memory runs, the product's way ({@link Roudi#acquire}: one running is reused and left
     * alone, else one is started with the product's memory pools): prints "roudi started pid N" or "roudi reused",
     * then holds it until SIGTERM, when it stops the one it started.
     */
    private static void roudi() throws Exception {
        Roudi.Lease lease = Roudi.acquire();
        Runtime.getRuntime().addShutdownHook(new Thread(lease::close, "roudi-stop"));
        System.out.println(lease.started() ? "roudi started pid " + lease.pid().orElseThrow()
                : "roudi reused (pid " + Roudi.runningPid().map(String::valueOf).orElse("?") + ")");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("loopback-config")) {
            // the script hands ddsperf exactly the configuration the product uses
            System.out.print(CycloneConfig.loopbackOnly());
            return;
        }
        if (args.length >= 1 && args[0].equals("config")) {
            System.out.print(transportConfig(args));
            return;
        }
        if (args.length == 1 && args[0].equals("roudi")) {
            roudi();
            return;
        }
        if (args.length < 3) {
            System.err.println("usage: PotherBench loopback-config | config udp|shm | config tcp OWN_PORT PEER_PORT... | roudi | transceiver|transponder|transmitter|receiver CONFIG_XML SECONDS [SIZE] [DOMAIN]");
            System.exit(2);
        }
        String mode = args[0];
        String config = Files.readString(Path.of(args[1]));
        int seconds = Integer.parseInt(args[2]);
        int size = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        int domainId = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        Duration match = Duration.ofSeconds(20);
        try (Domain domain = Domain.create(domainId, config); Participant p = domain.createParticipant(Qos.EMPTY)) {
            switch (mode) {
                case "transceiver" -> {
                    try (Transceiver t = new Transceiver(p, TransceiverDefinition.pingPong("bench", size))) {
                        check(t.awaitTransponder(match), "no transponder matched");
                        t.start();
                        for (int i = 0; i < seconds; i++) {
                            Thread.sleep(1000);
                            LatencyReport r = t.report();
                            LatencyReport.Column trip = r.column(LatencyColumn.TRIP);
                            System.out.printf(Locale.ROOT, "rtt_us p50=%.3f p90=%.3f p99=%.3f count=%d exact=%s cpu_ms=%.1f%n",
                                    trip.p50() / 1e3, trip.p90() / 1e3, trip.p99() / 1e3, r.received(), trip.exact(), cpuMillis());
                            if (i == seconds - 1) {
                                System.out.print(r.format());
                            }
                        }
                        t.stop();
                    }
                }
                case "transponder" -> {
                    try (Transponder t = new Transponder(p, TransponderDefinition.of("bench"))) {
                        for (int i = 0; i < seconds; i++) {
                            Thread.sleep(1000);
                            System.out.printf(Locale.ROOT, "echo echoed=%d cpu_ms=%.1f%n", t.echoed(), cpuMillis());
                        }
                        System.out.println("echoed=" + t.echoed());
                    }
                }
                case "transmitter" -> {
                    try (Transmitter t = new Transmitter(p, TransmitterDefinition.flatOut("bench", size))) {
                        check(t.awaitReceiver(match), "no receiver matched");
                        t.start();
                        for (int i = 0; i < seconds; i++) {
                            Thread.sleep(1000);
                            System.out.printf(Locale.ROOT, "tx sent=%d cpu_ms=%.1f%n", t.sent(), cpuMillis());
                        }
                        t.stop();
                        System.out.println("sent=" + t.sent() + (t.failure() != null ? " failure=" + t.failure() : ""));
                    }
                }
                case "receiver" -> {
                    // as ddsperf sub: take from the data-available listener (-Dpother.trigger=waitset for the waitset thread)
                    ReceiverDefinition.Trigger trigger = ReceiverDefinition.Trigger.valueOf(
                            System.getProperty("pother.trigger", "listener").toUpperCase(Locale.ROOT));
                    ReceiverDefinition rd = ReceiverDefinition.of("bench").triggeredBy(trigger);
                    if (System.getProperty("pother.takeBatch") != null) {
                        rd = new ReceiverDefinition(rd.name(), rd.qos(), Integer.getInteger("pother.takeBatch"), 0, trigger);
                    }
                    try (Receiver r = new Receiver(p, rd)) {
                        check(r.awaitTransmitter(match), "no transmitter matched");
                        while (r.received() == 0) {
                            Thread.sleep(1);
                        }
                        r.report();
                        for (int i = 0; i < seconds; i++) {
                            Thread.sleep(1000);
                            ThroughputReport t = r.report();
                            System.out.printf(Locale.ROOT, "tput samples=%d per_s=%.0f lost=%d ooo=%d received=%d cpu_ms=%.1f%n", t.samples(),
                                    t.samplesPerSecond(), t.lostTotal(), t.outOfOrderTotal(), r.received(), cpuMillis());
                        }
                    }
                }
                default -> {
                    System.err.println("unknown mode " + mode);
                    System.exit(2);
                }
            }
        }
    }

    /** CPU time of this whole process (every thread: ours, Cyclone's, JIT, GC) in ms since it started. */
    private static double cpuMillis() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e6;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            System.err.println("PotherBench: " + message + " within 20 s");
            System.exit(1);
        }
    }
}
