package org.ddstuner.types.cdr;

/**
 * Something the decoder tolerated rather than rejected, for showing to the person.
 *
 * @param kind   what it was
 * @param offset byte offset where it starts (counting the encapsulation header)
 * @param path   member path of the enclosing value, empty at top level
 * @param detail a sentence saying what was found
 */
public record DecodeNote(Kind kind, int offset, String path, String detail) {

    public enum Kind {
        /** A mutable type's member id that the type does not know; its bytes were skipped. */
        UNKNOWN_MEMBER,
        /** A member the data does not contain (older writer type): the value is the default or absent. */
        MISSING_MEMBER,
        /** Bytes left inside a DHEADER or after the sample that the type does not account for. */
        TRAILING_DATA
    }

    @Override
    public String toString() {
        return kind + " at byte " + offset + (path.isEmpty() ? "" : " (" + path + ")") + ": " + detail;
    }
}
