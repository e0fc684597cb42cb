package io.jdpdk.apps.common;

/** Numbers in DPDK samples' command lines, read as their C code reads them, and printed as their C code prints them. */
public final class CNumbers
{
    private CNumbers()
    {
    }

    /**
     * A sample's {@code parse_portmask}: the whole string in hex ({@code 0x} allowed), truncated to 32 bits.
     *
     * @param text the {@code -p} argument
     * @return the mask, 0 when invalid (which the samples report as "invalid portmask")
     */
    public static int parsePortMask(final String text)
    {
        final long value = strtoul(text, 16, true);
        return value < 0 ? 0 : (int)value;
    }

    /**
     * C's {@code strtoul}, as DPDK's samples parse their numbers: leading blanks, an optional {@code +}, {@code 0x} for base 16
     * (and base 0, where a leading 0 means octal), then digits. A value past 64 bits saturates as
     * strtoul's ULONG_MAX does.
     *
     * @param text  the text
     * @param base  16, 10 or 0, as strtoul takes it
     * @param whole whether the digits must run to the end of the text (l2fwd's {@code *end != '\0'} check)
     * @return the value (masked to 63 bits), or -1 when there are no digits or, with {@code whole}, trailing text
     */
    public static long strtoul(final String text, final int base, final boolean whole)
    {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i)))
        {
            i++;
        }
        if (i < text.length() && text.charAt(i) == '+')
        {
            i++;
        }
        int radix = base;
        final boolean hexPrefix = text.regionMatches(true, i, "0x", 0, 2) && i + 2 < text.length() &&
            Character.digit(text.charAt(i + 2), 16) >= 0;
        if ((radix == 16 || radix == 0) && hexPrefix)
        {
            radix = 16;
            i += 2;
        }
        else if (radix == 0)
        {
            radix = i < text.length() && text.charAt(i) == '0' ? 8 : 10;
        }
        final int start = i;
        long value = 0;
        boolean overflow = false;
        while (i < text.length() && Character.digit(text.charAt(i), radix) >= 0)
        {
            final long next = value * radix + Character.digit(text.charAt(i), radix);
            overflow |= Long.compareUnsigned(value, Long.divideUnsigned(-1L, radix)) > 0 ||
                Long.compareUnsigned(next, value) < 0;
            value = next;
            i++;
        }
        if (i == start || whole && i != text.length())
        {
            return -1;
        }
        return overflow ? Long.MAX_VALUE : value & Long.MAX_VALUE;
    }

    /**
     * C's {@code strtoull(text, &end, base)} with base 0 or 16, whatever follows the digits ignored: leading blanks, a
     * sign, {@code 0x} (and in base 0 a leading 0 for octal), the digits; all ones on overflow (not negated), the
     * value negated after a '-', 0 when there are no digits.
     *
     * @param text the text
     * @param base 0 or 16
     * @return the 64 bits, unsigned
     */
    public static long strtoull(final String text, final int base)
    {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i)))
        {
            i++;
        }
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-'))
        {
            negative = text.charAt(i) == '-';
            i++;
        }
        int radix = base == 0 ? 10 : base;
        if ((base == 0 || base == 16) && text.regionMatches(true, i, "0x", 0, 2) && i + 2 < text.length() &&
            Character.digit(text.charAt(i + 2), 16) >= 0)
        {
            radix = 16;
            i += 2;
        }
        else if (base == 0 && i < text.length() && text.charAt(i) == '0')
        {
            radix = 8;
        }
        final int start = i;
        while (i < text.length() && Character.digit(text.charAt(i), radix) >= 0)
        {
            i++;
        }
        if (i == start)
        {
            return 0;
        }
        final java.math.BigInteger value = new java.math.BigInteger(text.substring(start, i), radix);
        if (value.bitLength() > 64)
        {
            return -1L;
        }
        return negative ? -value.longValue() : value.longValue();
    }

    /**
     * C's {@code printf("%#" PRIx64, value)}: lower-case hexadecimal after {@code 0x}, but 0 alone.
     *
     * @param value the 64 bits, unsigned
     * @return the text
     */
    public static String alternateHex(final long value)
    {
        return value == 0 ? "0" : "0x" + Long.toHexString(value);
    }

    /**
     * glibc's {@code printf("%.2F", value)}: two decimals, the double's exact value rounded half to even, and
     * {@code INF}, {@code -INF} or {@code -NAN} (x86's NaN of 0.0/0.0 has its sign bit set) in capitals.
     *
     * @param value the number
     * @return the text
     */
    public static String fixed2Upper(final double value)
    {
        if (Double.isNaN(value))
        {
            return "-NAN";
        }
        if (Double.isInfinite(value))
        {
            return value > 0 ? "INF" : "-INF";
        }
        return fixed(value, 2);
    }

    /**
     * glibc's {@code printf("%.Nf", value)} of a finite number: {@code decimals} decimals, the double's exact value
     * rounded half to even.
     *
     * @param value    the number, finite
     * @param decimals N
     * @return the text
     */
    public static String fixed(final double value, final int decimals)
    {
        return new java.math.BigDecimal(value).setScale(decimals, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }
}
