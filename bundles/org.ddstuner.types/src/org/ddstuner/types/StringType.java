package org.ddstuner.types;

/**
 * {@code string}, {@code string<N>}, {@code wstring}, {@code wstring<N>}.
 *
 * @param wide  true for wstring
 * @param bound maximum length in characters, 0 when unbounded
 */
public record StringType(boolean wide, long bound) implements DdsType {
    public static final StringType STRING = new StringType(false, 0);
    public static final StringType WSTRING = new StringType(true, 0);

    public StringType {
        if (bound < 0) {
            throw new IllegalArgumentException("string bound must not be negative: " + bound);
        }
    }

    public boolean bounded() {
        return bound > 0;
    }
}
