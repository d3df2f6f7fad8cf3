package org.ddstuner.system;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.match.MismatchReason;

/**
 * The part of a {@link Match} that depends only on the two endpoints' {@link MatchSignature}s: shared
 * by every reader/writer pair of those signatures, which get their {@link Match} made on demand.
 */
record Verdict(List<MismatchReason> reasons, boolean needsTypeInformation) {

    Verdict {
        reasons = List.copyOf(reasons);
    }

    boolean matched() {
        return reasons.isEmpty();
    }

    Match toMatch(Guid reader, Guid writer, String topicName) {
        return new Match(reader, writer, topicName, reasons, needsTypeInformation);
    }

    /**
     * Verdicts by signature pair for the whole model. A verdict is a pure function of its two
     * signatures, so entries never go stale; the cache is emptied when it grows past a bound
     * (only a system whose QoS keep changing gets there) and refilled on demand.
     */
    static final class Cache {

        private static final int MAX_ENTRIES = 50_000;

        private record Key(MatchSignature reader, MatchSignature writer) {
        }

        private final ConcurrentHashMap<Key, Verdict> verdicts = new ConcurrentHashMap<>();

        /** The verdict for the two signatures; {@code reader} and {@code writer} are endpoints having them. */
        Verdict of(MatchSignature readerSig, Endpoint reader, MatchSignature writerSig, Endpoint writer) {
            Key key = new Key(readerSig, writerSig);
            Verdict v = verdicts.get(key);
            if (v == null) {
                Match m = MatchExplainer.match(reader, writer);
                v = new Verdict(m.reasons(), m.needsTypeInformation());
                if (verdicts.size() >= MAX_ENTRIES) {
                    verdicts.clear();
                }
                verdicts.put(key, v);
            }
            return v;
        }
    }
}
