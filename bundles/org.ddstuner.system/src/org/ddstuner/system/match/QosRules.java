package org.ddstuner.system.match;

import static org.ddstuner.system.match.DurationText.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.Presentation;
import org.ddstuner.system.match.MismatchReason.Check;

/**
 * The table of Request-vs-Offered QoS rules (DDS 1.4 §2.2.3, XTypes 1.3 §7.6.3.1). Each rule is one
 * method returning a {@link MismatchReason} (or {@code null} when compatible); {@link #ALL} lists them in
 * the order explanations are shown. Absent policies take the spec default ({@link SpecDefaults}). Ordered
 * kinds rely on the enum order in {@link Qos}, which is the spec's "less &lt; more" order.
 */
public final class QosRules {

    /** A rule with the policy it checks (the {@link MismatchReason#check()} of what it returns). */
    public record NamedRule(Check check, QosRule rule) {

        /** The DDS name of the policy, e.g. "latency_budget". */
        public String policy() {
            return check.policyName();
        }
    }

    public static final List<NamedRule> ALL = List.of(
            new NamedRule(Check.RELIABILITY, QosRules::reliability),
            new NamedRule(Check.DURABILITY, QosRules::durability),
            new NamedRule(Check.DEADLINE, QosRules::deadline),
            new NamedRule(Check.LATENCY_BUDGET, QosRules::latencyBudget),
            new NamedRule(Check.LIVELINESS, QosRules::liveliness),
            new NamedRule(Check.OWNERSHIP, QosRules::ownership),
            new NamedRule(Check.DESTINATION_ORDER, QosRules::destinationOrder),
            new NamedRule(Check.PRESENTATION, QosRules::presentation),
            new NamedRule(Check.DATA_REPRESENTATION, QosRules::dataRepresentation));

    private QosRules() {
    }

    /** Every rule's complaint, in table order; empty when the QoS are compatible. */
    public static List<MismatchReason> check(Qos requested, Qos offered) {
        List<MismatchReason> reasons = null; // allocated only when needed: this runs for every pair on a topic
        for (NamedRule r : ALL) {
            MismatchReason reason = r.rule().check(requested, offered);
            if (reason != null) {
                if (reasons == null) {
                    reasons = new ArrayList<>(2);
                }
                reasons.add(reason);
            }
        }
        return reasons == null ? List.of() : reasons;
    }

    /** Offered kind ≥ requested kind (BEST_EFFORT &lt; RELIABLE). */
    public static MismatchReason reliability(Qos requested, Qos offered) {
        return atLeast(Check.RELIABILITY, "reliability", SpecDefaults.reliability(requested, false),
                SpecDefaults.reliability(offered, true));
    }

    /** Offered kind ≥ requested kind (VOLATILE &lt; TRANSIENT_LOCAL &lt; TRANSIENT &lt; PERSISTENT). */
    public static MismatchReason durability(Qos requested, Qos offered) {
        return atLeast(Check.DURABILITY, "durability", SpecDefaults.durability(requested),
                SpecDefaults.durability(offered));
    }

    /** Offered period ≤ requested period: the writer must promise at least as often. */
    public static MismatchReason deadline(Qos requested, Qos offered) {
        return atMost(Check.DEADLINE, "deadline", "writer offers only", SpecDefaults.deadline(requested),
                SpecDefaults.deadline(offered));
    }

    /** Offered duration ≤ requested duration. */
    public static MismatchReason latencyBudget(Qos requested, Qos offered) {
        return atMost(Check.LATENCY_BUDGET, "latency budget", "writer offers", SpecDefaults.latencyBudget(requested),
                SpecDefaults.latencyBudget(offered));
    }

    /** Offered kind ≥ requested kind (AUTOMATIC &lt; MANUAL_BY_PARTICIPANT &lt; MANUAL_BY_TOPIC), offered lease ≤ requested. */
    public static MismatchReason liveliness(Qos requested, Qos offered) {
        MismatchReason kind = atLeast(Check.LIVELINESS, "liveliness", SpecDefaults.livelinessKind(requested),
                SpecDefaults.livelinessKind(offered));
        MismatchReason lease = atMost(Check.LIVELINESS, "liveliness lease", "writer offers",
                SpecDefaults.leaseDuration(requested), SpecDefaults.leaseDuration(offered));
        return MismatchReason.join(Check.LIVELINESS, kind, lease);
    }

    /** Kinds must be equal: a SHARED reader never sees an EXCLUSIVE writer and vice versa. */
    public static MismatchReason ownership(Qos requested, Qos offered) {
        var r = SpecDefaults.ownership(requested);
        var o = SpecDefaults.ownership(offered);
        return r == o ? null : new MismatchReason(Check.OWNERSHIP, "ownership: reader " + r + " ≠ writer " + o,
                "reader requests " + r + " ownership, writer offers " + o, "give both the same ownership kind");
    }

    /** Offered kind ≥ requested kind (BY_RECEPTION_TIMESTAMP &lt; BY_SOURCE_TIMESTAMP). */
    public static MismatchReason destinationOrder(Qos requested, Qos offered) {
        return atLeast(Check.DESTINATION_ORDER, "destination order", SpecDefaults.destinationOrder(requested),
                SpecDefaults.destinationOrder(offered));
    }

    /** Offered access scope ≥ requested (INSTANCE &lt; TOPIC &lt; GROUP); coherent/ordered requested ⇒ offered. */
    public static MismatchReason presentation(Qos requested, Qos offered) {
        if (requested.presentation() == null) {
            return null; // the default request (INSTANCE, no coherent/ordered) accepts any offer
        }
        Presentation r = SpecDefaults.presentation(requested);
        Presentation o = SpecDefaults.presentation(offered);
        MismatchReason scope = atLeast(Check.PRESENTATION, "presentation scope", r.accessScope(), o.accessScope());
        MismatchReason coherent = !r.coherentAccess() || o.coherentAccess() ? null : access("coherent");
        MismatchReason ordered = !r.orderedAccess() || o.orderedAccess() ? null : access("ordered");
        return MismatchReason.join(Check.PRESENTATION, scope, coherent, ordered);
    }

    /** The writer's first (offered) representation must be in the reader's accepted list. */
    public static MismatchReason dataRepresentation(Qos requested, Qos offered) {
        List<Short> accepted = SpecDefaults.dataRepresentation(requested);
        short used = SpecDefaults.dataRepresentation(offered).get(0);
        if (accepted.contains(used)) {
            return null;
        }
        String names = String.join(", ", accepted.stream().map(SpecDefaults::dataRepresentationName).toList());
        String usedName = SpecDefaults.dataRepresentationName(used);
        return new MismatchReason(Check.DATA_REPRESENTATION, "data representation: reader " + names + ", writer "
                + usedName, "reader accepts data representation " + names + ", writer uses " + usedName,
                "let the reader accept " + usedName + ", or list " + names.split(", ")[0]
                        + " first in the writer's data representation");
    }

    /**
     * A kind the writer must offer at least as strongly as the reader requests:
     * "durability: reader TRANSIENT_LOCAL &gt; writer VOLATILE".
     */
    private static <K extends Enum<K>> MismatchReason atLeast(Check check, String what, K requested, K offered) {
        if (offered.compareTo(requested) >= 0) {
            return null;
        }
        boolean strongest = requested.ordinal() == requested.getDeclaringClass().getEnumConstants().length - 1;
        return new MismatchReason(check, what + ": reader " + requested + " > writer " + offered,
                "reader requests " + requested + " " + what + ", writer offers " + offered, "give the writer "
                        + requested + " " + what + (strongest ? "" : " or higher") + ", or the reader " + offered);
    }

    /**
     * A duration the writer must offer at most as long as the reader requests: "deadline: reader 1 s &lt; writer
     * 2 s".
     *
     * @param offers how the sentence says what the writer offers ("writer offers only")
     */
    private static MismatchReason atMost(Check check, String what, String offers, Duration requested,
            Duration offered) {
        if (offered.compareTo(requested) <= 0) {
            return null;
        }
        String readerFix = Qos.isInfinite(offered) ? "or drop the reader's " + what
                : "or the reader " + format(offered) + " or more";
        return new MismatchReason(check, what + ": reader " + format(requested) + " < writer " + format(offered),
                "reader requests a " + what + " of "
                        + format(requested) + ", " + offers + " " + format(offered), "give the writer a " + what
                        + " of " + format(requested) + " or less, " + readerFix);
    }

    /** Coherent or ordered access the reader requests and the writer does not offer. */
    private static MismatchReason access(String which) {
        return new MismatchReason(Check.PRESENTATION, which + " access: writer does not offer it",
                "reader requests " + which + " access, writer does not offer it", "turn on " + which
                        + " access in the writer's publisher presentation QoS, or off in the reader's subscriber");
    }
}
