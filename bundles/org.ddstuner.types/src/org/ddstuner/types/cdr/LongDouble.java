package org.ddstuner.types.cdr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * IEEE 754 binary128 ({@code long double} on the wire) to and from {@link BigDecimal}; decoding is exact,
 * encoding rounds half-even. Infinity and NaN have no BigDecimal and are refused.
 */
final class LongDouble {
    private static final int BIAS = 16383;
    private static final int MANT = 112;
    private static final BigInteger HIDDEN = BigInteger.ONE.shiftLeft(MANT);
    private static final BigInteger LOW64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private LongDouble() {
    }

    /** @return the value, or null for infinity/NaN */
    static BigDecimal decode(long hi, long lo) {
        int exp = (int) ((hi >>> 48) & 0x7FFF);
        if (exp == 0x7FFF) {
            return null;
        }
        BigInteger m = BigInteger.valueOf(hi & 0xFFFF_FFFF_FFFFL).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(lo)));
        int e;
        if (exp == 0) {
            e = 1 - BIAS - MANT;
        } else {
            m = m.or(HIDDEN);
            e = exp - BIAS - MANT;
        }
        BigDecimal v = normalize(scale(new BigDecimal(m), e));
        return hi < 0 ? v.negate() : v;
    }

    /** One spelling per number (no trailing zeros, no negative scale) so decoded values compare with equals. */
    static BigDecimal normalize(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    /** {@code v * 2^e}, exact. */
    private static BigDecimal scale(BigDecimal v, int e) {
        if (e >= 0) {
            return v.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(e)));
        }
        // 2^-k = 5^k / 10^k: exact in decimal
        return v.multiply(new BigDecimal(BigInteger.valueOf(5).pow(-e))).scaleByPowerOfTen(e);
    }

    /** @return {hi, lo} or null when too large for binary128 */
    static long[] encode(BigDecimal value) {
        int sign = value.signum();
        if (sign == 0) {
            return new long[] {0, 0};
        }
        BigDecimal a = value.abs();
        // estimate e = floor(log2(a)) then correct it
        long est = a.unscaledValue().bitLength() - (long) Math.ceil(a.scale() * 3.321928094887362);
        int e = (int) Math.max(Math.min(est, 20000), -20000);
        // find e = floor(log2(a)) exactly: truncating, a * 2^(112-e) has exactly 113 bits
        for (int i = 0; i < 16; i++) {
            int bits = scale(a, MANT - e).setScale(0, RoundingMode.FLOOR).toBigIntegerExact().bitLength();
            if (bits == MANT + 1) {
                break;
            }
            e += bits == 0 ? -(MANT + 1) : bits - (MANT + 1);
        }
        BigInteger m = scale(a, MANT - e).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        if (m.bitLength() == MANT + 2) { // rounding carried into a new bit (m == 2^113)
            m = m.shiftRight(1);
            e++;
        }
        int biased = e + BIAS;
        if (biased >= 0x7FFF) {
            return null;
        }
        if (biased <= 0) {
            m = scale(a, BIAS - 1 + MANT).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
            biased = m.bitLength() > MANT ? 1 : 0;
            m = m.andNot(HIDDEN);
        } else {
            m = m.andNot(HIDDEN);
        }
        long lo = m.and(LOW64).longValue();
        long hi = m.shiftRight(64).longValue() | ((long) biased << 48) | (sign < 0 ? Long.MIN_VALUE : 0);
        return new long[] {hi, lo};
    }
}
