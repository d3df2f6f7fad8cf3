package org.ddstuner.system;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.match.MismatchReason.Check;
import org.ddstuner.system.match.PartitionMatcher;
import org.ddstuner.system.match.QosRules;

/**
 * Says why a reader and a writer do or do not match: topic name, type name, partitions, then the
 * Request-vs-Offered QoS rules ({@link QosRules}). Type names are compared as strings: with XTypes
 * differing names can still be assignable, so such a pair is flagged as needing type information.
 * The model evaluates a pair once per pair of {@link #signature signatures} and shares the verdict.
 */
public final class MatchExplainer {

    private MatchExplainer() {
    }

    /** Why {@code reader} does not match {@code writer}, one reason per failed check; empty = they match. */
    public static List<MismatchReason> explain(Endpoint reader, Endpoint writer) {
        requireKinds(reader, writer);
        if (!reader.topicName().equals(writer.topicName())) {
            // nothing else is meaningful across topics
            return List.of(new MismatchReason(Check.TOPIC, "topic: reader " + quoted(reader.topicName())
                    + " ≠ writer " + quoted(writer.topicName()), "topic differs: reader is on "
                            + quoted(reader.topicName()) + ", writer on " + quoted(writer.topicName()), ""));
        }
        MismatchReason type = typeName(reader, writer);
        MismatchReason partitions = partitions(reader, writer);
        List<MismatchReason> qos = QosRules.check(reader.qos(), writer.qos());
        if (type == null && partitions == null) {
            return qos; // the common case: no copying
        }
        List<MismatchReason> reasons = new ArrayList<>(qos.size() + 2);
        if (type != null) {
            reasons.add(type);
        }
        if (partitions != null) {
            reasons.add(partitions);
        }
        reasons.addAll(qos);
        return reasons;
    }

    /** The full verdict for the pair. */
    public static Match match(Endpoint reader, Endpoint writer) {
        List<MismatchReason> reasons = explain(reader, writer);
        boolean typeInfo = !reasons.isEmpty() && !reader.typeName().equals(writer.typeName());
        return new Match(reader.guid(), writer.guid(), reader.topicName(), reasons, typeInfo);
    }

    /**
     * What of {@code e} the verdicts above depend on. Keep in step with {@link #explain} and
     * {@link QosRules}: a field they start reading must be added to the signature, or endpoints that
     * differ in it would wrongly share a verdict.
     */
    static MatchSignature signature(Endpoint e) {
        return MatchSignature.of(e.kind(), e.typeName(), e.hasTypeInformation(), e.partitions(), e.qos());
    }

    /** Same type name = compatible; a differing one would need XTypes assignability, not checked yet. */
    static MismatchReason typeName(Endpoint reader, Endpoint writer) {
        if (reader.typeName().equals(writer.typeName())) {
            return null;
        }
        String how = reader.hasTypeInformation() && writer.hasTypeInformation()
                ? "type information is available but assignability is not checked yet"
                : "type information of both sides would be needed to tell";
        return new MismatchReason(Check.TYPE_NAME, "type name: reader " + quoted(reader.typeName()) + " ≠ writer "
                + quoted(writer.typeName()), "type name differs: reader uses " + quoted(reader.typeName())
                        + ", writer " + quoted(writer.typeName()) + " (they may still be assignable under XTypes; "
                        + how + ")", "");
    }

    static MismatchReason partitions(Endpoint reader, Endpoint writer) {
        if (PartitionMatcher.share(reader.partitions(), writer.partitions())) {
            return null;
        }
        String r = partitionList(reader);
        String w = partitionList(writer);
        return new MismatchReason(Check.PARTITION, "partition: reader " + r + " ≠ writer " + w,
                "no common partition: reader is in " + r + ", writer in " + w,
                "add one of them to the other side's PARTITION QoS (or a pattern matching it)");
    }

    private static String quoted(String name) {
        return "\"" + name + "\"";
    }

    private static String partitionList(Endpoint e) {
        return e.partitions().stream().map(p -> p.isEmpty() ? "(default)" : "\"" + p + "\"")
                .reduce((a, b) -> a + ", " + b).orElse("(default)");
    }

    private static void requireKinds(Endpoint reader, Endpoint writer) {
        if (reader.kind() != EndpointKind.READER || writer.kind() != EndpointKind.WRITER) {
            throw new IllegalArgumentException("explain(reader, writer) needs a reader and a writer, got a "
                    + reader.kind().text() + " and a " + writer.kind().text());
        }
    }
}
