package org.ddstuner.qos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Entity;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.PreconditionNotMetException;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;

/**
 * Finds out, on the loaded libddsc, which QoS policies dds_set_qos changes on an enabled entity: creates
 * scratch entities (a participant of its own on a loopback-only domain, topic, publisher, subscriber, writer,
 * reader), asks for a changed value of every policy that applies to each kind and records the return code,
 * whether dds_get_qos then shows the value and, for writers, readers and participants, whether a second
 * participant's discovery sees it. Runs once per library (path + version) per process: {@link #forLoadedLibrary()}.
 */
public final class CapabilityProbe {

    /** Policies the DDS spec gives each kind (Cyclone's extensions entity_name/properties only on participants). */
    static final Map<TunedKind, List<String>> APPLICABLE = applicable();

    private static final Duration ANNOUNCE_TIMEOUT = Duration.ofSeconds(2);
    private static final Map<String, QosCapabilities> CACHE = new ConcurrentHashMap<>();

    private CapabilityProbe() {
    }

    /** The table of the process's libddsc, probed on first use (takes a fraction of a second). */
    public static QosCapabilities forLoadedLibrary() {
        DdsLibrary lib = DdsLibrary.get();
        String key = lib.path() + "|" + lib.version();
        return CACHE.computeIfAbsent(key, k -> probe());
    }

    /** Probes now, on a loopback-only domain with a free id (220 downwards; higher ids run out of UDP ports) that this process has not opened. */
    public static QosCapabilities probe() {
        DdsLibrary lib = DdsLibrary.get();
        try (Domain domain = freeDomain()) {
            Participant scratch = domain.createParticipant();
            Participant observer = domain.createParticipant();
            try (DiscoveryConfirm confirm = new DiscoveryConfirm(observer)) {
                StructType type = StructType.builder("ddstuner::QosProbe").key("id", MemberKind.INT32)
                        .member("value", MemberKind.INT32).build();
                Topic topic = scratch.createTopic("ddstuner_qos_probe", type, null);
                Publisher pub = scratch.createPublisher(null);
                Subscriber sub = scratch.createSubscriber(null);
                Writer writer = pub.createWriter(topic, null);
                Reader reader = sub.createReader(topic, null);
                Map<TunedKind, Entity> entities = new LinkedHashMap<>();
                entities.put(TunedKind.PARTICIPANT, scratch);
                entities.put(TunedKind.TOPIC, topic);
                entities.put(TunedKind.PUBLISHER, pub);
                entities.put(TunedKind.SUBSCRIBER, sub);
                entities.put(TunedKind.WRITER, writer);
                entities.put(TunedKind.READER, reader);
                FilterEffectCheck.Result filter = FilterEffectCheck.run(scratch, topic);
                List<Capability> cells = new ArrayList<>();
                for (var e : entities.entrySet()) {
                    for (String policy : APPLICABLE.get(e.getKey())) {
                        cells.add(probe(e.getKey(), e.getValue(), policy, confirm, filter));
                    }
                }
                return new QosCapabilities(lib.path().toString(), lib.version(), cells);
            }
        }
    }

    private static Domain freeDomain() {
        for (int id = 220; id >= 190; id--) {
            try {
                return Domain.create(id, CycloneConfig.loopbackOnly());
            } catch (PreconditionNotMetException taken) {
                // open in this process already: try the next id
            }
        }
        throw new IllegalStateException("no free domain id in 190–220 for the QoS capability probe");
    }

    private static Capability probe(TunedKind kind, Entity entity, String policy, DiscoveryConfirm confirm,
            FilterEffectCheck.Result filter) {
        Object before = PolicyValues.get(entity.qos(), policy);
        Object changed = PolicyValues.changed(policy, before);
        int rc = 0;
        try {
            entity.setQos(PolicyValues.with(Qos.EMPTY, changed));
        } catch (DdsException e) {
            rc = e.retcode();
        }
        String rcName = RetcodeNames.name(rc);
        Boolean announced = null;
        String what = kind.jsonName();
        String reason;
        Changeability own;
        Changeability remote;
        if (rc == 0) {
            boolean stored = PolicyValues.holds(entity.qos(), policy, changed);
            if (kind == TunedKind.WRITER || kind == TunedKind.READER) {
                announced = confirm.awaitEndpoint(entity.guid(), q -> PolicyValues.holds(q, policy, changed),
                        ANNOUNCE_TIMEOUT).isPresent();
            } else if (kind == TunedKind.PARTICIPANT) {
                announced = confirm.awaitParticipant(entity.guid(), q -> PolicyValues.holds(q, policy, changed),
                        ANNOUNCE_TIMEOUT).isPresent();
            }
            String noEffect = TuningFacts.noEffect(kind, policy);
            if (kind == TunedKind.READER && policy.equals("time_based_filter") && filter.conclusive()) {
                // measured beats read from the sources
                noEffect = filter.applied() ? null : "the filter is not applied: " + filter.text();
            } else if (kind == TunedKind.READER && policy.equals("time_based_filter")) {
                noEffect += " (not measurable here: " + filter.text() + ")";
            }
            if (!stored) {
                noEffect = "dds_get_qos still shows the old value afterwards";
            }
            if (noEffect != null) {
                own = kind.endpoint() ? Changeability.RECREATE : Changeability.IMMUTABLE;
                remote = Changeability.NEXT_START;
                reason = "dds_set_qos accepts a change on an enabled " + what + " (" + rcName + ") but it has no effect: "
                        + noEffect;
            } else {
                own = Changeability.LIVE;
                remote = Changeability.LIVE;
                reason = "dds_set_qos changes it on an enabled " + what + " (" + rcName + ")"
                        + (kind == TunedKind.READER && policy.equals("time_based_filter") ? "; " + filter.text() : "")
                        + (announced == null ? ""
                        : announced ? "; the new value is re-announced in discovery"
                                : "; but a second participant's discovery did not see the new value within "
                                        + ANNOUNCE_TIMEOUT.toSeconds() + " s");
            }
        } else {
            own = kind.endpoint() ? Changeability.RECREATE : Changeability.IMMUTABLE;
            remote = Changeability.NEXT_START;
            reason = "dds_set_qos refuses a change on an enabled " + what + " (" + rcName + ": " + why(rc) + ")"
                    + (kind.endpoint() ? "" : "; re-creating a " + what + " would re-create every entity under it");
        }
        String expected = TuningFacts.EXPECTED.get(policy);
        boolean agree = expected == null || expected.equals(rcName);
        if (!agree) {
            reason += ". Cyclone's sources say " + expected + "; this library answered " + rcName + " (the probe is trusted)";
        }
        return new Capability(kind, policy, own, remote, rcName, reason, announced, agree);
    }

    private static String why(int rc) {
        return switch (RetcodeNames.name(rc)) {
            case TuningFacts.IMMUTABLE -> "Cyclone does not let this policy change after the entity is created";
            case TuningFacts.UNSUPPORTED -> "Cyclone does not support changing a policy that affects matching";
            default -> "unexpected for a valid value";
        };
    }

    private static Map<TunedKind, List<String>> applicable() {
        List<String> topicLike = List.of("durability", "durability_service", "deadline", "latency_budget", "liveliness",
                "reliability", "destination_order", "history", "resource_limits", "transport_priority", "lifespan",
                "ownership", "data_representation");
        Map<TunedKind, List<String>> m = new LinkedHashMap<>();
        m.put(TunedKind.PARTICIPANT, List.of("user_data", "entity_name", "properties"));
        List<String> topic = new ArrayList<>(topicLike);
        topic.add(0, "topic_data");
        m.put(TunedKind.TOPIC, List.copyOf(topic));
        m.put(TunedKind.PUBLISHER, List.of("presentation", "partition", "group_data"));
        m.put(TunedKind.SUBSCRIBER, List.of("presentation", "partition", "group_data"));
        List<String> writer = new ArrayList<>(topicLike);
        writer.addAll(List.of("user_data", "ownership_strength", "writer_data_lifecycle"));
        m.put(TunedKind.WRITER, List.copyOf(writer));
        m.put(TunedKind.READER, List.of("durability", "deadline", "latency_budget", "liveliness", "reliability",
                "destination_order", "history", "resource_limits", "user_data", "ownership", "time_based_filter",
                "reader_data_lifecycle", "data_representation", "type_consistency"));
        return Map.copyOf(m);
    }
}
