package org.ddstuner.health;

import java.time.Duration;
import java.util.List;

/** The rules a topic watched on request ("Watch Topic…") gets when no rule of the rules file names it. */
public final class DefaultRules {

    private DefaultRules() {
    }

    public static RuleSet forTopic(String topic) {
        Glob t = Glob.of(topic);
        Duration w = Rule.DEFAULT_WINDOW;
        return new RuleSet(List.of(
                new Rule("deadline-missed", Condition.DEADLINE_MISSED, t, Glob.ANY, 1, Severity.ERROR, w, null),
                new Rule("liveliness-lost", Condition.LIVELINESS_LOST, t, Glob.ANY, 1, Severity.ERROR, w, null),
                new Rule("sample-lost", Condition.SAMPLE_LOST, t, Glob.ANY, 1, Severity.WARNING, w, null),
                new Rule("sample-rejected", Condition.SAMPLE_REJECTED, t, Glob.ANY, 1, Severity.WARNING, w, null),
                new Rule("incompatible-qos", Condition.INCOMPATIBLE_QOS, t, Glob.ANY, 1, Severity.WARNING, w, null),
                new Rule("type-mismatch", Condition.TYPE_MISMATCH, t, Glob.ANY, 0, Severity.ERROR, w, null),
                new Rule("no-writers", Condition.NO_WRITERS, t, Glob.ANY, 0, Severity.WARNING, w, null),
                new Rule("no-readers", Condition.NO_READERS, t, Glob.ANY, 0, Severity.WARNING, w, null)));
    }
}
