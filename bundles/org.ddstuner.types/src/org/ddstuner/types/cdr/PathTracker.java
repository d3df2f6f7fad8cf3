package org.ddstuner.types.cdr;

import java.util.ArrayList;
import java.util.List;

/** The member path being encoded or decoded ({@code a.b[3].c}), for error messages and notes. */
final class PathTracker {
    private final List<String> parts = new ArrayList<>();

    void pushMember(String name) {
        parts.add(parts.isEmpty() ? name : "." + name);
    }

    void pushIndex(long index) {
        parts.add("[" + index + "]");
    }

    void pop() {
        parts.remove(parts.size() - 1);
    }

    int depth() {
        return parts.size();
    }

    @Override
    public String toString() {
        return String.join("", parts);
    }
}
