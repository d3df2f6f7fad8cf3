package org.ddstuner.pother.runs;

import java.util.List;
import java.util.Map;

/** Typed access to parsed JSON members, with errors that name the member. */
final class JsonFields {

    private JsonFields() {
    }

    static String str(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("member '" + key + "' should be a string, not " + v);
        }
        return s;
    }

    static double num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            return Double.NaN; // written for NaN
        }
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException("member '" + key + "' should be a number, not " + v);
        }
        return d;
    }

    static long lng(Map<String, Object> m, String key) {
        double d = num(m, key);
        if (Double.isNaN(d)) {
            throw new IllegalArgumentException("member '" + key + "' is missing");
        }
        return (long) d;
    }

    static boolean bool(Map<String, Object> m, String key) {
        return Boolean.TRUE.equals(m.get(key));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Map)) {
            throw new IllegalArgumentException("member '" + key + "' should be an object, not " + v);
        }
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof List)) {
            throw new IllegalArgumentException("member '" + key + "' should be an array, not " + v);
        }
        return (List<Object>) v;
    }

    static double asNum(Object v) {
        if (v == null) {
            return Double.NaN;
        }
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException("expected a number, not " + v);
        }
        return d;
    }
}
