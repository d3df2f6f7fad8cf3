package org.ddstuner.system;

/** The kinds of model entity a {@link ModelDelta} reports. */
public enum EntityKind {
    /** key: participant GUID text */
    PARTICIPANT,
    /** key: endpoint GUID text */
    ENDPOINT,
    /** key: topic name; "changed" also when the matches on the topic changed */
    TOPIC,
    /** key: partition name as declared ("" = default partition) */
    PARTITION,
    /** key: a reported discovery problem (lost/unmatched problems follow PARTICIPANT/TOPIC changes) */
    PROBLEM
}
