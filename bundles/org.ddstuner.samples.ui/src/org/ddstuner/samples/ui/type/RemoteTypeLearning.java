package org.ddstuner.samples.ui.type;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import org.ddstuner.dds.Guid;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.ops.TypeInfo;
import org.ddstuner.remote.ops.TypeInfoOperation;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.xtypes.LearnedType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@link TypeLearning} for a remote agent's connection: each endpoint's type as the agent finds it (its
 * {@code type-info} operation: over the wire from that endpoint first, then the agent's other sources), remembered
 * per endpoint like the local learning. Runs off the UI thread.
 */
final class RemoteTypeLearning {

    /** The agent may ask the wire and then its other sources: a few seconds each. */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Map<Guid, EndpointType> known = new ConcurrentHashMap<>();

    void forget() {
        known.clear();
    }

    TopicTypes learn(RemoteClient client, SystemSnapshot snapshot, String topic, List<Endpoint> endpoints,
            BooleanSupplier cancelled) {
        List<EndpointType> out = new ArrayList<>();
        for (Endpoint e : endpoints) {
            if (cancelled.getAsBoolean()) {
                break;
            }
            EndpointType t = known.get(e.guid());
            if (t == null) {
                t = ask(client, snapshot, topic, e);
                if (t.known()) {
                    known.put(e.guid(), t); // a refusal is asked again: the agent may find it later
                }
            }
            out.add(t);
        }
        return TopicTypes.of(topic, out);
    }

    private static EndpointType ask(RemoteClient client, SystemSnapshot snapshot, String topic, Endpoint e) {
        String label = TypeLearning.label(snapshot, e);
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("topic", topic);
        args.put("endpoint", e.guid().toString());
        String why;
        try {
            RemoteClient.Reply r = client.request(TypeInfoOperation.NAME, args, TIMEOUT);
            if (r.ok()) {
                TypeInfo info = TypeInfo.of(r.result());
                LearnedType learned = info.learned();
                String idl = IdlPrinter.print(learned.library());
                if (info.source() != TypeSource.WIRE) {
                    ResolutionAttempt last = info.attempts().isEmpty() ? null : info.attempts().getLast();
                    idl = "// " + Messages.fill(Messages.TYPE_REMOTE_SOURCE_COMMENT, info.source().text(), last == null
                            ? "" : last.detail()) + "\n" + idl;
                }
                return new EndpointType(e, label, learned, idl, info.source(), info.attempts());
            }
            why = Messages.fill(Messages.TYPE_REMOTE_REFUSED, r.code(), r.reason());
        } catch (IOException | RuntimeException x) {
            why = Messages.fill(Messages.TYPE_FAILED, x.getMessage());
        }
        return EndpointType.failed(e, label, List.of(new ResolutionAttempt(TypeSource.WIRE, false, why, true)));
    }
}
