package org.ddstuner.types;

/** {@code @autoid(SEQUENTIAL)} (the default) or {@code @autoid(HASH)}: how member ids are assigned. */
public enum AutoId {
    SEQUENTIAL, HASH
}
