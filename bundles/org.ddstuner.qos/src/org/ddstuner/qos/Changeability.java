package org.ddstuner.qos;

/**
 * How a QoS policy of an entity can be changed while the system runs, as the capability table says it
 * (issue 14). The JSON name is what {@code ddstuner qos caps --json} prints; the text is for people.
 */
public enum Changeability {
    /** dds_set_qos accepts it on the enabled entity and it takes effect. */
    LIVE("live", "live"),
    /** Only by deleting the reader/writer and creating it again with the new QoS (peers see a new GUID). */
    RECREATE("recreate", "by re-creating the entity"),
    /** An entity of another process: only when that application creates it next (override file). */
    NEXT_START("next-start", "at the application's next start"),
    /** Cannot change for this kind of entity at all (without re-creating everything below it). */
    IMMUTABLE("immutable", "immutable");

    private final String jsonName;
    private final String text;

    Changeability(String jsonName, String text) {
        this.jsonName = jsonName;
        this.text = text;
    }

    public String jsonName() {
        return jsonName;
    }

    public String text() {
        return text;
    }
}
