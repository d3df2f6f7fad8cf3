package org.ddstuner.system.match;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One reason why a reader and a writer do not match, made by the check that failed ({@link QosRules} for
 * the QoS policies, {@code MatchExplainer} for topic, type name and partitions). Views show
 * {@link #shortText()} where space is short (a table column, a problem's summary) and
 * {@link #explanation()} where the person reads on (tooltips, details, CLI, JSON); neither is parsed.
 *
 * @param check       what failed: the policy (or topic, type name, partition)
 * @param shortText   the check first, in few words: {@code durability: reader TRANSIENT_LOCAL > writer VOLATILE}
 * @param explanation the full sentence with how to fix it: {@code reader requests TRANSIENT_LOCAL durability,
 *                    writer offers VOLATILE: give the writer TRANSIENT_LOCAL durability or higher, or the reader
 *                    VOLATILE}
 */
public record MismatchReason(Check check, String shortText, String explanation) {

    /** What a reader/writer pair is checked for, in the order the reasons are listed. */
    public enum Check {
        TOPIC("topic"),
        TYPE_NAME("type name"),
        PARTITION("partition"),
        RELIABILITY("reliability"),
        DURABILITY("durability"),
        DEADLINE("deadline"),
        LATENCY_BUDGET("latency budget"),
        LIVELINESS("liveliness"),
        OWNERSHIP("ownership"),
        DESTINATION_ORDER("destination order"),
        PRESENTATION("presentation"),
        DATA_REPRESENTATION("data representation");

        private final String text;

        Check(String text) {
            this.text = text;
        }

        /** How people read it: "latency budget". */
        public String text() {
            return text;
        }

        /** The DDS name of the policy (the key of {@code Qos.setPolicies()}), e.g. "latency_budget". */
        public String policyName() {
            return text.replace(' ', '_');
        }
    }

    public MismatchReason {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(shortText, "shortText");
        Objects.requireNonNull(explanation, "explanation");
    }

    /**
     * Several failed parts of one check (the liveliness kind and its lease) as one reason: a check counts
     * once when the model looks for the nearest mismatch. {@code null} parts are skipped; all {@code null}
     * gives {@code null}.
     */
    static MismatchReason join(Check check, MismatchReason... parts) {
        List<MismatchReason> present = Arrays.stream(parts).filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return null;
        }
        if (present.size() == 1) {
            return present.get(0);
        }
        return new MismatchReason(check, String.join("; ", present.stream().map(MismatchReason::shortText).toList()),
                String.join("; ", present.stream().map(MismatchReason::explanation).toList()));
    }

    /** The short texts joined with "; ", for one table cell. */
    public static String shortTexts(List<MismatchReason> reasons) {
        return String.join("; ", reasons.stream().map(MismatchReason::shortText).toList());
    }

    /** The explanations joined with "; ", for one sentence. */
    public static String explanations(List<MismatchReason> reasons) {
        return String.join("; ", reasons.stream().map(MismatchReason::explanation).toList());
    }

    /** The explanation: what a person reads when the reason is printed as it is. */
    @Override
    public String toString() {
        return explanation;
    }
}
