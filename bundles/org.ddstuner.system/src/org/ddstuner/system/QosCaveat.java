package org.ddstuner.system;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;

/**
 * A QoS value the model shows but the remote side never sent. The DDS standard's discovery data
 * (DDS 1.4 §2.2.5, PublicationBuiltinTopicData / SubscriptionBuiltinTopicData) has no history,
 * resource limits, transport priority or data-lifecycle policies. Cyclone DDS sends them anyway and
 * fills whatever a remote participant left out with its own defaults, so for every other vendor
 * these values are Cyclone's defaults, not the application's settings (RTI Connext and Fast DDS, for
 * one, do not send history depth).
 *
 * @param policy the policy's DDS name, as in {@link Qos#NAMES} and the JSON export ("history")
 * @param text   the caveat for a person, naming the vendor and the value shown
 */
public record QosCaveat(String policy, String text) {

    /** The caveats for an endpoint of {@code vendor} whose discovered QoS is {@code qos}. */
    public static List<QosCaveat> of(Vendor vendor, EndpointKind kind, Qos qos) {
        if (vendor.id() == Vendor.CYCLONE || qos == null) {
            return List.of();
        }
        List<QosCaveat> out = new ArrayList<>(3);
        if (qos.history() != null) {
            Qos.History h = qos.history();
            String shown = h.kind() == Qos.HistoryKind.KEEP_LAST ? "KEEP_LAST " + h.depth() : h.kind().name();
            out.add(caveat("history", vendor, "history depth", shown));
        }
        if (qos.resourceLimits() != null) {
            Qos.ResourceLimits r = qos.resourceLimits();
            out.add(caveat("resource_limits", vendor, "resource limits", "max_samples " + limit(r.maxSamples())
                    + ", max_instances " + limit(r.maxInstances()) + ", max_samples_per_instance "
                    + limit(r.maxSamplesPerInstance())));
        }
        if (qos.transportPriority() != null) {
            out.add(caveat("transport_priority", vendor, "transport priority",
                    "priority " + qos.transportPriority().value()));
        }
        if (kind == EndpointKind.WRITER && qos.writerDataLifecycle() != null) {
            out.add(caveat("writer_data_lifecycle", vendor, "writer data lifecycle", "autodispose_unregistered_instances "
                    + qos.writerDataLifecycle().autodisposeUnregisteredInstances()));
        }
        if (kind == EndpointKind.READER && qos.readerDataLifecycle() != null) {
            out.add(new QosCaveat("reader_data_lifecycle", "reader data lifecycle is not announced by " + vendor.name()
                    + "; the autopurge delays shown are Cyclone's defaults, not the application's setting"));
        }
        return List.copyOf(out);
    }

    private static QosCaveat caveat(String policy, Vendor vendor, String what, String shown) {
        return new QosCaveat(policy, what + " is not announced by " + vendor.name() + "; " + shown
                + " is Cyclone's default, not the application's setting");
    }

    private static String limit(int v) {
        return v < 0 ? "unlimited" : Integer.toString(v);
    }
}
