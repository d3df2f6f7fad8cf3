package org.ddstuner.system.match;

import org.ddstuner.dds.Qos;

/**
 * One Request-vs-Offered rule of the DDS spec: compares what a reader requests with what a writer
 * offers for one policy.
 */
@FunctionalInterface
public interface QosRule {

    /** Returns {@code null} when compatible, otherwise why not (the short text and the full sentence). */
    MismatchReason check(Qos requested, Qos offered);
}
