package org.ddstuner.types.cyclone;

import org.ddstuner.types.TypeLibrary;

/** TEMP stub of the ops engineer's OpsGenerator (dropped at merge). */
public final class OpsGenerator {

    private OpsGenerator() {
    }

    public static CycloneDescriptor generate(TypeLibrary library, String typeName) {
        throw new UnsupportedOperationException("TEMP stub: OpsGenerator is not merged yet");
    }
}
