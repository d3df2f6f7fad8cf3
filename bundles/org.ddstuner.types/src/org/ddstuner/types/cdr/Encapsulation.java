package org.ddstuner.types.cdr;

import java.nio.ByteOrder;
import java.util.Optional;

import org.ddstuner.types.Extensibility;

/**
 * The representation identifier in the first two bytes of serialized data (DDS-XTypes 1.3 Table 60,
 * same values as {@code CDR_BE … PL_CDR2_LE} in Cyclone's {@code dds/ddsi/q_protocol.h}).
 */
public enum Encapsulation {
    CDR_BE(0x0000), CDR_LE(0x0001), PL_CDR_BE(0x0002), PL_CDR_LE(0x0003),
    CDR2_BE(0x0006), CDR2_LE(0x0007), D_CDR2_BE(0x0008), D_CDR2_LE(0x0009), PL_CDR2_BE(0x000a), PL_CDR2_LE(0x000b);

    private final int id;

    Encapsulation(int id) {
        this.id = id;
    }

    /** The 16-bit identifier as written big endian in the header. */
    public int id() {
        return id;
    }

    public XcdrVersion version() {
        return id <= 3 ? XcdrVersion.XCDR1 : XcdrVersion.XCDR2;
    }

    /** The low bit of every identifier says little endian. */
    public ByteOrder byteOrder() {
        return (id & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    public static Optional<Encapsulation> of(int id) {
        for (Encapsulation e : values()) {
            if (e.id == id) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * What a writer puts in the header for a top-level type of that extensibility: XCDR1 uses PL_CDR for
     * mutable types and CDR otherwise; XCDR2 uses CDR2, D_CDR2 or PL_CDR2 for final, appendable, mutable.
     */
    public static Encapsulation of(Extensibility extensibility, XcdrVersion version, ByteOrder order) {
        int base;
        if (version == XcdrVersion.XCDR1) {
            base = extensibility == Extensibility.MUTABLE ? 0x0002 : 0x0000;
        } else {
            base = switch (extensibility) {
                case FINAL -> 0x0006;
                case APPENDABLE -> 0x0008;
                case MUTABLE -> 0x000a;
            };
        }
        int id = base | (order == ByteOrder.LITTLE_ENDIAN ? 1 : 0);
        return of(id).orElseThrow();
    }
}
