package org.ddstuner.dds;

/**
 * One sample as it came over the wire: the serialized payload including its 4-byte encapsulation
 * header (e.g. {@code 00 01} CDR_LE = XCDR1, {@code 00 09} D_CDR2_LE, {@code 00 0b} PL_CDR2_LE), and its
 * sample info. For {@code info.validData() == false} the bytes hold only the key.
 */
public record RawSample(byte[] data, SampleInfo info) {

    /** Encapsulation identifiers (RTPS 2.5 §10.2, XTypes 1.3 §7.6.3.1.2). */
    public static final int CDR_BE = 0x0000, CDR_LE = 0x0001, PL_CDR_BE = 0x0002, PL_CDR_LE = 0x0003,
            CDR2_BE = 0x0006, CDR2_LE = 0x0007, D_CDR2_BE = 0x0008, D_CDR2_LE = 0x0009, PL_CDR2_BE = 0x000a,
            PL_CDR2_LE = 0x000b;

    public RawSample {
        data = data.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /** Payload length including the encapsulation header. */
    public int size() {
        return data.length;
    }

    /** The encapsulation identifier (first two bytes, big endian), or -1 if the payload is too short. */
    public int encapsulation() {
        return data.length < 2 ? -1 : (data[0] & 0xff) << 8 | (data[1] & 0xff);
    }

    /** XCDR version by the encapsulation: 1 or 2, 0 if unknown. */
    public int xcdrVersion() {
        return switch (encapsulation()) {
            case CDR_BE, CDR_LE, PL_CDR_BE, PL_CDR_LE -> 1;
            case CDR2_BE, CDR2_LE, D_CDR2_BE, D_CDR2_LE, PL_CDR2_BE, PL_CDR2_LE -> 2;
            default -> 0;
        };
    }

    public boolean littleEndian() {
        return (encapsulation() & 1) == 1;
    }
}
