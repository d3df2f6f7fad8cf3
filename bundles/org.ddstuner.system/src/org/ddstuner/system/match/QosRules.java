package org.ddstuner.system.match;

import static org.ddstuner.system.match.DurationText.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.Presentation;

/**
 * The table of Request-vs-Offered QoS rules (DDS 1.4 §2.2.3, XTypes 1.3 §7.6.3.1). Each rule is one
 * method; {@link #ALL} lists them in the order explanations are shown. Absent policies take the
 * spec default ({@link SpecDefaults}). Ordered kinds rely on the enum order in {@link Qos}, which is
 * the spec's "less &lt; more" order.
 */
public final class QosRules {

    /** A rule with the DDS name of the policy it checks. */
    public record NamedRule(String policy, QosRule rule) {
    }

    public static final List<NamedRule> ALL = List.of(
            new NamedRule("reliability", QosRules::reliability),
            new NamedRule("durability", QosRules::durability),
            new NamedRule("deadline", QosRules::deadline),
            new NamedRule("latency_budget", QosRules::latencyBudget),
            new NamedRule("liveliness", QosRules::liveliness),
            new NamedRule("ownership", QosRules::ownership),
            new NamedRule("destination_order", QosRules::destinationOrder),
            new NamedRule("presentation", QosRules::presentation),
            new NamedRule("data_representation", QosRules::dataRepresentation));

    private QosRules() {
    }

    /** Every rule's complaint, in table order; empty when the QoS are compatible. */
    public static List<String> check(Qos requested, Qos offered) {
        List<String> reasons = null; // allocated only when needed: this runs for every pair on a topic
        for (NamedRule r : ALL) {
            String reason = r.rule().check(requested, offered);
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
    public static String reliability(Qos requested, Qos offered) {
        var r = SpecDefaults.reliability(requested, false);
        var o = SpecDefaults.reliability(offered, true);
        return o.compareTo(r) >= 0 ? null : "reader requests " + r + " reliability, writer offers " + o;
    }

    /** Offered kind ≥ requested kind (VOLATILE &lt; TRANSIENT_LOCAL &lt; TRANSIENT &lt; PERSISTENT). */
    public static String durability(Qos requested, Qos offered) {
        var r = SpecDefaults.durability(requested);
        var o = SpecDefaults.durability(offered);
        return o.compareTo(r) >= 0 ? null : "reader requests " + r + " durability, writer offers " + o;
    }

    /** Offered period ≤ requested period: the writer must promise at least as often. */
    public static String deadline(Qos requested, Qos offered) {
        Duration r = SpecDefaults.deadline(requested);
        Duration o = SpecDefaults.deadline(offered);
        return o.compareTo(r) <= 0 ? null
                : "reader requests a deadline of " + format(r) + ", writer offers only " + format(o);
    }

    /** Offered duration ≤ requested duration. */
    public static String latencyBudget(Qos requested, Qos offered) {
        Duration r = SpecDefaults.latencyBudget(requested);
        Duration o = SpecDefaults.latencyBudget(offered);
        return o.compareTo(r) <= 0 ? null
                : "reader requests a latency budget of " + format(r) + ", writer offers " + format(o);
    }

    /** Offered kind ≥ requested kind (AUTOMATIC &lt; MANUAL_BY_PARTICIPANT &lt; MANUAL_BY_TOPIC), offered lease ≤ requested. */
    public static String liveliness(Qos requested, Qos offered) {
        var rk = SpecDefaults.livelinessKind(requested);
        var ok = SpecDefaults.livelinessKind(offered);
        Duration rl = SpecDefaults.leaseDuration(requested);
        Duration ol = SpecDefaults.leaseDuration(offered);
        String kind = ok.compareTo(rk) >= 0 ? null : "reader requests " + rk + " liveliness, writer offers " + ok;
        String lease = ol.compareTo(rl) <= 0 ? null
                : "reader requests a liveliness lease of " + format(rl) + ", writer offers " + format(ol);
        return join(kind, lease, null);
    }

    /** Kinds must be equal: a SHARED reader never sees an EXCLUSIVE writer and vice versa. */
    public static String ownership(Qos requested, Qos offered) {
        var r = SpecDefaults.ownership(requested);
        var o = SpecDefaults.ownership(offered);
        return r == o ? null : "reader requests " + r + " ownership, writer offers " + o;
    }

    /** Offered kind ≥ requested kind (BY_RECEPTION_TIMESTAMP &lt; BY_SOURCE_TIMESTAMP). */
    public static String destinationOrder(Qos requested, Qos offered) {
        var r = SpecDefaults.destinationOrder(requested);
        var o = SpecDefaults.destinationOrder(offered);
        return o.compareTo(r) >= 0 ? null : "reader requests " + r + " destination order, writer offers " + o;
    }

    /** Offered access scope ≥ requested (INSTANCE &lt; TOPIC &lt; GROUP); coherent/ordered requested ⇒ offered. */
    public static String presentation(Qos requested, Qos offered) {
        if (requested.presentation() == null) {
            return null; // the default request (INSTANCE, no coherent/ordered) accepts any offer
        }
        Presentation r = SpecDefaults.presentation(requested);
        Presentation o = SpecDefaults.presentation(offered);
        String scope = o.accessScope().compareTo(r.accessScope()) >= 0 ? null
                : "reader requests " + r.accessScope() + " presentation scope, writer offers " + o.accessScope();
        String coherent = !r.coherentAccess() || o.coherentAccess() ? null
                : "reader requests coherent access, writer does not offer it";
        String ordered = !r.orderedAccess() || o.orderedAccess() ? null
                : "reader requests ordered access, writer does not offer it";
        return join(scope, coherent, ordered);
    }

    /** The non-null parts joined with "; ", or null when all are null. */
    private static String join(String a, String b, String c) {
        StringBuilder s = new StringBuilder();
        for (String part : new String[] { a, b, c }) {
            if (part != null) {
                s.append(s.isEmpty() ? "" : "; ").append(part);
            }
        }
        return s.isEmpty() ? null : s.toString();
    }

    /** The writer's first (offered) representation must be in the reader's accepted list. */
    public static String dataRepresentation(Qos requested, Qos offered) {
        List<Short> accepted = SpecDefaults.dataRepresentation(requested);
        short used = SpecDefaults.dataRepresentation(offered).get(0);
        if (accepted.contains(used)) {
            return null;
        }
        List<String> names = accepted.stream().map(SpecDefaults::dataRepresentationName).toList();
        return "reader accepts data representation " + String.join(", ", names) + ", writer uses "
                + SpecDefaults.dataRepresentationName(used);
    }
}
