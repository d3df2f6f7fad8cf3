package org.ddstuner.remote.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@link Qos} ⇄ JSON, complete and lossless: every policy set, by its DDS name ({@link Qos#NAMES}), as an object of
 * its record's fields. Durations are nanoseconds (DDS_INFINITY = {@link Long#MAX_VALUE}), octet sequences base64,
 * enums their Java names. Written by reflection over the records, so a policy added to {@code Qos} travels without
 * a change here; decoding is strict (an unknown policy or field, a wrong type: {@link IllegalArgumentException}).
 */
public final class QosJson {

    private static final RecordComponent[] POLICIES = Qos.class.getRecordComponents();

    /**
     * A record class's components, accessors and canonical constructor, looked up once: {@code getRecordComponents}
     * builds its answer anew on every call and made encoding and decoding 10,000 endpoints take seconds.
     */
    private record Meta(RecordComponent[] components, Method[] accessors, Type[] types, Constructor<?> constructor) {
    }

    private static final ClassValue<Meta> META = new ClassValue<>() {
        @Override
        protected Meta computeValue(Class<?> type) {
            RecordComponent[] rc = type.getRecordComponents();
            Method[] acc = new Method[rc.length];
            Type[] types = new Type[rc.length];
            Class<?>[] raw = new Class<?>[rc.length];
            for (int i = 0; i < rc.length; i++) {
                acc[i] = rc[i].getAccessor();
                types[i] = rc[i].getGenericType();
                raw[i] = rc[i].getType();
            }
            try {
                return new Meta(rc, acc, types, type.getDeclaredConstructor(raw));
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("no canonical constructor in " + type, e);
            }
        }
    };

    private QosJson() {
    }

    public static ObjectNode encode(Qos qos) {
        ObjectNode o = Frames.JSON.createObjectNode();
        if (qos == null) {
            return o;
        }
        Meta qm = META.get(Qos.class);
        for (int i = 0; i < POLICIES.length; i++) {
            Object policy = get(qm.accessors()[i], qos);
            if (policy != null) {
                ObjectNode p = o.putObject(Qos.NAMES.get(i));
                Meta pm = META.get(policy.getClass());
                for (int k = 0; k < pm.components().length; k++) {
                    p.set(pm.components()[k].getName(), value(get(pm.accessors()[k], policy)));
                }
            }
        }
        return o;
    }

    private static Object get(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + accessor + ": " + e, e);
        }
    }

    private static JsonNode value(Object v) {
        var f = Frames.JSON.getNodeFactory();
        return switch (v) {
            case null -> f.nullNode();
            case Duration d -> f.numberNode(d.toNanos());
            case Enum<?> e -> f.textNode(e.name());
            case Integer n -> f.numberNode(n);
            case Short n -> f.numberNode(n);
            case Boolean b -> f.booleanNode(b);
            case String s -> f.textNode(s);
            case byte[] b -> f.textNode(Base64.getEncoder().encodeToString(b));
            case List<?> l -> {
                ArrayNode a = f.arrayNode();
                l.forEach(x -> a.add(value(x)));
                yield a;
            }
            case Map<?, ?> m -> {
                ObjectNode o = f.objectNode();
                m.forEach((k, x) -> o.set(String.valueOf(k), value(x)));
                yield o;
            }
            default -> throw new IllegalStateException("no JSON form for a QoS value of " + v.getClass());
        };
    }

    /** @throws IllegalArgumentException for anything {@link #encode} would not have written */
    public static Qos decode(JsonNode json) {
        if (json == null || json.isNull()) {
            return Qos.EMPTY;
        }
        if (!json.isObject()) {
            throw new IllegalArgumentException("QoS must be an object");
        }
        Object[] args = new Object[POLICIES.length];
        for (Map.Entry<String, JsonNode> e : json.properties()) {
            int i = Qos.NAMES.indexOf(e.getKey());
            if (i < 0) {
                throw new IllegalArgumentException("unknown QoS policy \"" + e.getKey() + "\"");
            }
            args[i] = policy(POLICIES[i].getType(), e.getValue(), e.getKey());
        }
        return construct(Qos.class, args);
    }

    private static Object policy(Class<?> type, JsonNode json, String name) {
        if (!json.isObject()) {
            throw new IllegalArgumentException("QoS policy " + name + " must be an object");
        }
        Meta m = META.get(type);
        RecordComponent[] fields = m.components();
        Object[] args = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            JsonNode v = json.get(fields[i].getName());
            if (v == null) {
                throw new IllegalArgumentException("QoS policy " + name + " lacks " + fields[i].getName());
            }
            args[i] = read(m.types()[i], v, name + "." + fields[i].getName());
        }
        if (json.size() != fields.length) {
            throw new IllegalArgumentException("QoS policy " + name + " has unknown fields");
        }
        return construct(type, args);
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static Object read(Type type, JsonNode v, String where) {
        if (v.isNull()) {
            return null;
        }
        if (type == Duration.class) {
            return Duration.ofNanos(number(v, where).longValue());
        }
        if (type == int.class || type == Integer.class) {
            return Math.toIntExact(number(v, where).longValue());
        }
        if (type == short.class || type == Short.class) {
            long n = number(v, where).longValue();
            if (n < Short.MIN_VALUE || n > Short.MAX_VALUE) {
                throw new IllegalArgumentException(where + " out of range");
            }
            return (short) n;
        }
        if (type == boolean.class || type == Boolean.class) {
            if (!v.isBoolean()) {
                throw new IllegalArgumentException(where + " must be true or false");
            }
            return v.booleanValue();
        }
        if (type == String.class) {
            return text(v, where);
        }
        if (type == byte[].class) {
            try {
                return Base64.getDecoder().decode(text(v, where));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + " is not base64");
            }
        }
        if (type instanceof Class<?> c && c.isEnum()) {
            try {
                return Enum.valueOf((Class<? extends Enum>) c, text(v, where));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": unknown value " + v.asText());
            }
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class && v.isArray()) {
            List<Object> out = new ArrayList<>();
            v.forEach(x -> out.add(read(p.getActualTypeArguments()[0], x, where + "[]")));
            return out;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Map.class && v.isObject()) {
            Map<String, Object> out = new LinkedHashMap<>();
            v.properties().forEach(e -> out.put(e.getKey(), read(p.getActualTypeArguments()[1], e.getValue(),
                    where + "." + e.getKey())));
            return out;
        }
        throw new IllegalArgumentException(where + " has the wrong type");
    }

    private static Number number(JsonNode v, String where) {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException(where + " must be an integer");
        }
        return v.longValue();
    }

    private static String text(JsonNode v, String where) {
        if (!v.isTextual()) {
            throw new IllegalArgumentException(where + " must be text");
        }
        return v.textValue();
    }

    private static <T> T construct(Class<T> type, Object[] args) {
        try {
            return type.cast(META.get(type).constructor().newInstance(args));
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalArgumentException("bad QoS value for " + type.getSimpleName() + ": "
                    + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type + ": " + e, e);
        }
    }
}
