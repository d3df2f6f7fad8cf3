package org.ddstuner.remote.ops;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.samples.FastDdsTypes;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.xtypes.LearnedType;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code type-info} (read-only): a topic's type as the agent resolves it, from the sources the desktop uses in the same
 * order (known to the agent's process, over the wire, ROS 2 definitions). With {@code endpoint} the type of that one
 * endpoint, asked over the wire first, so the Type view can show endpoints that use different versions side by side.
 *
 * <p>args: {@code topic}, optional {@code typeName} (a topic with several), optional {@code endpoint} (GUID);
 * result: {@link TypeInfo#toJson()}. Refusals: {@code no-type} (every source tried, the reason lists them),
 * {@code unknown-entity} (no such endpoint on the topic).
 */
public final class TypeInfoOperation implements Operation {

    public static final String NAME = "type-info";
    /** Code of the refusal when no source gives the type. */
    public static final String NO_TYPE = "no-type";
    /** One TypeLookup; the client's next frame waits for it, so it stays well below the heartbeat limit. */
    private static final Duration WIRE_TIMEOUT = Duration.ofSeconds(5);

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
        Connection c = context.connection();
        if (c == null) {
            throw new OperationException(Protocol.UNSUPPORTED, "this agent serves the system model only");
        }
        String topic = Args.text(args, "topic");
        String typeName = Args.optionalText(args, "typeName");
        String endpointText = Args.optionalText(args, "endpoint");
        List<ResolutionAttempt> tried = new ArrayList<>();
        TypeSource[] sources = Arrays.stream(TypeSource.values()).filter(s -> s != TypeSource.RAW)
                .toArray(TypeSource[]::new);
        if (endpointText != null) {
            Guid guid = Args.guid("endpoint", endpointText);
            Endpoint e = c.model().snapshot(true).endpoint(guid).filter(x -> x.topicName().equals(topic))
                    .orElseThrow(() -> new OperationException(Args.UNKNOWN, "no endpoint " + guid + " on topic "
                            + topic + " is discovered by the agent"));
            typeName = e.typeName();
            TypeInfo wire = wire(c, e, topic, tried);
            if (wire != null) {
                return wire.toJson();
            }
            sources = Arrays.stream(sources).filter(s -> s != TypeSource.WIRE).toArray(TypeSource[]::new);
        }
        TypeResolver.Options options = TypeResolver.Options.DEFAULT.withWireTimeout(WIRE_TIMEOUT).withSources(sources)
                .withTypeName(typeName);
        try (ResolvedType r = new TypeResolver(c, new ImportedTypes()).resolve(topic, options)) {
            tried.addAll(r.attempts());
            TopicDescriptor d = r.descriptor();
            return new TypeInfo(topic, endpointText, r.typeName(), r.source(), IdlPrinter.print(r.library()),
                    d.typeInformation(), d.typeMapping(), tried).toJson();
        } catch (TypeResolutionException e) {
            throw new OperationException(NO_TYPE, "no type for topic " + topic + " on the agent: " + e.getMessage());
        }
    }

    /** The endpoint's own type over the wire, or null (the attempt added to {@code tried}). */
    private static TypeInfo wire(Connection c, Endpoint e, String topic, List<ResolutionAttempt> tried) {
        if (!e.hasTypeInformation()) {
            tried.add(new ResolutionAttempt(TypeSource.WIRE, false, "the endpoint announces no XTypes type "
                    + "information (" + e.vendor().name() + "), only the type name " + e.typeName()));
            return null;
        }
        if (FastDdsTypes.isFastDds(e)) {
            tried.add(new ResolutionAttempt(TypeSource.WIRE, false, "Fast DDS does not answer TypeLookup for "
                    + e.typeName()));
            return null;
        }
        try (TopicDescriptor d = TypeLearner.learn(c.ownParticipant(), e.guid(), WIRE_TIMEOUT)) {
            LearnedType t = org.ddstuner.types.xtypes.TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
            tried.add(new ResolutionAttempt(TypeSource.WIRE, true, "learned " + t.typeName()));
            return new TypeInfo(topic, e.guid().toString(), t.typeName(), TypeSource.WIRE, IdlPrinter.print(t
                    .library()), d.typeInformation(), d.typeMapping(), tried);
        } catch (RuntimeException x) {
            // a timeout, a gone endpoint, unreadable type objects: the other sources may still know it
            tried.add(new ResolutionAttempt(TypeSource.WIRE, false, x.getMessage() == null ? x.toString()
                    : x.getMessage(), true));
            return null;
        }
    }
}
