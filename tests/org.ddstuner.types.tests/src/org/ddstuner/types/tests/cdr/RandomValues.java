package org.ddstuner.types.tests.cdr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.Values;

/**
 * Random valid sample values of any type, in the value representation of package-info, spelled the way
 * the decoder spells them (so a round trip compares with {@code equals}).
 */
public final class RandomValues {
    private final TypeLibrary library;
    private final Random random;
    private final int maxLength;

    public RandomValues(TypeLibrary library, long seed, int maxLength) {
        this.library = library;
        this.random = new Random(seed);
        this.maxLength = maxLength;
    }

    public Object of(DdsType type) {
        return of(type, 0);
    }

    private Object of(DdsType type, int depth) {
        DdsType t = library.unalias(type);
        return switch (t) {
            case PrimitiveType p -> primitive(p);
            case StringType s -> string(s);
            case SequenceType s -> {
                int n = depth > 4 ? 0 : random.nextInt(maxLength + 1);
                if (s.bounded()) {
                    n = (int) Math.min(n, s.bound());
                }
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    out.add(of(s.element(), depth + 1));
                }
                yield out;
            }
            case ArrayType a -> array(a.element(), a.dimensions(), depth);
            case EnumType e -> e.enumerators().get(random.nextInt(e.enumerators().size()));
            case BitmaskType b -> b.bitBound() == 64 ? random.nextLong() : random.nextLong() & ((1L << b.bitBound()) - 1);
            case StructType s -> {
                Map<String, Object> out = new LinkedHashMap<>();
                for (Member m : library.allMembers(s)) {
                    boolean absent = m.optional() && (depth > 3 || random.nextInt(3) == 0);
                    out.put(m.name(), absent ? null : of(m.type(), depth + 1));
                }
                yield out;
            }
            case UnionType u -> {
                int pick = random.nextInt(u.cases().size() + 1);
                if (pick == u.cases().size()) {
                    long d = Values.unusedLabel(u);
                    boolean boolDisc = library.unalias(u.discriminator()) == PrimitiveType.BOOLEAN;
                    if (u.defaultCase().isPresent() || (boolDisc && d > 1)) {
                        pick = 0;
                    } else {
                        yield new UnionValue(d, null, null);
                    }
                }
                UnionCase c = u.cases().get(pick);
                long d = c.defaultCase() ? Values.unusedLabel(u) : c.labels().get(random.nextInt(c.labels().size()));
                yield new UnionValue(d, c.member().name(), of(c.member().type(), depth + 1));
            }
            default -> throw new IllegalStateException("unexpected " + t);
        };
    }

    private List<Object> array(DdsType element, List<Integer> dims, int depth) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < dims.get(0); i++) {
            out.add(dims.size() == 1 ? of(element, depth + 1) : array(element, dims.subList(1, dims.size()), depth));
        }
        return out;
    }

    private String string(StringType s) {
        int n = random.nextInt(maxLength * 3 + 1);
        if (s.bounded()) {
            n = (int) Math.min(n, s.bound());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (s.wide()) {
                sb.append((char) (1 + random.nextInt(0xFFFE)));
            } else {
                sb.append((char) (1 + random.nextInt(126))); // ASCII: a bound counts bytes
            }
        }
        return sb.toString();
    }

    private Object primitive(PrimitiveType p) {
        return switch (p) {
            case BOOLEAN -> random.nextBoolean();
            case OCTET, UINT8 -> (short) random.nextInt(256);
            case CHAR8 -> (char) random.nextInt(256);
            case CHAR16 -> (char) random.nextInt(65536);
            case INT8 -> (byte) random.nextInt();
            case INT16 -> (short) random.nextInt();
            case UINT16 -> random.nextInt(65536);
            case INT32 -> random.nextInt();
            case UINT32 -> random.nextLong() & 0xFFFF_FFFFL;
            case INT64 -> random.nextLong();
            case UINT64 -> new BigInteger(64, random);
            case FLOAT32 -> Float.intBitsToFloat(random.nextInt());
            case FLOAT64 -> Double.longBitsToDouble(random.nextLong());
            case FLOAT128 -> longDouble();
        };
    }

    private BigDecimal longDouble() {
        double d = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(600) - 300);
        BigDecimal v = new BigDecimal(d).stripTrailingZeros();
        return v.scale() < 0 ? v.setScale(0) : v;
    }
}
