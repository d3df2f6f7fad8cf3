package org.ddstuner.pother.ui;

import java.util.Map;
import java.util.Set;

import org.ddstuner.agent.ui.ApplicationEntity;
import org.ddstuner.agent.ui.EndpointRecreation;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.RunDefinition;

/**
 * The policies of a running test's endpoints that cannot change live but are part of its definition (reliability,
 * history, durability, latency budget): changed by redefining the test, as the Launcher's Apply does. The agents
 * rebuild its tests, so every reader and writer of the test is re-created with the new QoS (new GUIDs) while the run
 * goes on. Keeps the definition it last redefined to, so edits add up.
 */
final class BenchmarkRecreation implements EndpointRecreation {

    /** What a test definition carries besides transport priority (live; carried along so a rebuild keeps it). */
    static final Set<String> POLICIES = Set.of("reliability", "history", "durability", "latency_budget",
            "transport_priority");

    private final BenchmarkSession session;
    private final BenchmarkRun run;
    private volatile RunDefinition last;

    BenchmarkRecreation(BenchmarkSession session, BenchmarkRun run) {
        this.session = session;
        this.run = run;
        this.last = run.definition();
    }

    @Override
    public boolean handles(ApplicationEntity e, String policy) {
        RunDefinition.Kind k = last.kind();
        return POLICIES.contains(policy) && (k == RunDefinition.Kind.LATENCY || k == RunDefinition.Kind.THROUGHPUT);
    }

    @Override
    public String reason() {
        return Messages.EDIT_QOS_RECREATE_REASON;
    }

    @Override
    public Request recreate(ApplicationEntity e, Map<String, Object> policies) {
        if (session.current() != run || !session.isRunning()) {
            return Request.refused(Messages.EDIT_QOS_RUN_ENDED);
        }
        RunDefinition d = last;
        EndpointQos q = d.endpointQos();
        boolean reliable = d.reliable();
        // a priority set live on this endpoint stays (the rebuilt endpoints start from the definition)
        int priority = e.announcedQos().transportPriority() instanceof Qos.TransportPriority p ? p.value()
                : q.transportPriority();
        int depth = q.historyDepth();
        long budget = q.latencyBudgetNanos();
        int durability = q.durability();
        for (var p : policies.entrySet()) {
            switch (p.getValue()) {
                case Qos.Reliability r -> reliable = r.kind() == Qos.ReliabilityKind.RELIABLE;
                case Qos.History h -> depth = h.kind() == Qos.HistoryKind.KEEP_ALL ? 0 : h.depth();
                case Qos.LatencyBudget b -> budget = b.duration().toNanos();
                case Qos.TransportPriority t -> priority = t.value();
                case Qos.Durability x when x.kind() == Qos.DurabilityKind.VOLATILE -> durability = TestQos.VOLATILE;
                case Qos.Durability x when x.kind() == Qos.DurabilityKind.TRANSIENT_LOCAL ->
                    durability = TestQos.TRANSIENT_LOCAL;
                default -> {
                    return Request.refused(String.format(Messages.EDIT_QOS_NOT_IN_DEFINITION, p.getKey(), p.getValue()));
                }
            }
        }
        RunDefinition next;
        try {
            next = d.withReliable(reliable).withEndpointQos(new EndpointQos(depth, priority, budget, durability));
        } catch (IllegalArgumentException bad) {
            return Request.refused(bad.getMessage());
        }
        String why = session.redefine(next);
        if (why != null) {
            return Request.refused(why);
        }
        last = next;
        return Request.taken(next.testQos().toQos());
    }
}
