package org.ddstuner.system.match;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One reason why a reader and a writer do not match, made by the check that failed ({@link QosRules} for
 * the QoS policies, {@code MatchExplainer} for topic, type name and partitions). Views show
 * {@link #shortText()} where space is short (a table column, a problem's summary), {@link #explanation()} where
 * there is room for a sentence (the Details summary), and {@link #fullText()}, which adds the fix, where the
 * person reads on (problem messages and tooltips, the selected pair, the CLI); none of them is parsed.
 *
 * @param check       what failed: the policy (or topic, type name, partition)
 * @param shortText   the check first, in few words: {@code durability: reader TRANSIENT_LOCAL > writer VOLATILE}
 * @param explanation the full sentence of what differs: {@code reader requests TRANSIENT_LOCAL durability, writer
 *                    offers VOLATILE}
 * @param fix         how to make them match: {@code give the writer TRANSIENT_LOCAL durability or higher, or the
 *                    reader VOLATILE}; empty when there is no simple fix to name (different topics or type names)
 */
public record MismatchReason(Check check, String shortText, String explanation, String fix) {

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
        Objects.requireNonNull(fix, "fix");
    }

    /** The explanation and the fix: "reader requests …, writer offers …: give the writer … or the reader …". */
    public String fullText() {
        return fix.isEmpty() ? explanation : explanation + ": " + fix;
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
                String.join("; ", present.stream().map(MismatchReason::explanation).toList()),
                String.join("; ", present.stream().map(MismatchReason::fix).filter(f -> !f.isEmpty()).toList()));
    }

    /** The short texts joined with "; ", for one table cell. */
    public static String shortTexts(List<MismatchReason> reasons) {
        return String.join("; ", reasons.stream().map(MismatchReason::shortText).toList());
    }

    /** The full texts (explanation and fix) joined with "; ", for one message. */
    public static String fullTexts(List<MismatchReason> reasons) {
        return String.join("; ", reasons.stream().map(MismatchReason::fullText).toList());
    }

    /** The full text: what a person reads when the reason is printed as it is. */
    @Override
    public String toString() {
        return fullText();
    }
}
