package org.ddstuner.system.ui.details;

import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

import org.ddstuner.dds.Qos;
import org.ddstuner.system.match.DurationText;
import org.ddstuner.system.ui.tree.Labels;

/**
 * Turns a QoS policy value (one of the records in {@link Qos}) into one line for people, the way the
 * DDS specification talks about it: "RELIABLE, max blocking 100 ms", "KEEP_LAST 8", "infinite".
 * Policies it does not know are shown generically from their record components, so a policy added
 * to {@link Qos} later still shows.
 */
public final class QosText {

    private static final int MAX_BYTES = 32;
    private static final int UNLIMITED = -1;

    private QosText() {
    }

    public static String format(Object value) {
        return switch (value) {
            case null -> "";
            case Qos.Durability d -> d.kind().name();
            case Qos.DurabilityService d -> d.historyKind() == null ? generic(d)
                    : history(d.historyKind(), d.historyDepth()) + ", cleanup delay "
                            + DurationText.format(d.serviceCleanupDelay()) + ", "
                            + limits(d.maxSamples(), d.maxInstances(), d.maxSamplesPerInstance());
            case Qos.Deadline d -> DurationText.format(d.period());
            case Qos.LatencyBudget l -> DurationText.format(l.duration());
            case Qos.Liveliness l -> name(l.kind()) + ", lease " + DurationText.format(l.leaseDuration());
            case Qos.Reliability r -> r.kind() == Qos.ReliabilityKind.RELIABLE
                    ? "RELIABLE, max blocking " + DurationText.format(r.maxBlockingTime()) : name(r.kind());
            case Qos.DestinationOrder d -> name(d.kind());
            case Qos.History h -> h.kind() == null ? generic(h) : history(h.kind(), h.depth());
            case Qos.ResourceLimits r -> limits(r.maxSamples(), r.maxInstances(), r.maxSamplesPerInstance());
            case Qos.Presentation p -> presentation(p);
            case Qos.Lifespan l -> DurationText.format(l.duration());
            case Qos.Ownership o -> name(o.kind());
            case Qos.OwnershipStrength s -> Integer.toString(s.value());
            case Qos.Partition p -> Labels.partitions(p.names());
            case Qos.TimeBasedFilter f -> f.minimumSeparation() != null && f.minimumSeparation().isZero()
                    ? "none (every sample)" : "at most one sample per " + DurationText.format(f.minimumSeparation());
            case Qos.TransportPriority p -> Integer.toString(p.value());
            case Qos.WriterDataLifecycle w -> w.autodisposeUnregisteredInstances()
                    ? "dispose instances when unregistered" : "keep instances when unregistered";
            case Qos.ReaderDataLifecycle r -> "purge samples without writers after "
                    + DurationText.format(r.autopurgeNoWriterSamplesDelay()) + ", disposed samples after "
                    + DurationText.format(r.autopurgeDisposedSamplesDelay());
            case Qos.UserData d -> bytes(d.value());
            case Qos.TopicData d -> bytes(d.value());
            case Qos.GroupData d -> bytes(d.value());
            case Qos.DataRepresentation d -> representations(d.ids());
            case Qos.TypeConsistency t -> typeConsistency(t);
            case Qos.EntityName n -> "\"" + n.name() + "\"";
            case Qos.IgnoreLocal i -> name(i.kind());
            case Qos.Properties p -> p.values().isEmpty() ? "none" : map(p.values());
            case Qos.BinaryProperties p -> p.values().isEmpty() ? "none" : map(p.values());
            case Record r -> generic(r);
            default -> part(value);
        };
    }

    private static String name(Enum<?> e) {
        return e == null ? "not set" : e.name();
    }

    private static String history(Qos.HistoryKind kind, int depth) {
        return kind == Qos.HistoryKind.KEEP_LAST ? "KEEP_LAST " + depth : kind.name();
    }

    /** "no limits", or "max 100 samples, unlimited instances, max 10 per instance". */
    private static String limits(int samples, int instances, int perInstance) {
        if (isUnlimited(samples) && isUnlimited(instances) && isUnlimited(perInstance)) {
            return "no resource limits";
        }
        return limit(samples, "samples") + ", " + limit(instances, "instances") + ", "
                + limit(perInstance, "samples per instance");
    }

    private static boolean isUnlimited(int n) {
        return n == UNLIMITED || n == Integer.MAX_VALUE;
    }

    private static String limit(int n, String noun) {
        return isUnlimited(n) ? "unlimited " + noun : "max " + n + " " + noun;
    }

    private static String presentation(Qos.Presentation p) {
        List<String> parts = new ArrayList<>();
        parts.add(name(p.accessScope()) + " scope");
        if (p.coherentAccess()) {
            parts.add("coherent");
        }
        if (p.orderedAccess()) {
            parts.add("ordered");
        }
        return String.join(", ", parts);
    }

    private static String typeConsistency(Qos.TypeConsistency t) {
        List<String> parts = new ArrayList<>();
        parts.add(name(t.kind()));
        List<String> ignores = new ArrayList<>();
        if (t.ignoreSequenceBounds()) {
            ignores.add("sequence bounds");
        }
        if (t.ignoreStringBounds()) {
            ignores.add("string bounds");
        }
        if (t.ignoreMemberNames()) {
            ignores.add("member names");
        }
        if (!ignores.isEmpty()) {
            parts.add("ignores " + String.join(", ", ignores));
        }
        if (t.preventTypeWidening()) {
            parts.add("prevents type widening");
        }
        if (t.forceTypeValidation()) {
            parts.add("forces type validation");
        }
        return String.join("; ", parts);
    }

    private static String representations(List<Short> ids) {
        StringJoiner j = new StringJoiner(", ");
        for (short id : ids) {
            j.add(switch (id) {
                case Qos.XCDR1 -> "XCDR1";
                case Qos.XML -> "XML";
                case Qos.XCDR2 -> "XCDR2";
                default -> "id " + id;
            });
        }
        return ids.isEmpty() ? "none" : j.toString();
    }

    /** Text when the bytes are printable UTF-8 (user data often is), hex otherwise. */
    static String bytes(byte[] b) {
        if (b.length == 0) {
            return "empty";
        }
        String text = printable(b);
        if (text != null) {
            return "\"" + text + "\" (" + b.length + " bytes)";
        }
        String hex = HexFormat.of().formatHex(b, 0, Math.min(b.length, MAX_BYTES));
        return b.length + " bytes: " + hex + (b.length > MAX_BYTES ? "…" : "");
    }

    private static String printable(byte[] b) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b)).toString();
            return s.codePoints().allMatch(c -> c >= 0x20 && c != 0x7f) ? s : null;
        } catch (CharacterCodingException notText) {
            return null;
        }
    }

    private static String map(Map<String, ?> m) {
        StringJoiner j = new StringJoiner(", ");
        m.forEach((k, x) -> j.add(k + "=" + (x instanceof byte[] b ? bytes(b) : part(x))));
        return j.toString();
    }

    /** A record this class has no words for: "field name=value, …". */
    private static String generic(Record r) {
        RecordComponent[] parts = r.getClass().getRecordComponents();
        if (parts.length == 1) {
            return part(read(parts[0], r));
        }
        StringJoiner j = new StringJoiner(", ");
        for (RecordComponent c : parts) {
            j.add(words(c.getName()) + " " + part(read(c, r)));
        }
        return j.toString();
    }

    private static Object read(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "?";
        }
    }

    private static String part(Object v) {
        return switch (v) {
            case null -> "not set";
            case Duration d -> DurationText.format(d);
            case byte[] b -> bytes(b);
            case Map<?, ?> m -> {
                StringJoiner j = new StringJoiner(", ", "{", "}");
                m.forEach((k, x) -> j.add(k + "=" + part(x)));
                yield j.toString();
            }
            case Collection<?> c -> {
                StringJoiner j = new StringJoiner(", ", "[", "]");
                c.forEach(x -> j.add(x instanceof String s && s.isEmpty() ? "(default)" : part(x)));
                yield j.toString();
            }
            case Enum<?> e -> e.name();
            case Record r -> format(r);
            default -> String.valueOf(v);
        };
    }

    /** "maxBlockingTime" → "max blocking time". */
    static String words(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
