package org.ddstuner.system.match;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.dds.Qos.Presentation;
import org.ddstuner.dds.Qos.ReliabilityKind;

/**
 * The value of each matching-relevant policy with the DDS spec default filled in when the policy is
 * absent. Discovery data from RTI or Fast DDS omits policies that have their default value, so a
 * rule must never treat "absent" as "incompatible".
 */
public final class SpecDefaults {

    /** The default partition is the single empty name. */
    public static final List<String> DEFAULT_PARTITIONS = List.of("");
    public static final List<Short> DEFAULT_DATA_REPRESENTATION = List.of(Qos.XCDR1);

    private SpecDefaults() {
    }

    public static DurabilityKind durability(Qos q) {
        return q.durability() == null || q.durability().kind() == null ? DurabilityKind.VOLATILE
                : q.durability().kind();
    }

    /** Spec default differs by side: readers BEST_EFFORT, writers RELIABLE. */
    public static ReliabilityKind reliability(Qos q, boolean writer) {
        if (q.reliability() == null || q.reliability().kind() == null) {
            return writer ? ReliabilityKind.RELIABLE : ReliabilityKind.BEST_EFFORT;
        }
        return q.reliability().kind();
    }

    public static Duration deadline(Qos q) {
        return q.deadline() == null || q.deadline().period() == null ? Qos.INFINITE : q.deadline().period();
    }

    public static Duration latencyBudget(Qos q) {
        return q.latencyBudget() == null || q.latencyBudget().duration() == null ? Duration.ZERO
                : q.latencyBudget().duration();
    }

    public static LivelinessKind livelinessKind(Qos q) {
        return q.liveliness() == null || q.liveliness().kind() == null ? LivelinessKind.AUTOMATIC
                : q.liveliness().kind();
    }

    public static Duration leaseDuration(Qos q) {
        return q.liveliness() == null || q.liveliness().leaseDuration() == null ? Qos.INFINITE
                : q.liveliness().leaseDuration();
    }

    public static OwnershipKind ownership(Qos q) {
        return q.ownership() == null || q.ownership().kind() == null ? OwnershipKind.SHARED : q.ownership().kind();
    }

    public static DestinationOrderKind destinationOrder(Qos q) {
        return q.destinationOrder() == null || q.destinationOrder().kind() == null
                ? DestinationOrderKind.BY_RECEPTION_TIMESTAMP
                : q.destinationOrder().kind();
    }

    public static Presentation presentation(Qos q) {
        Presentation p = q.presentation();
        if (p == null) {
            return new Presentation(AccessScope.INSTANCE, false, false);
        }
        return p.accessScope() == null ? new Presentation(AccessScope.INSTANCE, p.coherentAccess(), p.orderedAccess())
                : p;
    }

    /** Accepted representations in preference order; a writer offers only the first. */
    public static List<Short> dataRepresentation(Qos q) {
        return q.dataRepresentation() == null || q.dataRepresentation().ids().isEmpty() ? DEFAULT_DATA_REPRESENTATION
                : q.dataRepresentation().ids();
    }

    /** Partition names as declared; no partition policy or an empty list means the default partition "". */
    public static List<String> partitions(Qos q) {
        return q.partition() == null || q.partition().names().isEmpty() ? DEFAULT_PARTITIONS : q.partition().names();
    }

    public static String dataRepresentationName(short id) {
        return switch (id) {
            case Qos.XCDR1 -> "XCDR1";
            case Qos.XML -> "XML";
            case Qos.XCDR2 -> "XCDR2";
            default -> "representation " + id;
        };
    }
}
