package org.ddstuner.types.xtypes;

/** TEMP stub of the type-object engineer's GeneratedTypeInfo (dropped at merge). */
public record GeneratedTypeInfo(byte[] typeInformation, byte[] typeMapping) {
}
