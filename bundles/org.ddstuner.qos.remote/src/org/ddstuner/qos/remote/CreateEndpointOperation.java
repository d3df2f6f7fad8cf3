package org.ddstuner.qos.remote;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.remote.ops.Args;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code create-endpoint}: a reader (read-only, like a subscription) or a writer (capability {@code write}) of the
 * client's own on the agent's participant, as the desktop's "Create Reader/Writer…" makes one locally: type resolved
 * as there, QoS derived from the topic's discovered peers, or the client's QoS (QosJson form) over the derived one
 * (a {@code partition} there names the publisher's/subscriber's partitions). Held for the client under the returned
 * {@code key} until {@code delete-endpoint} or the client's session ends.
 *
 * <p>args: {@code topic}, {@code kind} ({@code reader}|{@code writer}), optional {@code typeName}, {@code qos}.
 * Result: the endpoint ({@link EndpointJson}). Refusals: {@code not-allowed} (a writer without {@code write}),
 * {@code no-type}, {@code bad-value} (a QoS that does not decode), {@code too-many}.
 */
final class CreateEndpointOperation implements Operation {

    static final String NAME = "create-endpoint";
    /** The keys of endpoints made here: {@code endpoint/N}. */
    static final String KEY_PREFIX = "endpoint";

    private final EndpointOperations.Served served;

    CreateEndpointOperation(EndpointOperations.Served served) {
        this.served = served;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** A reader needs none. */
    @Override
    public Capability needs() {
        return null;
    }

    /** A writer needs {@code write}: the session refuses it without, and audits every writer made. */
    @Override
    public Capability needs(JsonNode args) {
        return "writer".equals(args.path("kind").asText()) ? Capability.WRITE : null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        Connection c = context.connection();
        if (c == null) {
            throw new OperationException(Protocol.UNSUPPORTED, "this agent serves the system model only");
        }
        String topic = Args.text(args, "topic");
        String kind = Args.text(args, "kind");
        if (!kind.equals("reader") && !kind.equals("writer")) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "kind must be reader or writer, not " + kind);
        }
        boolean writer = kind.equals("writer");
        Qos wanted;
        try {
            wanted = QosJson.decode(args.get("qos"));
        } catch (IllegalArgumentException e) {
            throw new OperationException(Args.BAD_VALUE, "bad QoS: " + e.getMessage() + "; nothing created");
        }
        String typeName = Args.optionalText(args, "typeName");
        ResolvedType type;
        try {
            TypeSource[] sources = writer ? Arrays.stream(TypeSource.values()).filter(s -> s != TypeSource.RAW)
                    .toArray(TypeSource[]::new) : TypeSource.values();
            type = new TypeResolver(c, new ImportedTypes()).resolve(topic, TypeResolver.Options.DEFAULT
                    .withTypeName(typeName).withSources(sources).withWireTimeout(Duration.ofSeconds(5)));
        } catch (TypeResolutionException e) {
            throw new OperationException("no-type", "no type for topic " + topic + " on the agent: " + e.getMessage()
                    + "; nothing created");
        }
        String key = context.resources().newKey(KEY_PREFIX);
        ClientEndpoint made;
        try {
            DerivedQos qos = writer ? QosDeriver.forWriter(c.model().snapshot(true), topic, type)
                    : QosDeriver.forReader(c.model().snapshot(true), topic);
            qos = over(qos, wanted);
            if (writer) {
                InjectionGuard.of(c).confirm(); // the agent was started with --allow write: that is the confirmation
                made = new ClientEndpoint(key, topic, type, null, WriterSession.open(c, type, qos));
            } else {
                made = new ClientEndpoint(key, topic, type, ReaderSession.open(c, type, ReaderSession.Config.of(qos)),
                        null);
            }
        } catch (RuntimeException e) {
            type.close();
            throw new OperationException(Protocol.FAILED, "cannot create the " + kind + " on " + topic + ": "
                    + e.getMessage());
        }
        context.resources().hold(key, made); // closes it itself when refused
        return EndpointJson.endpoint(made, served);
    }

    /** The derived QoS with the client's policies over it; its partition goes to the publisher/subscriber. */
    private static DerivedQos over(DerivedQos derived, Qos wanted) {
        DerivedQos q = derived;
        if (wanted.partition() != null) {
            q = q.withPartitions(List.copyOf(wanted.partition().names()));
            wanted = wanted.with((Qos.Partition) null);
        }
        return wanted.setPolicies().isEmpty() ? q : q.withQos(q.qos().merge(wanted)).withNote("the client's QoS");
    }
}
