package org.ddstuner.qos.remote;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.ops.Args;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code delete-endpoint} (no capability: it deletes only what this client created): deletes the reader or writer
 * held under {@code key} (its topic, publisher/subscriber with it); peers see it leave. Result: {@code key, deleted}.
 */
final class DeleteEndpointOperation implements Operation {

    static final String NAME = "delete-endpoint";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        String key = Args.text(args, "key");
        held(context, key);
        context.resources().release(key);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("key", key);
        r.put("deleted", true);
        return r;
    }

    /** The endpoint this client holds under {@code key}, or the refusal naming what it holds. */
    static ClientEndpoint held(OperationContext context, String key) throws OperationException {
        ClientEndpoint e = context.resources().get(key, ClientEndpoint.class);
        if (e == null) {
            throw new OperationException(Args.UNKNOWN, "this client holds no reader or writer under \"" + key
                    + "\" (it holds " + context.resources().keys(CreateEndpointOperation.KEY_PREFIX + "/") + ")");
        }
        return e;
    }
}
