package org.ddstuner.system.ui.tree;

/**
 * Fills a {@link org.ddstuner.system.ui.Messages} pattern that uses only plain {@code %s} and {@code %d}
 * (and {@code %%}) without {@link String#format}: the tree builders label ~20,000 rows per view per
 * refresh, and the Formatter's parsing and garbage showed up as GC pauses in the UI thread. Any other
 * conversion (width, flags, index, {@code %n} …) falls back to {@link String#format}, so the result is
 * always what String.format gives, except that {@code %d} uses ASCII digits in every locale.
 */
public final class Fmt {

    private Fmt() {
    }

    public static String fill(String pattern, Object... args) {
        StringBuilder b = new StringBuilder(pattern.length() + 16 * args.length);
        int next = 0;
        int n = pattern.length();
        for (int i = 0; i < n; i++) {
            char ch = pattern.charAt(i);
            if (ch != '%') {
                b.append(ch);
                continue;
            }
            char conv = i + 1 < n ? pattern.charAt(i + 1) : 0;
            if (conv == '%') {
                b.append('%');
            } else if (conv == 's' && next < args.length) {
                b.append(args[next++]);
            } else if (conv == 'd' && next < args.length && isInteger(args[next])) {
                b.append(args[next++]);
            } else {
                return String.format(pattern, args); // anything unusual: the real thing, with its errors
            }
            i++;
        }
        return b.toString();
    }

    private static boolean isInteger(Object o) {
        return o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte;
    }
}
