package org.ddstuner.remote.ops;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.types.idl.IdlParseException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code write-raw} (capability {@code write}): serialized samples (CDR with their encapsulation header, as a
 * recording holds them) written as they are by a writer of the agent's, for {@code replay --remote}. The client opens
 * a writer per recorded topic with the recording's type (IDL) and QoS, then sends batches of samples paced as it
 * replays; the writer is the client's ({@link org.ddstuner.remote.SessionResources}: freed when it closes it or its
 * session ends). Writers never dispose on deletion (a recording holds the disposes that happened).
 *
 * <p>args by {@code action}:
 * <ul>
 * <li>{@code open}: {@code topic}, {@code typeName}, {@code idl}, optional {@code qos} (policy → fields, as in the
 * model), {@code partitions}, {@code waitMillis} (≤ 10,000, for the topic's readers to match) → {@code writer} (its
 * key), {@code topic, typeName, matchedReaders, representation};</li>
 * <li>{@code write} (default): {@code writer}, {@code samples} (array of base64 strings, at most
 * {@value #MAX_BATCH}) → {@code written, refused} (bytes the type does not accept), {@code matchedReaders};</li>
 * <li>{@code close}: {@code writer} → {@code closed}.</li>
 * </ul>
 * Refusals: {@code malformed-frame} (a missing or wrong argument, bad base64: nothing of the batch written),
 * {@code bad-value} (an IDL that does not parse, a QoS that does not read), {@code no-type} (the IDL has no such
 * type), {@code unknown-entity} (no such writer of this client), {@code too-many}.
 */
public final class WriteRawOperation implements Operation {

    public static final String NAME = "write-raw";
    /** Samples per request at most (the frame limit bounds the bytes). */
    public static final int MAX_BATCH = 4096;
    private static final String KEY_PREFIX = "write-raw";
    private static final long MAX_WAIT_MILLIS = 10_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return Capability.WRITE;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        Connection c = context.connection();
        if (c == null) {
            throw new OperationException(Protocol.UNSUPPORTED, "this agent serves the system model only");
        }
        String action = args.path("action").asText("write");
        return switch (action) {
            case "open" -> open(context, c, args);
            case "write" -> write(context, args);
            case "close" -> {
                String key = Args.text(args, "writer");
                ObjectNode r = Frames.object();
                r.put("closed", context.resources().release(key));
                yield r;
            }
            default -> throw new OperationException(Protocol.MALFORMED_FRAME, "action must be open, write or close, not "
                    + action);
        };
    }

    private static JsonNode open(OperationContext context, Connection c, JsonNode args) throws OperationException {
        String topic = Args.text(args, "topic");
        String typeName = Args.text(args, "typeName");
        String idl = Args.text(args, "idl");
        Qos qos;
        try {
            qos = args.hasNonNull("qos") ? QosJson.decode(args.get("qos")) : Qos.EMPTY;
        } catch (IllegalArgumentException e) {
            throw new OperationException(Args.BAD_VALUE, "\"qos\": " + e.getMessage());
        }
        List<String> partitions = new ArrayList<>();
        for (JsonNode p : args.path("partitions")) {
            partitions.add(p.asText());
        }
        long wait = Math.clamp(args.path("waitMillis").asLong(0), 0, MAX_WAIT_MILLIS);
        ImportedTypes imported = new ImportedTypes();
        try {
            imported.importText(topic + ".idl", idl);
        } catch (IdlParseException e) {
            throw new OperationException(Args.BAD_VALUE, "\"idl\" does not parse: " + e.getMessage());
        }
        ResolvedType type;
        try {
            type = new TypeResolver(c, imported).resolve(topic, TypeResolver.Options.DEFAULT
                    .withSources(TypeSource.IMPORTED).withTypeName(typeName));
        } catch (TypeResolutionException e) {
            throw new OperationException(TypeInfoOperation.NO_TYPE, "no type " + typeName + " in \"idl\": "
                    + e.getMessage());
        }
        // deleting the writer must not dispose what was replayed: the recording holds the disposes that happened
        DerivedQos d = new DerivedQos(qos.with(new Qos.WriterDataLifecycle(false)), partitions.isEmpty() ? List.of("")
                : partitions, List.of("QoS sent by the client"), List.of(), false);
        InjectionGuard.of(c).confirm(); // the agent was started with --allow write: that is the confirmation
        WriterSession w;
        try {
            w = WriterSession.open(c, type, d);
        } finally {
            type.close(); // the session holds it while open
        }
        String key = context.resources().newKey(KEY_PREFIX);
        context.resources().hold(key, w);
        long deadline = System.nanoTime() + wait * 1_000_000;
        while (w.matchedReaders() == 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        ObjectNode r = Frames.object();
        r.put("writer", key);
        r.put("topic", topic);
        r.put("typeName", typeName);
        r.put("matchedReaders", w.matchedReaders());
        r.put("representation", String.valueOf(w.representation()));
        ArrayNode ps = r.putArray("partitions");
        d.partitions().forEach(ps::add);
        return r;
    }

    private static JsonNode write(OperationContext context, JsonNode args) throws OperationException {
        String key = Args.text(args, "writer");
        WriterSession w = context.resources().get(key, WriterSession.class);
        if (w == null || !key.startsWith(KEY_PREFIX + "/")) {
            throw new OperationException(Args.UNKNOWN, "no writer " + key + " of this client (open one first; a "
                    + "reconnected client opens its writers again)");
        }
        JsonNode samples = args.get("samples");
        if (samples == null || !samples.isArray()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"samples\" (an array of base64 strings)");
        }
        if (samples.size() > MAX_BATCH) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "at most " + MAX_BATCH + " samples per request, not "
                    + samples.size());
        }
        // every sample decoded before the first is written: a bad one refuses the batch, nothing written
        List<byte[]> bytes = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            JsonNode s = samples.get(i);
            byte[] b = null;
            if (s.isTextual()) {
                try {
                    b = Base64.getDecoder().decode(s.textValue());
                } catch (IllegalArgumentException e) {
                    b = null;
                }
            }
            if (b == null || b.length < 4) {
                throw new OperationException(Protocol.MALFORMED_FRAME, "\"samples\"[" + i + "]: not the base64 of a "
                        + "serialized sample (encapsulation header and data); nothing written");
            }
            bytes.add(b);
        }
        long written = 0;
        long refused = 0;
        for (byte[] b : bytes) {
            try {
                w.endpoint().write(b);
                written++;
            } catch (IllegalArgumentException e) {
                refused++; // bytes libddsc refuses to deserialize (damaged, or another type): counted
            }
        }
        ObjectNode r = Frames.object();
        r.put("written", written);
        r.put("refused", refused);
        r.put("matchedReaders", w.matchedReaders());
        return r;
    }
}
