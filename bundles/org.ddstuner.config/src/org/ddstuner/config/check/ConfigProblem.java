package org.ddstuner.config.check;

/**
 * One thing wrong with a configuration file, at its place.
 *
 * @param line    1-based line in the file, -1 when unknown
 * @param element the element path ("//CycloneDDS/Domain/General/MaxMessageSize") or the element name
 * @param message what is wrong, in Cyclone's words where Cyclone said it
 * @param kind    who says so
 */
public record ConfigProblem(int line, String element, String message, Kind kind) {

    public enum Kind {
        /** Not well-formed XML: Cyclone never sees it. */
        MALFORMED(true),
        /** Cyclone (the loaded libddsc) rejects the file: unknown element, bad value, out of range, … */
        REJECTED(true),
        /**
         * Cyclone accepts the file, but this host has no interface it names (a node's file checked on another
         * machine): an error only on a host that should run it.
         */
        INTERFACE_MISSING(false),
        /** Cyclone accepts it but warns (deprecated or moved names: the catalogue names the new one). */
        WARNING(false);

        private final boolean invalid;

        Kind(boolean invalid) {
            this.invalid = invalid;
        }

        /** The file is invalid for Cyclone (not just for this host). */
        public boolean invalid() {
            return invalid;
        }
    }

    /** "FILE:LINE: element: message" (the CLI's line). */
    public String format(String file) {
        return file + ":" + (line > 0 ? line : "?") + ": " + element + ": " + message;
    }
}
