package org.ddstuner.pother.runs.tests;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.ProtocolEndpoints;
import org.ddstuner.pother.protocol.ProtocolTypes;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;
import org.ddstuner.pother.protocol.ReportCodec;
import org.ddstuner.pother.protocol.ResourceUsage;

/**
 * An agent that is there and live (it announces itself twice a second on the agents' endpoints) but runs nothing it
 * is sent: what a test needs for a partner that never appears while the controller rightly sees its agent live.
 * {@link #silence()} stops its announcements while its participant stays (an agent that is really silent: frozen
 * threads in a live process), and {@link #close()} deletes its participant without a "stopped" announcement.
 *
 * <p>{@link #main} runs one in a process of its own, for a controller that must see it across processes: it prints
 * {@code READY} and, on a line {@code close} on its input, deletes its participant (no "stopped") and exits 0.
 */
final class MuteAgent implements AutoCloseable {

    private final Participant participant;
    private final ProtocolEndpoints endpoints;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("mute-agent").unstarted(r));
    private final ScheduledFuture<?> beats;

    private MuteAgent(Domain domain, int appId, String group, Duration period) {
        participant = domain.createParticipant(Qos.EMPTY.withEntityName("Mute Pother agent " + appId));
        endpoints = ProtocolEndpoints.forAgent(participant);
        beats = timer.scheduleAtFixedRate(() -> endpoints.writer(TopicKind.AGENT_ANNOUNCEMENT).write(ReportCodec.encode(
                new AgentAnnouncement(appId, group, "mute", ProcessHandle.current().pid(), "ddstuner-pother protocol "
                        + ProtocolTypes.PROTOCOL_VERSION, AgentAnnouncement.RUNNING, "", DdsTime.now(),
                        ResourceUsage.UNKNOWN))), 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    static MuteAgent start(Domain domain, int appId, String group) {
        return new MuteAgent(domain, appId, group, Duration.ofMillis(500));
    }

    /** One that announces itself every {@code period} (an agent with a slower heartbeat than the protocol's 1 s). */
    static MuteAgent start(Domain domain, int appId, String group, Duration period) {
        return new MuteAgent(domain, appId, group, period);
    }

    /** Announces nothing more; its participant and writers stay, so DDS still sees it there. */
    void silence() {
        beats.cancel(false);
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(5, TimeUnit.SECONDS);
        endpoints.close();
        participant.close();
    }

    /** {@code DOMAIN APP_ID CONFIG_FILE|loopback}: see the class comment. */
    public static void main(String[] args) throws Exception {
        String config = args[2].equals("loopback") ? CycloneConfig.loopbackOnly() : Files.readString(Path.of(args[2]));
        try (Domain domain = Domain.create(Integer.parseInt(args[0]), config)) {
            MuteAgent agent = start(domain, Integer.parseInt(args[1]), "");
            System.out.println("READY mute agent " + args[1] + " pid " + ProcessHandle.current().pid());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null && !line.equals("close"); line = in.readLine()) {
                // wait for "close" (or the end of input)
            }
            agent.close();
            System.out.println("CLOSED");
            System.out.flush();
        }
    }
}
