package org.ddstuner.types;

/** Helpers for IDL scoped names ({@code "a::b::T"}). */
public final class ScopedNames {
    private ScopedNames() {
    }

    public static String simpleName(String scoped) {
        int i = scoped.lastIndexOf("::");
        return i < 0 ? scoped : scoped.substring(i + 2);
    }

    /** {@code "a::b"} for {@code "a::b::T"}; empty string for a top-level name. */
    public static String parent(String scoped) {
        int i = scoped.lastIndexOf("::");
        return i < 0 ? "" : scoped.substring(0, i);
    }

    public static String join(String scope, String name) {
        return scope.isEmpty() ? name : scope + "::" + name;
    }
}
