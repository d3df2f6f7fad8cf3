package org.ddstuner.pother.runs.tests;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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
 */
final class MuteAgent implements AutoCloseable {

    private final Participant participant;
    private final ProtocolEndpoints endpoints;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("mute-agent").unstarted(r));

    private MuteAgent(Domain domain, int appId, String group) {
        participant = domain.createParticipant(Qos.EMPTY.withEntityName("Mute Pother agent " + appId));
        endpoints = ProtocolEndpoints.forAgent(participant);
        timer.scheduleAtFixedRate(() -> endpoints.writer(TopicKind.AGENT_ANNOUNCEMENT).write(ReportCodec.encode(
                new AgentAnnouncement(appId, group, "mute", ProcessHandle.current().pid(), "ddstuner-pother protocol "
                        + ProtocolTypes.PROTOCOL_VERSION, AgentAnnouncement.RUNNING, "", DdsTime.now(),
                        ResourceUsage.UNKNOWN))), 0, 500, TimeUnit.MILLISECONDS);
    }

    static MuteAgent start(Domain domain, int appId, String group) {
        return new MuteAgent(domain, appId, group);
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(5, TimeUnit.SECONDS);
        endpoints.close();
        participant.close();
    }
}
