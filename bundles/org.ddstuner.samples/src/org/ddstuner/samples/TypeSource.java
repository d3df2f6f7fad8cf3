package org.ddstuner.samples;

/** Where the type of a topic came from, in the order {@link TypeResolver} tries them. */
public enum TypeSource {
    /**
     * A library registered by this process ({@link LocalTypes}), for topics written only from this process
     * (whose endpoints libddsc announces without type information).
     */
    LOCAL("known to this process"),
    /** XTypes TypeLookup to a discovered writer (else reader) of the topic. */
    WIRE("over the wire (XTypes TypeLookup)"),
    /** An IDL file the person imported ({@link ImportedTypes}). */
    IMPORTED("imported IDL"),
    /** A ROS 2 {@code .msg} definition bundled with the tool, by the ROS type name on the wire. */
    ROS_MSG("ROS 2 message definition"),
    /**
     * The {@code ~/get_type_description} service of the ROS 2 node (Iron and later) that has the topic's writer (else
     * reader), asked with the type hash the endpoint announces ({@link RosTypeService}).
     */
    ROS_SERVICE("ROS 2 type description service"),
    /** No type: samples are shown as bytes only. */
    RAW("none (raw bytes)");

    private final String text;

    TypeSource(String text) {
        this.text = text;
    }

    /** How it is shown to people, e.g. "imported IDL". */
    public String text() {
        return text;
    }
}
