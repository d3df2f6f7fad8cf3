package org.ddstuner.system.match;

import java.util.List;

/**
 * DDS partition matching as Cyclone DDS implements it (ddsi_qosmatch.c): two endpoints share a
 * partition when any pair of their names matches. A name containing {@code *} or {@code ?} is a
 * pattern (fnmatch-style, no escapes); a pattern matches a plain name, but two patterns never match
 * each other, not even when they are the same text. An empty name list means the default partition "".
 */
public final class PartitionMatcher {

    private PartitionMatcher() {
    }

    public static boolean isPattern(String name) {
        return name.indexOf('*') >= 0 || name.indexOf('?') >= 0;
    }

    /** True when the two name lists share a partition. */
    public static boolean share(List<String> a, List<String> b) {
        List<String> x = a.isEmpty() ? SpecDefaults.DEFAULT_PARTITIONS : a;
        List<String> y = b.isEmpty() ? SpecDefaults.DEFAULT_PARTITIONS : b;
        for (String p : x) {
            for (String q : y) {
                if (namesMatch(p, q)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when the two partition names match (at most one of them may be a pattern). */
    public static boolean namesMatch(String a, String b) {
        boolean pa = isPattern(a);
        boolean pb = isPattern(b);
        if (pa && pb) {
            return false;
        }
        if (pa) {
            return globMatches(a, b);
        }
        if (pb) {
            return globMatches(b, a);
        }
        return a.equals(b);
    }

    /** Iterative glob match with backtracking on the last '*': linear in practice, no recursion. */
    static boolean globMatches(String pattern, String name) {
        int p = 0;
        int n = 0;
        int starP = -1;
        int starN = 0;
        while (n < name.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == name.charAt(n))) {
                p++;
                n++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                starP = p++;
                starN = n;
            } else if (starP >= 0) {
                p = starP + 1;
                n = ++starN;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
