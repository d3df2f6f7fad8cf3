package org.ddstuner.types;

/** XTypes extensibility kind: {@code @final}, {@code @appendable} or {@code @mutable}. */
public enum Extensibility {
    FINAL, APPENDABLE, MUTABLE;

    public String idlAnnotation() {
        return "@" + name().toLowerCase(java.util.Locale.ROOT);
    }
}
