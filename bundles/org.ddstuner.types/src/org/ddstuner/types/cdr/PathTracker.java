package org.ddstuner.types.cdr;

import java.util.Arrays;

/**
 * The member path being encoded or decoded ({@code a.b[3].c}), for error messages and notes. Pushing and
 * popping allocate nothing (member names are kept by reference, indices as numbers): the text is only built
 * when an error or note asks for it, while the codec runs for every element of every sample.
 */
final class PathTracker {
    /** The member name at each level, or {@code null} where the level is an index. */
    private String[] names = new String[8];
    private long[] indices = new long[8];
    private int depth;

    void pushMember(String name) {
        grow();
        names[depth] = name;
        depth++;
    }

    void pushIndex(long index) {
        grow();
        names[depth] = null;
        indices[depth] = index;
        depth++;
    }

    void pop() {
        names[--depth] = null;
    }

    int depth() {
        return depth;
    }

    private void grow() {
        if (depth == names.length) {
            names = Arrays.copyOf(names, depth * 2);
            indices = Arrays.copyOf(indices, depth * 2);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (names[i] == null) {
                sb.append('[').append(indices[i]).append(']');
            } else {
                sb.append(i == 0 ? "" : ".").append(names[i]);
            }
        }
        return sb.toString();
    }
}
