package org.ddstuner.dds;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A DDSI GUID: 12-byte prefix + 4-byte entity id. The first two prefix bytes are the vendor id
 * for every vendor that follows the DDSI-RTPS recommendation.
 */
public record Guid(byte[] bytes) implements Comparable<Guid> {

    public Guid {
        if (bytes == null || bytes.length != 16) {
            throw new IllegalArgumentException("a GUID has 16 bytes");
        }
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Parses the form produced by {@link #toString()} (dots/colons optional). */
    public static Guid parse(String text) {
        String hex = text.replaceAll("[^0-9a-fA-F]", "");
        if (hex.length() != 32) {
            throw new IllegalArgumentException("not a GUID: " + text);
        }
        return new Guid(HexFormat.of().parseHex(hex));
    }

    /** The 12-byte prefix shared by a participant and all its entities, as 24 hex digits. */
    public String prefixHex() {
        return HexFormat.of().formatHex(bytes, 0, 12);
    }

    /** The participant GUID this entity belongs to (prefix + entity id 0x000001c1). */
    public Guid participantGuid() {
        byte[] p = bytes.clone();
        p[12] = 0; p[13] = 0; p[14] = 1; p[15] = (byte) 0xc1;
        return new Guid(p);
    }

    /** Vendor id from the GUID prefix, e.g. 0x0110 for Cyclone DDS. */
    public int vendorId() {
        return ((bytes[0] & 0xff) << 8) | (bytes[1] & 0xff);
    }

    /** The entity id (last 4 bytes) as an unsigned int. */
    public int entityId() {
        return ((bytes[12] & 0xff) << 24) | ((bytes[13] & 0xff) << 16) | ((bytes[14] & 0xff) << 8) | (bytes[15] & 0xff);
    }

    /**
     * Whether this is the GUID of a writer or reader of a keyed topic: RTPS entity kinds 0x02 (writer with
     * key) and 0x07 (reader with key) versus 0x03 and 0x04 without key.
     */
    public boolean hasKey() {
        int kind = entityId() & 0x3f;
        return kind == 0x02 || kind == 0x07;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Guid g && Arrays.equals(bytes, g.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public int compareTo(Guid o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    /** {@code 01102a3b:4c5d6e7f:8091a2b3:000001c1} — the form Cyclone's tools print. */
    @Override
    public String toString() {
        HexFormat h = HexFormat.of();
        return h.formatHex(bytes, 0, 4) + ":" + h.formatHex(bytes, 4, 8) + ":" + h.formatHex(bytes, 8, 12) + ":"
                + h.formatHex(bytes, 12, 16);
    }
}
