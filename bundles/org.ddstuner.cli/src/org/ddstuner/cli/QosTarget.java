package org.ddstuner.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.system.ToolMarker;

/**
 * The session of {@code qos show} and {@code qos set}: the tool's participant (marked as the tool's) with an
 * {@link AgentClient} and a {@link DiscoveryConfirm}, and the entity a GUID names, found by asking every agent that
 * announces itself within --wait for its entity list.
 */
final class QosTarget implements AutoCloseable {

    /** How long one agent may take to answer one request. */
    static final Duration REPLY = Duration.ofSeconds(5);

    final Guid guid;
    final int domainId;
    final Domain domain;
    final AgentClient client;
    final DiscoveryConfirm discovery;
    AgentInfo agent;
    AgentEntity entity;

    QosTarget(String guidText, CliOptions options) {
        guid = parseGuid(guidText);
        ConnectionProfile profile = options.profile("qos", 0, false);
        domainId = profile.domainId();
        domain = Domain.create(profile.domainId(), profile.configXml());
        Participant tool = domain.createParticipant(Qos.EMPTY.with(ToolMarker.userData()));
        discovery = new DiscoveryConfirm(tool);
        client = new AgentClient(tool);
    }

    /** The GUID, or a usage error (exit 2). */
    static Guid parseGuid(String guidText) {
        try {
            return Guid.parse(guidText);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "\"" + guidText + "\" is not a GUID (32 hex digits, as ls --json "
                    + "prints them, e.g. 0110abcd:12345678:9abcdef0:00001203).");
        }
    }

    /** The agent's id form of the GUID: 32 hex digits. */
    String agentId() {
        return guid.toString().replace(":", "");
    }

    /** Finds the entity; CliException (exit 1) naming the agents asked when none has it within waitSeconds. */
    void find(double waitSeconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (waitSeconds * 1e9);
        Set<String> asked = new HashSet<>();
        List<String> names = new ArrayList<>();
        do {
            for (AgentInfo a : client.agents()) {
                if (!"running".equals(a.state()) || !asked.add(a.agent())) {
                    continue;
                }
                names.add(a.process() + " (pid " + a.pid() + ")");
                for (AgentEntity e : client.list(a.agent(), REPLY)) {
                    if (e.id().equalsIgnoreCase(agentId())) {
                        agent = a;
                        entity = e;
                        return;
                    }
                }
            }
            Thread.sleep(100);
        } while (System.nanoTime() < end);
        if (names.isEmpty()) {
            throw new CliException(Main.EXIT_EXPECTATION, "no DDS Tuner agent announced itself in domain " + domainId
                    + " within " + waitSeconds + " s: the process owning " + guid + " must run the agent (see the "
                    + "agent's README; a longer --wait helps on a slow network).");
        }
        throw new CliException(Main.EXIT_EXPECTATION, "no agent in domain " + domainId + " knows entity " + guid
                + " (asked: " + String.join(", ", names) + ").");
    }

    @Override
    public void close() {
        client.close();
        discovery.close();
        domain.close();
    }
}
