package org.ddstuner.health;

import java.util.Locale;

/** How bad a rule's problem is; {@link #ERROR} makes {@code ddstuner watch} exit non-zero. */
public enum Severity {
    INFO, WARNING, ERROR;

    /** The name used in rule files and JSON: {@code info}, {@code warning}, {@code error}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The severity of a rule-file name, or {@code null}. */
    public static Severity of(String id) {
        for (Severity s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        return null;
    }
}
