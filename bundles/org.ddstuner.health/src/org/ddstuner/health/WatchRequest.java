package org.ddstuner.health;

import java.util.ArrayList;
import java.util.List;

/**
 * A watch asked for from the desktop ("Watch Topic…", "Watch Every Topic This Participant Writes/Reads…"): what to
 * watch and the parameters of its rules. Its {@link #rules()} join the rules file's on the connection it was asked
 * on; stopping it removes them again.
 *
 * @param scope          a topic, everything a participant writes (followed live: new topics of that participant are
 *                       watched too), or the topics a participant reads (those it read when asked)
 * @param target         the topic name, or the participant's name (a {@link Glob} matched as a rule's participant)
 * @param topics         {@link Scope#READS}: the topics; else empty
 * @param rateFloor      samples per second below which a problem fires, or {@code null} for none
 * @param silenceSeconds seconds without a sample after which a problem fires, or {@code null} for none
 * @param severity       the severity of all its problems, or {@code null} for each condition's usual one
 * @param sequenceField  an integer field each writer counts up by one per sample (its gaps are lost samples, which
 *                       libddsc does not report for a best-effort writer), or {@code null}
 */
public record WatchRequest(Scope scope, String target, List<String> topics, Double rateFloor, Double silenceSeconds,
        Severity severity, String sequenceField) {

    public enum Scope {
        TOPIC, WRITES, READS
    }

    public WatchRequest {
        topics = List.copyOf(topics);
        if (rateFloor != null && !(rateFloor > 0)) {
            throw new IllegalArgumentException("the rate floor must be more than 0 samples/s");
        }
        if (silenceSeconds != null && !(silenceSeconds > 0)) {
            throw new IllegalArgumentException("the silence must be more than 0 s");
        }
        if (sequenceField != null) {
            sequenceField = sequenceField.strip();
            if (sequenceField.isEmpty()) {
                sequenceField = null;
            } else if (!sequenceField.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*")) {
                throw new IllegalArgumentException("the sequence field is not a field name: \"" + sequenceField + "\"");
            }
        }
    }

    /** A watch without a sequence field. */
    public WatchRequest(Scope scope, String target, List<String> topics, Double rateFloor, Double silenceSeconds,
            Severity severity) {
        this(scope, target, topics, rateFloor, silenceSeconds, severity, null);
    }

    public static WatchRequest topic(String topic, Double rateFloor, Double silenceSeconds, Severity severity) {
        return new WatchRequest(Scope.TOPIC, topic, List.of(), rateFloor, silenceSeconds, severity);
    }

    /** Whether this asks for the same thing as {@code o} (a second request for it replaces the first). */
    public boolean sameTarget(WatchRequest o) {
        return scope == o.scope && target.equals(o.target);
    }

    /** The topics to open a reader on whether or not a writer matches yet. */
    public List<String> requestedTopics() {
        return switch (scope) {
            case TOPIC -> List.of(target);
            case READS -> topics;
            case WRITES -> List.of();
        };
    }

    /** For people: "topic SensorData", "everything robot_1 writes", "3 topics robot_1 reads". */
    public String label() {
        return switch (scope) {
            case TOPIC -> "topic " + target;
            case WRITES -> "everything " + target + " writes";
            case READS -> topics.size() + " topic(s) " + target + " reads";
        };
    }

    /** What fires, for people: "default rules + rate < 10/s + silence > 5 s, severity error". */
    public String parameters() {
        return "deadline, liveliness, lost/rejected, QoS, type, writers/readers gone"
                + (rateFloor != null ? " · rate < " + trim(rateFloor) + "/s" : "")
                + (silenceSeconds != null ? " · silence > " + trim(silenceSeconds) + " s" : "")
                + (sequenceField != null ? " · gaps in " + sequenceField : "")
                + " · " + (severity == null ? "usual severities" : severity.id());
    }

    /** The rules: {@link DefaultRules}' conditions plus the rate floor and silence, named after the watch. */
    public RuleSet rules() {
        List<Rule> out = new ArrayList<>();
        if (scope == Scope.WRITES) {
            add(out, Glob.ANY, Glob.of(target), "watch " + target + ": ");
        } else {
            String prefix = scope == Scope.TOPIC ? "" : "watch " + target + " reads: "; // a topic's: the plain names
            for (String t : requestedTopics()) {
                add(out, Glob.of(t), Glob.ANY, prefix);
            }
        }
        return new RuleSet(out);
    }

    private void add(List<Rule> out, Glob topic, Glob participant, String prefix) {
        List<Rule> base = new ArrayList<>(DefaultRules.forTopic("*").rules());
        if (rateFloor != null) {
            base.add(new Rule("rate-below", Condition.RATE_BELOW, Glob.ANY, Glob.ANY, rateFloor, Severity.WARNING,
                    Rule.DEFAULT_WINDOW, null));
        }
        if (silenceSeconds != null) {
            base.add(new Rule("silence", Condition.SILENCE, Glob.ANY, Glob.ANY, silenceSeconds, Severity.WARNING,
                    Rule.DEFAULT_WINDOW, null));
        }
        for (Rule r : base) {
            out.add(new Rule(prefix + r.name(), r.condition(), topic, participant, r.threshold(),
                    severity != null ? severity : r.severity(), r.window(),
                    r.condition() == Condition.SAMPLE_LOST ? sequenceField : null));
        }
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
