package org.ddstuner.samples.ui.reader;

import java.util.List;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.TypeLibrary;

/**
 * How the Reader view shows {@code sequence<octet>} and arrays of octet: hex ({@code 0x01 02 ff}), cut after
 * {@link #MAX_BYTES} bytes with the length, instead of a list of numbers. Display only: the decoded value (a list
 * of numbers 0–255) is what filters, CSV and JSON export see. {@code uint8} stays decimal (it is a number type;
 * ROS 2 {@code byte} is octet).
 */
final class OctetText {

    static final int MAX_BYTES = 64;

    private OctetText() {
    }

    /** Whether values of {@code t} are octet sequences or arrays (through typedefs). */
    static boolean isOctets(TypeLibrary lib, DdsType t) {
        try {
            DdsType u = lib.unalias(t);
            DdsType element = u instanceof SequenceType s ? s.element() : u instanceof ArrayType a ? a.element() : null;
            return element != null && lib.unalias(element) == PrimitiveType.OCTET;
        } catch (RuntimeException unknownType) {
            return false;
        }
    }

    /** The element type of a sequence or array type, else null. */
    static DdsType element(TypeLibrary lib, DdsType t) {
        try {
            DdsType u = lib.unalias(t);
            return u instanceof SequenceType s ? s.element() : u instanceof ArrayType a ? a.element() : null;
        } catch (RuntimeException unknownType) {
            return null;
        }
    }

    /**
     * {@code 0x01 02 ff}; longer than {@link #MAX_BYTES}: {@code 0x01 02 … (300 bytes)}; empty: {@code (0 bytes)};
     * nested lists (multi-dimensional arrays) as {@code [0x01 02, 0x03 04]}. Anything that is not a list of numbers
     * is returned as null (the caller shows it as it would otherwise).
     */
    static String hex(Object value) {
        if (!(value instanceof List<?> l)) {
            return null;
        }
        if (!l.isEmpty() && l.get(0) instanceof List<?>) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < l.size() && sb.length() < 4 * MAX_BYTES; i++) {
                String row = hex(l.get(i));
                if (row == null) {
                    return null;
                }
                sb.append(i == 0 ? "" : ", ").append(row);
            }
            return sb.append(']').toString();
        }
        if (l.isEmpty()) {
            return "(0 bytes)";
        }
        StringBuilder sb = new StringBuilder("0x");
        int n = Math.min(l.size(), MAX_BYTES);
        for (int i = 0; i < n; i++) {
            if (!(l.get(i) instanceof Number b)) {
                return null;
            }
            if (i > 0) {
                sb.append(' ');
            }
            int v = b.intValue() & 0xff;
            sb.append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 0xf, 16));
        }
        if (l.size() > MAX_BYTES) {
            sb.append(" \u2026 (").append(l.size()).append(" bytes)");
        }
        return sb.toString();
    }
}
