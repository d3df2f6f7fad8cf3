package org.ddstuner.dds;

/**
 * No peer answered the XTypes TypeLookup request for an endpoint's type in time. Says which peer and
 * type, and what usually helps.
 */
public final class TypeLookupTimeoutException extends DdsTimeoutException {

    private static final long serialVersionUID = 1L;

    private final Guid participant;
    private final String typeName;
    private final String message;

    TypeLookupTimeoutException(int retcode, String text, Guid participant, String typeName, String message) {
        super(retcode, text, "dds_create_topic_descriptor(" + typeName + ")");
        this.participant = participant;
        this.typeName = typeName;
        this.message = message;
    }

    /** The participant whose type could not be learned. */
    public Guid participant() {
        return participant;
    }

    public String typeName() {
        return typeName;
    }

    @Override
    public String getMessage() {
        return message;
    }
}
