package org.ddstuner.remote.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.HeldEndpoint;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.JsonImportException;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.types.cdr.CdrException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code write-sample} (capability {@code write}): writes, disposes or unregisters samples given as JSON — the JSON
 * the Writer view and {@code ddstuner publish} use — with the agent's own writer, QoS derived from the topic's readers
 * as {@code publish} does. Every value is read and encoded before the first is written: a value that does not fit
 * the type is refused ({@code bad-value}, naming the field) and nothing is written.
 *
 * <p>The agent's starting with {@code --allow write} is the confirmation to inject that the desktop asks for once
 * per connection. Writers are kept per topic, type and partitions (at most {@value #MAX_WRITERS}, the oldest deleted
 * first), so a Writer view's repeated writes reach readers that matched the first; their instances are not disposed
 * when a writer is deleted.
 *
 * <p>args: {@code topic}; {@code samples} (one value, or an array of values or exported samples); optional
 * {@code action} ({@code write} (default), {@code dispose}, {@code unregister}), {@code typeName}, {@code partitions}
 * (array of names), {@code waitMillis} (how long a new writer waits for the topic's readers to match, default 2000,
 * at most 10000), {@code writer} (the key of a writer this client created with {@code create-endpoint}: written with
 * that one, its type and QoS, instead of the agent's own). Result: {@code topic, typeName, source, action, count, matchedReaders, discoveredReaders,
 * representation, partitions}.
 */
public final class WriteSampleOperation implements Operation {

    public static final String NAME = "write-sample";
    static final int MAX_WRITERS = 16;
    private static final long MAX_WAIT_MILLIS = 10_000;

    /** A writer of the agent's and the type it writes. */
    private record Kept(ResolvedType type, WriterSession writer, DerivedQos qos) {
        void close() {
            writer.close();
            type.close();
        }
    }

    private final Map<String, Kept> writers = new LinkedHashMap<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return Capability.WRITE;
    }

    @Override
    public synchronized JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        Connection c = context.connection();
        if (c == null) {
            throw new OperationException(Protocol.UNSUPPORTED, "this agent serves the system model only");
        }
        String topic = Args.text(args, "topic");
        String typeName = Args.optionalText(args, "typeName");
        String action = args.path("action").asText("write");
        if (!List.of("write", "dispose", "unregister").contains(action)) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "action must be write, dispose or unregister, not "
                    + action);
        }
        JsonNode samples = args.get("samples");
        if (samples == null || samples.isNull()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "needs \"samples\" (a value or an array)");
        }
        List<String> partitions = new ArrayList<>();
        for (JsonNode p : args.path("partitions")) {
            partitions.add(p.asText());
        }
        long wait = Math.clamp(args.path("waitMillis").asLong(2000), 0, MAX_WAIT_MILLIS);

        String held = Args.optionalText(args, "writer");
        Kept kept = held != null ? held(context, held, topic) : writer(c, topic, typeName, partitions, wait);
        List<Object> values;
        try {
            values = SampleJson.readSamples(kept.type(), samples.toString());
        } catch (JsonImportException e) {
            throw new OperationException(Args.BAD_VALUE, e.getMessage() + " (type " + kept.type().typeName()
                    + "); nothing written");
        }
        if (values.isEmpty()) {
            throw new OperationException(Args.BAD_VALUE, "no sample in \"samples\"; nothing written");
        }
        for (int i = 0; i < values.size(); i++) {
            try {
                kept.writer().encode(values.get(i));
            } catch (CdrException | IllegalArgumentException e) {
                throw new OperationException(Args.BAD_VALUE, (values.size() > 1 ? "at $[" + i + "]: " : "at $: ")
                        + "cannot be encoded: " + e.getMessage() + "; nothing written");
            }
        }
        for (Object v : values) {
            switch (action) {
                case "dispose" -> kept.writer().dispose(v);
                case "unregister" -> kept.writer().unregister(v);
                default -> kept.writer().write(v);
            }
        }
        ObjectNode r = Frames.object();
        r.put("topic", kept.type().topicName());
        r.put("typeName", kept.type().typeName());
        r.put("source", kept.type().source().name());
        r.put("action", action);
        r.put("count", values.size());
        r.put("matchedReaders", kept.writer().matchedReaders());
        r.put("discoveredReaders", kept.qos().peers().size());
        r.put("representation", String.valueOf(kept.writer().representation()));
        ArrayNode ps = r.putArray("partitions");
        kept.qos().partitions().forEach(ps::add);
        return r;
    }

    /** The writer this client created under {@code key} ({@code create-endpoint}), with its own type and QoS. */
    private static Kept held(OperationContext context, String key, String topic) throws OperationException {
        HeldEndpoint h = context.resources().get(key, HeldEndpoint.class);
        if (h == null || h.writer() == null || !h.topic().equals(topic)) {
            throw new OperationException(Args.UNKNOWN, "this client holds no writer of " + topic + " under \"" + key
                    + "\"; nothing written");
        }
        WriterSession w = h.writer();
        return new Kept(w.type(), w, w.qos());
    }

    /** The kept writer for the topic, type and partitions, or a new one (waiting for its readers to match). */
    private Kept writer(Connection c, String topic, String typeName, List<String> partitions, long waitMillis)
            throws OperationException {
        String key = topic + "\n" + typeName + "\n" + partitions;
        Kept k = writers.remove(key);
        if (k != null && !k.writer().isClosed()) {
            writers.put(key, k); // most recently used last
            return k;
        }
        ResolvedType type;
        try {
            type = new TypeResolver(c, new ImportedTypes()).resolve(topic, TypeResolver.Options.DEFAULT
                    .withTypeName(typeName).withSources(Arrays.stream(TypeSource.values())
                            .filter(s -> s != TypeSource.RAW).toArray(TypeSource[]::new)));
        } catch (TypeResolutionException e) {
            throw new OperationException(TypeInfoOperation.NO_TYPE, "no type for topic " + topic + " on the agent: "
                    + e.getMessage() + "; nothing written");
        }
        DerivedQos qos = QosDeriver.forWriter(c.model().snapshot(true), topic, type);
        if (!partitions.isEmpty()) {
            qos = qos.withPartitions(partitions);
        }
        // deleting a kept writer must not dispose what the client wrote: only a dispose request does
        qos = qos.withQos(qos.qos().with(new Qos.WriterDataLifecycle(false)));
        InjectionGuard.of(c).confirm(); // the agent was started with --allow write: that is the confirmation
        WriterSession w;
        try {
            w = WriterSession.open(c, type, qos);
        } catch (RuntimeException e) {
            type.close();
            throw e;
        }
        Kept made = new Kept(type, w, qos);
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        int expected = Math.max(1, qos.peers().size());
        while (w.matchedReaders() < expected && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        writers.put(key, made);
        if (writers.size() > MAX_WRITERS) {
            Iterator<Kept> oldest = writers.values().iterator();
            oldest.next().close();
            oldest.remove();
        }
        return made;
    }

    /** Deletes the kept writers (the agent stops). */
    public synchronized void close() {
        writers.values().forEach(Kept::close);
        writers.clear();
    }
}
