package org.ddstuner.qos.remote;

import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading the endpoint operations' {@code args}: a missing or wrong argument is refused as a malformed request. */
final class OpArgs {

    /** A value that does not fit (a QoS policy): nothing was changed. */
    static final String BAD_VALUE = "bad-value";
    /** A key this client holds no endpoint under. */
    static final String UNKNOWN = "unknown-entity";

    private OpArgs() {
    }

    static String text(JsonNode args, String field) throws OperationException {
        JsonNode v = args.get(field);
        if (v == null || !v.isTextual() || v.textValue().isBlank()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"" + field + "\" (text)");
        }
        return v.textValue();
    }

    static String optionalText(JsonNode args, String field) throws OperationException {
        JsonNode v = args.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"" + field + "\" must be text");
        }
        return v.textValue();
    }
}
