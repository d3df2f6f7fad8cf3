package org.ddstuner.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Escapes beyond JSON's required ones, as the project's writer always did: DEL (U+007F) and the line and
 * paragraph separators U+2028/U+2029 (which end a line in JavaScript and in some terminals and log viewers).
 * Unpaired surrogates are escaped by {@link SurrogateEscapingWriter} (a character escape cannot see the pair).
 */
final class JsonEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private static final SerializedString LINE_SEPARATOR = new SerializedString("\\u2028");
    private static final SerializedString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");

    private final int[] ascii;

    JsonEscapes() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7f] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return switch (ch) {
            case 0x2028 -> LINE_SEPARATOR;
            case 0x2029 -> PARAGRAPH_SEPARATOR;
            default -> null;
        };
    }
}
