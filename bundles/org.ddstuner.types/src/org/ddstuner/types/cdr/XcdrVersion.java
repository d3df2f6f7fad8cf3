package org.ddstuner.types.cdr;

/** The two extended CDR versions of DDS-XTypes 1.3 §7.4. */
public enum XcdrVersion {
    /** Classic CDR: 64-bit values aligned to 8, mutable types as parameter lists (PL_CDR). */
    XCDR1,
    /** XCDR version 2: alignment capped at 4, DHEADER/EMHEADER for appendable and mutable types. */
    XCDR2;

    /** The largest alignment this version uses (8 or 4). */
    public int maxAlignment() {
        return this == XCDR1 ? 8 : 4;
    }
}
