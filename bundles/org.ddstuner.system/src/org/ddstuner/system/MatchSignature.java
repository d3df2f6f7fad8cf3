package org.ddstuner.system;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.ddstuner.dds.Qos;

/**
 * Everything of one endpoint that {@link MatchExplainer#explain} reads, and nothing else: kind, type
 * name and whether type information was sent, partitions, and the raw Request-vs-Offered policies.
 * Two endpoints with equal signatures get the same verdict against any endpoint of the other side on
 * the same topic, so a topic with 25 readers and 25 writers of one QoS needs one verdict, not 625.
 * The hash is computed once: signatures are grouped on every snapshot of a changed topic.
 */
final class MatchSignature {

    private final Object[] parts;
    private final int hash;

    private MatchSignature(Object[] parts) {
        this.parts = parts;
        this.hash = Arrays.hashCode(parts);
    }

    /** Built by {@link MatchExplainer#signature}, next to the rules that decide what must be in it. */
    static MatchSignature of(EndpointKind kind, String typeName, boolean hasTypeInformation, List<String> partitions,
            Qos qos) {
        return new MatchSignature(new Object[] { kind, typeName, hasTypeInformation, partitions, qos.reliability(),
                qos.durability(), qos.deadline(), qos.latencyBudget(), qos.liveliness(), qos.ownership(),
                qos.destinationOrder(), qos.presentation(), qos.dataRepresentation() });
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof MatchSignature s && s.hash == hash && Arrays.equals(s.parts, parts);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Objects.toString(Arrays.asList(parts));
    }
}
