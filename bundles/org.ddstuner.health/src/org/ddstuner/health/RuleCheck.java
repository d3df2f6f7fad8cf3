package org.ddstuner.health;

import java.util.Set;

import org.ddstuner.dds.ReaderStatuses;
import org.ddstuner.health.internal.CounterHistory.Counters;

/**
 * Decides whether a rule's condition holds on a watched topic now, and words why. Count conditions compare the
 * increase over the rule's window with the threshold (at least 1), so a problem clears one window after the last
 * miss, loss or change; state conditions (liveliness lost, no writers, incompatible QoS, type mismatch) hold while
 * the state lasts.
 */
final class RuleCheck {

    private RuleCheck() {
    }

    /**
     * @param everHadWriters the topic had a matching writer at some time while watched
     * @param readers        the applications' readers of the topic alive now
     * @param everHadReaders the topic had an application's reader at some time while watched
     * @return the detail when the condition holds, {@code null} when it does not
     */
    static String check(Rule r, TopicWatch w, TopicFacts facts, boolean everHadWriters, int readers,
            boolean everHadReaders, long now) {
        Counters in = w.within(r.window(), now);
        double min = Math.max(1, r.threshold());
        String win = seconds(r.window().toNanos()) + " s";
        int writers = facts.writers().size();
        return switch (r.condition()) {
            case DEADLINE_MISSED -> in.deadlineMissed() >= min ? in.deadlineMissed() + " deadline miss(es) in the last "
                    + win + " (requested deadline " + deadline(w) + ")" : null;
            case LIVELINESS_LOST -> w.notAlive() >= min ? w.notAlive() + " writer(s) lost liveliness, " + w.alive()
                    + " alive" : null;
            case LIVELINESS_CHANGED -> in.livelinessChanges() >= min ? in.livelinessChanges()
                    + " liveliness change(s) in the last " + win + " (now " + w.alive() + " alive, " + w.notAlive()
                    + " not alive)" : null;
            case SAMPLE_LOST -> in.lost() >= min ? in.lost() + " sample(s) lost in the last " + win : null;
            case SAMPLE_REJECTED -> in.rejected() >= min ? in.rejected() + " sample(s) rejected in the last " + win
                    + " (" + w.lastRejectReason() + ")" : null;
            case INCOMPATIBLE_QOS -> incompatible(w, writers, min, false);
            case TYPE_MISMATCH -> typeMismatch(w, facts, writers);
            case NO_WRITERS -> everHadWriters && writers == 0 ? "no writer of the topic is alive any more" : null;
            case NO_READERS -> everHadReaders && readers == 0 ? "no reader of the topic is alive any more (" + writers
                    + " writer(s) still writing)" : null;
            case RATE_BELOW -> rateBelow(r, w, in, writers, now);
            case SILENCE -> w.silentNanos(now) > r.threshold() * 1e9 ? "no sample for " + seconds(w.silentNanos(now))
                    + " s (" + (w.received() == 0 ? "none since the watch began" : w.received() + " received before")
                    + ", " + writers + " writer(s))" : null;
            case RETRANSMIT_RATE, THROTTLING, READER_DISCARDED -> null; // AgentRuleCheck's, not a topic watch's
        };
    }

    private static String incompatible(TopicWatch w, int writers, double min, boolean typePolicy) {
        int unmatched = writers - w.matched();
        if (w.incompatibleTotal() == 0 || unmatched < min
                || ReaderStatuses.isTypePolicy(w.lastIncompatiblePolicy()) != typePolicy) {
            return null;
        }
        return unmatched + " of " + writers + " writer(s) not matched: incompatible "
                + ReaderStatuses.policyName(w.lastIncompatiblePolicy());
    }

    private static String typeMismatch(TopicWatch w, TopicFacts facts, int writers) {
        Set<String> names = facts.typeNames();
        if (names.size() > 1) {
            return "writers announce " + names.size() + " types: " + String.join(", ", names);
        }
        if (names.size() == 1 && !names.contains(w.typeName())) {
            return "writers announce " + names.iterator().next() + ", the watch reads " + w.typeName();
        }
        return incompatible(w, writers, 1, true);
    }

    private static String rateBelow(Rule r, TopicWatch w, Counters in, int writers, long now) {
        if (writers == 0 || w.ageNanos(now) < r.window().toNanos()) {
            return null; // no writer is NO_WRITERS' business; a young watch has no full window yet
        }
        double rate = in.received() / (r.window().toNanos() / 1e9);
        return rate < r.threshold() ? String.format("%.1f samples/s over the last %s s, below %s", rate,
                seconds(r.window().toNanos()), trim(r.threshold())) : null;
    }

    private static String deadline(TopicWatch w) {
        var d = w.qos().qos().deadline();
        return d == null ? "none" : seconds(d.period().toNanos()) + " s";
    }

    static String seconds(long nanos) {
        return trim(Math.round(nanos / 1e6) / 1000.0);
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
