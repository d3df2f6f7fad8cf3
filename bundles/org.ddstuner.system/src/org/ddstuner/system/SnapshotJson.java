package org.ddstuner.system;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.system.match.MismatchReason;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes a {@link SystemSnapshot} as JSON (the format of {@code ddstuner ls --json}). Times are ISO-8601
 * strings, GUIDs in Cyclone's dotted-hex form, QoS durations (every one: deadline period, lease duration,
 * latency budget, …) a number of seconds, exact to the nanosecond ({@code 0.1}, {@code 10}), or the string
 * {@value #INFINITE}; binary values as hex. Unknown values are {@code null}.
 */
public final class SnapshotJson {

    /** A QoS duration that never expires. */
    public static final String INFINITE = "infinite";

    private SnapshotJson() {
    }

    public static String toJson(SystemSnapshot s) {
        return toJson(s, NameFilter.ALL);
    }

    /**
     * Only what {@code filter} matches, as {@code ddstuner ls --filter} shows it: participants, endpoints, topics and
     * partitions by their names, matches with a kept reader or writer, problems by subject or message.
     */
    public static String toJson(SystemSnapshot s, NameFilter filter) {
        StringWriter b = new StringWriter(4096);
        write(s, filter, b);
        return b.toString();
    }

    public static void write(SystemSnapshot s, Writer out) {
        write(s, NameFilter.ALL, out);
    }

    /** Streams the snapshot to {@code out} (left open) with Jackson's generator. */
    public static void write(SystemSnapshot s, NameFilter filter, Writer out) {
        try (JsonGenerator g = StrictJson.generator(out)) {
            write(s, filter, new W(g));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The generator with chained calls and unchecked I/O errors, so the document's shape reads top-down as it
     * did before the move to Jackson.
     */
    private record W(JsonGenerator g) {
        W beginObject() {
            return run(g::writeStartObject);
        }

        W endObject() {
            return run(g::writeEndObject);
        }

        W beginArray() {
            return run(g::writeStartArray);
        }

        W endArray() {
            return run(g::writeEndArray);
        }

        W name(String n) {
            return run(() -> g.writeFieldName(n));
        }

        W value(String v) {
            return run(() -> g.writeString(v));
        }

        W value(long v) {
            return run(() -> g.writeNumber(v));
        }

        W value(boolean v) {
            return run(() -> g.writeBoolean(v));
        }

        W value(BigDecimal v) {
            return run(() -> g.writeNumber(v));
        }

        W nullValue() {
            return run(g::writeNull);
        }

        W field(String n, String v) {
            return name(n).value(v);
        }

        W field(String n, boolean v) {
            return name(n).value(v);
        }

        private W run(IoCall c) {
            try {
                c.call();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        private interface IoCall {
            void call() throws IOException;
        }
    }

    private static void write(SystemSnapshot s, NameFilter filter, W w) {
        w.beginObject();
        w.field("takenAt", s.takenAt().toString());
        w.field("includesOwn", s.includesOwn());
        w.name("participants").beginArray();
        s.participants().stream().filter(filter::matches).forEach(p -> participant(w, p, s.endpointsOf(p.guid())));
        w.endArray();
        List<Endpoint> endpoints = s.endpoints().stream().filter(filter::matches).toList();
        Set<Guid> kept = endpoints.stream().map(Endpoint::guid).collect(Collectors.toSet());
        w.name("endpoints").beginArray();
        endpoints.forEach(e -> endpoint(w, e));
        w.endArray();
        w.name("topics").beginArray();
        for (Topic t : s.topics().stream().filter(filter::matches).toList()) {
            w.beginObject().field("name", t.name());
            strings(w.name("types"), t.typeNames());
            guids(w.name("writers"), t.writers());
            guids(w.name("readers"), t.readers());
            w.name("definitions").beginArray(); // DCPSTopic announcements, empty when none arrived
            for (TopicDefinition d : t.definitions()) {
                w.beginObject().field("type", d.typeName());
                qos(w.name("qos"), d.qos());
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.name("partitions").beginArray();
        for (PartitionInfo p : s.partitions().stream().filter(filter::matches).toList()) {
            w.beginObject().field("name", p.name()).field("pattern", p.isPattern());
            guids(w.name("declaredBy"), p.declaredBy());
            guids(w.name("reachedBy"), p.reachedBy());
            w.endObject();
        }
        w.endArray();
        w.name("matches").beginArray();
        for (Match m : s.matches()) {
            if (!filter.isAll() && !kept.contains(m.reader()) && !kept.contains(m.writer())) {
                continue;
            }
            w.beginObject().field("reader", m.reader().toString()).field("writer", m.writer().toString())
                    .field("topic", m.topicName()).field("matched", m.matched())
                    .field("needsTypeInformation", m.needsTypeInformation());
            // "reasons" are the sentences (as before); "why" has them structured, with the short text and the fix
            strings(w.name("reasons"), m.reasons().stream().map(MismatchReason::explanation).toList());
            w.name("why").beginArray();
            for (MismatchReason r : m.reasons()) {
                w.beginObject().field("check", r.check().policyName()).field("short", r.shortText())
                        .field("explanation", r.explanation()).field("fix", r.fix()).endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.name("problems").beginArray();
        for (Problem p : s.problems()) {
            if (!filter.isAll() && !filter.test(p.subject()) && !filter.test(p.message())
                    && !filter.test(p.summary())) {
                continue;
            }
            w.beginObject().field("kind", p.kind().name()).field("severity", p.severity().name())
                    .field("subject", p.subject()).field("message", p.message()).field("summary", p.summary())
                    .field("since", time(p.since()))
                    .endObject();
        }
        w.endArray();
        w.endObject();
    }

    private static void participant(W w, Participant p, List<Endpoint> endpoints) {
        ProcessInfo pi = p.process();
        w.beginObject().field("guid", p.guid().toString()).field("name", p.name())
                .field("displayName", p.displayName());
        w.name("vendor").beginObject().field("id", p.vendor().idText()).field("name", p.vendor().name()).endObject();
        w.field("host", pi.host());
        w.name("pid");
        if (pi.hasPid()) {
            w.value(pi.pid());
        } else {
            w.nullValue();
        }
        w.field("process", pi.processName()).field("user", pi.user());
        strings(w.name("addresses"), pi.addresses());
        w.field("known", p.known()).field("own", p.own()).field("tool", p.tool())
                .field("alive", p.alive())
                .field("firstSeen", time(p.firstSeen())).field("goneSince", time(p.goneSince()));
        guids(w.name("endpoints"), endpoints.stream().map(Endpoint::guid).toList());
        qos(w.name("qos"), p.qos());
        w.endObject();
    }

    private static void endpoint(W w, Endpoint e) {
        w.beginObject().field("guid", e.guid().toString()).field("kind", e.kind().text())
                .field("participant", e.participantGuid().toString()).field("topic", e.topicName())
                .field("type", e.typeName()).field("typeInformation", e.hasTypeInformation());
        strings(w.name("partitions"), e.partitions());
        strings(w.name("dataRepresentation"), e.dataRepresentationNames());
        w.field("own", e.own()).field("tool", e.tool()).field("alive", e.alive()).field("firstSeen", time(e.firstSeen()))
                .field("goneSince", time(e.goneSince()));
        qos(w.name("qos"), e.qos());
        w.name("qosCaveats").beginArray();
        for (QosCaveat c : e.qosCaveats()) {
            w.beginObject().field("policy", c.policy()).field("text", c.text()).endObject();
        }
        w.endArray();
        w.endObject();
    }

    /** Every set policy, by its DDS name, each record component as a field. */
    private static void qos(W w, Qos qos) {
        w.beginObject();
        for (Map.Entry<String, Object> policy : qos.setPolicies().entrySet()) {
            w.name(policy.getKey());
            value(w, policy.getValue());
        }
        w.endObject();
    }

    private static void value(W w, Object v) {
        switch (v) {
            case null -> w.nullValue();
            case String s -> w.value(s);
            case Boolean b -> w.value(b.booleanValue());
            case Short n -> w.value(n.longValue());
            case Integer n -> w.value(n.longValue());
            case Long n -> w.value(n.longValue());
            case Enum<?> e -> w.value(e.name());
            case Duration d -> {
                if (Qos.isInfinite(d)) {
                    w.value(INFINITE);
                } else {
                    w.value(seconds(d));
                }
            }
            case byte[] bytes -> w.value(HexFormat.of().formatHex(bytes));
            case Guid g -> w.value(g.toString());
            case Collection<?> c -> {
                w.beginArray();
                c.forEach(x -> value(w, x));
                w.endArray();
            }
            case Map<?, ?> m -> {
                w.beginObject();
                m.forEach((k, x) -> {
                    w.name(String.valueOf(k));
                    value(w, x);
                });
                w.endObject();
            }
            case Record r -> record(w, r);
            default -> w.value(v.toString());
        }
    }

    /** Exact decimal seconds without exponent for ≥ 1 µs ("0.005", "10"); BigDecimal keeps every nanosecond. */
    static BigDecimal seconds(Duration d) {
        BigDecimal s = BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9)).stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    private static void record(W w, Record r) {
        w.beginObject();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            w.name(c.getName());
            try {
                value(w, c.getAccessor().invoke(r));
            } catch (IllegalAccessException | InvocationTargetException e) {
                w.value("unreadable: " + e);
            }
        }
        w.endObject();
    }

    private static void strings(W w, List<String> values) {
        w.beginArray();
        values.forEach(w::value);
        w.endArray();
    }

    private static void guids(W w, List<Guid> values) {
        w.beginArray();
        values.forEach(g -> w.value(g.toString()));
        w.endArray();
    }

    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }
}
