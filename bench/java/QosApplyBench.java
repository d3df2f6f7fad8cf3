import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.AgentResult;
import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;

/**
 * Driver and observer of bench/qos-apply.sh, in one JVM so both use one clock (System.nanoTime = CLOCK_MONOTONIC,
 * which the application's own timestamps use too). Starts the application (bench/peers/qos_apply_app.c, agent
 * embedded, given secret) and per round changes its writer's ownership_strength twice, to a value not used before:
 * once through the agent (AgentClient.setQos, signed), once by the application itself (dds_set_qos on a "set N" line),
 * in alternating order. An observer participant of its own reads DCPSPublication on a thread and notes when each
 * strength value first appears for that writer: that is "seen in another process's discovery".
 * <p>
 * Usage: QosApplyBench APP ROUNDS WARMUP DOMAIN SECRET [APP_CPU] — prints one line per measurement:
 * {@code agent I reply_ms seen_ms} and {@code direct I seen_ms pipe_ms} (warm-up rounds are not printed).
 */
public final class QosApplyBench {

    static final Duration T = Duration.ofSeconds(10);

    public static void main(String[] args) throws Exception {
        Path app = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int domainId = Integer.parseInt(args[3]);
        byte[] secret = args[4].getBytes(StandardCharsets.UTF_8);
        String appCpu = args.length > 5 ? args[5] : "";

        List<String> cmd = new ArrayList<>();
        if (!appCpu.isEmpty()) {
            cmd.addAll(List.of("taskset", "-c", appCpu));
        }
        cmd.addAll(List.of(app.toString(), "600", Integer.toString(domainId)));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
        pb.environment().put("DDSTUNER_AGENT_SECRET", args[4]);
        pb.environment().put("DDSTUNER_AGENT_STATS_MS", "0"); // no statistics traffic during the timing
        pb.environment().put("DDSTUNER_AGENT_LOG", app.resolveSibling("agent.log").toString());
        pb.redirectError(app.resolveSibling("app.err").toFile());
        Process proc = pb.start();
        try (Domain domain = Domain.create(domainId, CycloneConfig.loopbackOnly())) {
            BufferedReader in = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = proc.getOutputStream();
            String first = in.readLine();
            if (first == null || !first.startsWith("pid=")) {
                throw new IllegalStateException("application did not start: " + first + " (see app.err)");
            }
            long pid = Long.parseLong(first.split(" ")[0].substring(4));
            String writer = first.split(" ")[1].substring("writer=".length());

            Participant tool = domain.createParticipant();
            Participant third = domain.createParticipant();
            Observer observer = new Observer(BuiltinReader.publications(third), Guid.parse(writer));
            Thread ot = Thread.ofPlatform().name("observer").daemon().start(observer);
            try (AgentClient client = new AgentClient(tool)) {
                AgentInfo agent = client.awaitAgent(pid, Duration.ofSeconds(30));
                observer.awaitValue(5, T); // the writer as created
                int value = 100;
                for (int i = 0; i < warmup + rounds; i++) {
                    boolean agentFirst = i % 2 == 0;
                    for (int k = 0; k < 2; k++) {
                        value++;
                        String line = (k == 0) == agentFirst ? viaAgent(client, agent, writer, value, secret, observer)
                                : direct(in, out, value, observer);
                        if (i >= warmup) {
                            System.out.println(line.replace("#", Integer.toString(i - warmup)));
                        }
                        Thread.sleep(50); // let the acknowledgements of this change settle before the next
                    }
                }
            } finally {
                observer.stop = true;
                ot.join(2000);
            }
        } finally {
            proc.getOutputStream().close();
            if (!proc.waitFor(10, TimeUnit.SECONDS)) {
                proc.destroyForcibly();
            }
        }
    }

    private static String viaAgent(AgentClient client, AgentInfo agent, String writer, int value, byte[] secret,
            Observer observer) throws InterruptedException {
        long t0 = System.nanoTime();
        AgentReply r = client.setQos(agent.agent(), writer, "ownership_strength=" + value, secret, T);
        long t1 = System.nanoTime();
        if (r.result() != AgentResult.OK || !Integer.toString(value).equals(r.qos().get("ownership_strength"))) {
            throw new IllegalStateException("agent refused ownership_strength=" + value + ": " + r.result() + " " + r.message());
        }
        long t2 = observer.awaitValue(value, T);
        return String.format("agent # %.3f %.3f", (t1 - t0) / 1e6, (t2 - t0) / 1e6);
    }

    private static String direct(BufferedReader in, OutputStream out, int value, Observer observer) throws Exception {
        long tw = System.nanoTime();
        out.write(("set " + value + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String line = in.readLine();
        String[] f = line == null ? new String[0] : line.split(" ");
        if (f.length != 4 || !f[1].equals(Integer.toString(value)) || !f[3].equals("0")) {
            throw new IllegalStateException("application's dds_set_qos(ownership_strength=" + value + "): " + line);
        }
        long t0 = Long.parseLong(f[2]); // the application's CLOCK_MONOTONIC just before dds_set_qos
        long t2 = observer.awaitValue(value, T);
        return String.format("direct # %.3f %.3f", (t2 - t0) / 1e6, (t0 - tw) / 1e6);
    }

    /** Reads DCPSPublication on its own thread; notes when each ownership_strength of the writer is first seen. */
    static final class Observer implements Runnable {
        final BuiltinReader<EndpointData> publications;
        final Guid writer;
        final Map<Integer, Long> firstSeen = new ConcurrentHashMap<>();
        volatile boolean stop;

        Observer(BuiltinReader<EndpointData> publications, Guid writer) {
            this.publications = publications;
            this.writer = writer;
        }

        @Override
        public void run() {
            while (!stop) {
                for (Sample<EndpointData> s : publications.take(256)) {
                    long now = System.nanoTime();
                    if (s.info().validData() && s.data().key().equals(writer) && s.data().qos().ownershipStrength() != null) {
                        firstSeen.putIfAbsent(s.data().qos().ownershipStrength().value(), now);
                    }
                }
                publications.waitForData(Duration.ofMillis(100));
            }
        }

        /** When value was first seen (System.nanoTime); waits up to timeout for it. */
        long awaitValue(int value, Duration timeout) throws InterruptedException {
            long end = System.nanoTime() + timeout.toNanos();
            Long t;
            while ((t = firstSeen.get(value)) == null) {
                if (System.nanoTime() > end) {
                    throw new IllegalStateException("ownership_strength=" + value + " not seen in discovery within " + timeout);
                }
                Thread.sleep(0, 200_000); // the wait adds nothing to the measurement: the observer thread timestamps
            }
            return t;
        }
    }
}
