package org.ddstuner.samples.ui.writer;

import java.io.IOException;
import java.time.Duration;

import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.ops.WriteSampleOperation;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.SampleJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Writer view's writes on a remote agent's connection: the edited value goes to the agent as the JSON the view
 * exports ({@code write-sample}); the agent's writer, with QoS it derives from the topic's readers in the partitions
 * edited here, writes it. The agent refuses a value that does not fit the type (naming the field) before writing.
 */
final class RemoteWrites {

    /** A new writer on the agent waits up to 2 s for the readers to match. */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** What the agent did. */
    record Done(String representation, int matchedReaders) {
    }

    private final RemoteClient client;
    private final String topic;
    private final String typeName;

    RemoteWrites(RemoteClient client, String topic, String typeName) {
        this.client = client;
        this.topic = topic;
        this.typeName = typeName;
    }

    /**
     * Sends {@code value} to be written, disposed or unregistered.
     *
     * @throws IOException the agent refused (its reason, with the code) or the link failed
     */
    Done send(String action, Object value, DerivedQos qos) throws IOException {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("topic", topic);
        args.put("typeName", typeName);
        args.put("action", action);
        JsonNode sample = StrictJson.parse(SampleJson.toJson(value));
        args.set("samples", sample);
        if (qos != null) {
            qos.partitions().forEach(args.putArray("partitions")::add);
        }
        RemoteClient.Reply r = client.request(WriteSampleOperation.NAME, args, TIMEOUT);
        if (!r.ok()) {
            throw new IOException(r.reason() + " (" + r.code() + ")");
        }
        return new Done(r.result().path("representation").asText(), r.result().path("matchedReaders").asInt());
    }
}
