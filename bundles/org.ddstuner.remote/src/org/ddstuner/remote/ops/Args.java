package org.ddstuner.remote.ops;

import org.ddstuner.dds.Guid;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reading an operation's {@code args}: a missing or wrong argument is refused as a malformed request. Shared by the
 * operations of other bundles (qos.remote), so every operation words its refusals alike.
 */
public final class Args {

    /** Code of a refusal for a value that does not fit (a sample field, a QoS value): nothing was changed. */
    public static final String BAD_VALUE = "bad-value";
    /** Code of a refusal for a GUID or topic the agent does not know. */
    public static final String UNKNOWN = "unknown-entity";

    private Args() {
    }

    public static String text(JsonNode args, String field) throws OperationException {
        JsonNode v = args.get(field);
        if (v == null || !v.isTextual() || v.textValue().isBlank()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"" + field + "\" (text)");
        }
        return v.textValue();
    }

    public static String optionalText(JsonNode args, String field) throws OperationException {
        JsonNode v = args.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"" + field + "\" must be text");
        }
        return v.textValue();
    }

    public static Guid guid(String field, String text) throws OperationException {
        try {
            return Guid.parse(text);
        } catch (IllegalArgumentException e) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"" + field + "\": not a GUID: " + text);
        }
    }
}
