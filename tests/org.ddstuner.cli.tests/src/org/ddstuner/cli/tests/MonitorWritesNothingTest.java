package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;
import org.ddstuner.demo.DemoSystem;
import org.junit.jupiter.api.Test;

/**
 * The monitor never writes to the monitored system: a plain libddsc participant in this JVM watches discovery while
 * {@code ddstuner ls} runs in another process, and sees the tool's participant ("DDS Tuner") with no reader and
 * no writer at all, while it does see the demo's endpoints through the same built-in readers,
 * and the CLI does list the demo. Domain 98.
 */
class MonitorWritesNothingTest {

    private static final int DOMAIN = 98;

    @Test
    void lsAnnouncesNoEndpointsWhileItRuns() throws Exception {
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                DemoSystem demo = DemoSystem.start(domain)) {
            Participant peer = domain.createParticipant(Qos.EMPTY.withEntityName("watching-peer"));
            BuiltinReader<ParticipantData> participants = BuiltinReader.participants(peer);
            BuiltinReader<EndpointData> publications = BuiltinReader.publications(peer);
            BuiltinReader<EndpointData> subscriptions = BuiltinReader.subscriptions(peer);
            try (CliProcess cli = CliProcess.start("ls", "--domain", "" + DOMAIN, "--wait", "6", "--all")) {
                Guid tool = null;
                Map<Guid, String> endpointsByParticipant = new LinkedHashMap<>();
                Set<Guid> toolEndpoints = new HashSet<>();
                Map<Guid, String> seen = new LinkedHashMap<>();
                // watch the whole run: the CLI waits 6 s, so anything it announced would show up meanwhile
                while (cli.process.isAlive()) {
                    for (Sample<ParticipantData> s : participants.read(1000)) {
                        if (s.info().validData()) {
                            seen.put(s.data().key(), name(s.data()));
                        }
                        // the only DDS Tuner participant on this domain: nothing in this JVM opens a Connection
                        if (s.info().validData() && Connection.OWN_PARTICIPANT_NAME.equals(name(s.data()))) {
                            tool = s.data().key();
                        }
                    }
                    for (BuiltinReader<EndpointData> r : List.of(publications, subscriptions)) {
                        for (Sample<EndpointData> s : r.read(10_000)) {
                            if (s.info().validData()) {
                                endpointsByParticipant.put(s.data().key(), s.data().topicName());
                                if (tool != null && s.data().participantKey().equals(tool)) {
                                    toolEndpoints.add(s.data().key());
                                }
                            }
                        }
                    }
                    Thread.sleep(100);
                }
                String out = new String(cli.process.getInputStream().readAllBytes());
                assertTrue(cli.process.waitFor(10, TimeUnit.SECONDS));
                assertEquals(0, cli.process.exitValue(), cli.stderr() + out);
                assertTrue(out.contains("SensorHub") && out.contains("watching-peer") && out.contains("DDS Tuner"),
                        "the CLI did discover (and with --all lists itself):\n" + out);
                assertNotNull(tool, "the peer saw the tool's participant among " + seen);
                final Guid toolGuid = tool;
                long demoEndpoints = endpointsByParticipant.values().stream()
                        .filter(DemoSystem.TOPICS::contains).count();
                assertTrue(demoEndpoints >= 12, "the peer's built-in readers see user endpoints: " + endpointsByParticipant);
                assertEquals(Set.of(), toolEndpoints, "the tool announced endpoints");
                assertTrue(endpointsByParticipant.keySet().stream().noneMatch(g -> g.participantGuid().equals(toolGuid)),
                        endpointsByParticipant.toString());
            }
        }
    }

    private static String name(ParticipantData p) {
        return p.qos().entityName() == null ? "(no name)" : p.qos().entityName().name();
    }
}
