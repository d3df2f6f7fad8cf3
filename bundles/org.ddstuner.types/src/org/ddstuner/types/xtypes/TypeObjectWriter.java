package org.ddstuner.types.xtypes;

import org.ddstuner.types.TypeLibrary;

/** TEMP stub of the type-object engineer's TypeObjectWriter (dropped at merge). */
public final class TypeObjectWriter {

    private TypeObjectWriter() {
    }

    public static GeneratedTypeInfo generate(TypeLibrary library, String typeName) {
        throw new UnsupportedOperationException("TEMP stub: TypeObjectWriter is not merged yet");
    }
}
