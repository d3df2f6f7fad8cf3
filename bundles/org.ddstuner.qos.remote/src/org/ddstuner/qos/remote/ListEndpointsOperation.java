package org.ddstuner.qos.remote;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code list-endpoints} (read-only): the readers and writers this client created and holds, in order of creation,
 * each as {@code create-endpoint} answers it (its GUID and QoS now). Result: {@code endpoints} (array).
 */
final class ListEndpointsOperation implements Operation {

    static final String NAME = "list-endpoints";

    private final EndpointOperations.Served served;

    ListEndpointsOperation(EndpointOperations.Served served) {
        this.served = served;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode a = r.putArray("endpoints");
        for (String key : context.resources().keys(CreateEndpointOperation.KEY_PREFIX + "/")) {
            ClientEndpoint e = context.resources().get(key, ClientEndpoint.class);
            if (e != null) {
                a.add(EndpointJson.endpoint(e, served));
            }
        }
        return r;
    }
}
