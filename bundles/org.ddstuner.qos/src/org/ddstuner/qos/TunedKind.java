package org.ddstuner.qos;

/** The kinds of DDS entity the capability table has a row for; the JSON name is lower case. */
public enum TunedKind {
    PARTICIPANT, TOPIC, PUBLISHER, SUBSCRIBER, WRITER, READER;

    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Readers and writers are what the tool can re-create on its own without touching anything else. */
    public boolean endpoint() {
        return this == WRITER || this == READER;
    }
}
