package org.ddstuner.types;

/** One enumerator: its name and value ({@code @value(n)} or the implicit ordinal). */
public record Enumerator(String name, int value) {
}
