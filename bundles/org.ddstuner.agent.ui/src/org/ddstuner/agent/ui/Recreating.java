package org.ddstuner.agent.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.agent.AgentEntity;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyOutcome.Status;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.ui.Tuning;

/**
 * The "by re-creating" part of {@link ApplicationEntity#apply}: hands the policies to the {@link EndpointRecreation},
 * then waits for discovery to announce a new endpoint of the same kind on the same topic (a GUID not announced
 * before) with the requested values, and moves the entity over to it (its GUID, its agent's listing).
 */
final class Recreating {

    /**
     * How long the new endpoint may take to appear: the owner rebuilds the test on its own thread, the agent process
     * deletes and creates the endpoints, and discovery announces them (seconds on a loaded machine).
     */
    static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(30);

    /** The outcomes and the new endpoint's announcement (empty when not seen). */
    record Result(List<PolicyOutcome> outcomes, Optional<EndpointData> announced) { }

    private Recreating() {
    }

    static Result apply(ApplicationEntity e, EndpointRecreation how, Map<String, Object> policies, Qos before)
            throws InterruptedException {
        var discovery = Tuning.discovery(e.connection());
        String topic = e.entity().topic();
        Set<Guid> known = discovery.endpoints(topic, e.isWriter()).stream().map(EndpointData::key)
                .collect(Collectors.toSet());
        known.add(e.guid());
        EndpointRecreation.Request request = how.recreate(e, policies);
        String refused = request.refused();
        Map<String, Object> expect = new java.util.LinkedHashMap<>();
        policies.forEach((p, v) -> {
            Object made = request.expected() == null ? null : PolicyValues.get(request.expected(), p);
            expect.put(p, made != null ? made : v);
        });
        Optional<EndpointData> announced = Optional.empty();
        if (refused == null) {
            long end = System.nanoTime() + CONFIRM_TIMEOUT.toNanos();
            while (announced.isEmpty() && System.nanoTime() < end) {
                announced = discovery.endpoints(topic, e.isWriter()).stream().filter(d -> !known.contains(d.key()))
                        .filter(d -> expect.entrySet().stream()
                                .allMatch(x -> PolicyValues.holds(d.qos(), x.getKey(), x.getValue())))
                        .findFirst();
                if (announced.isEmpty()) {
                    Thread.sleep(50);
                }
            }
        }
        List<PolicyOutcome> out = new ArrayList<>();
        for (var p : policies.entrySet()) {
            Object old = PolicyValues.get(before, p.getKey());
            if (refused != null) {
                out.add(new PolicyOutcome(p.getKey(), Changeability.RECREATE, Status.FAILED, old, p.getValue(), null, false,
                        refused));
            } else {
                Object now = announced.map(d -> PolicyValues.get(d.qos(), p.getKey())).orElse(null);
                out.add(new PolicyOutcome(p.getKey(), Changeability.RECREATE, Status.APPLIED, old, expect.get(p.getKey()), now,
                        announced.isPresent(), how.reason() + (announced.isPresent()
                                ? "; discovery announces the new endpoint " + announced.get().key() + " with it"
                                : "; no new endpoint with it announced within " + CONFIRM_TIMEOUT.toSeconds() + " s")));
            }
        }
        return new Result(out, announced);
    }

    /** The agent's listing of the new endpoint (it learns entities as they are created), else the old one's moved over. */
    static AgentEntity listing(ApplicationEntity e, Guid newGuid) {
        try {
            for (AgentEntity a : AgentSessions.client(e.connection()).list(e.agent().agent(), ApplicationEntity.REPLY)) {
                if (!a.id().startsWith("handle:") && Guid.parse(a.id()).equals(newGuid)) {
                    return a;
                }
            }
        } catch (RuntimeException ex) {
            // the agent did not answer: the old listing with the new id still addresses the new endpoint
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        return moved(e.entity(), newGuid);
    }

    /** {@code old}'s listing addressing the endpoint {@code newGuid} that replaced it (without asking the agent). */
    static AgentEntity moved(AgentEntity old, Guid newGuid) {
        return new AgentEntity(java.util.HexFormat.of().formatHex(newGuid.bytes()), old.kind(), old.parent(), old.topic(),
                old.type(), old.qos());
    }
}
