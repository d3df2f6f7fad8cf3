package org.ddstuner.types;

/** One flag of a bitmask: its name and bit position ({@code @position(n)} or implicit). */
public record BitFlag(String name, int position) {
}
