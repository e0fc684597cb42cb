package io.jdpdk.lpm;

/**
 * IPv4 and IPv6 addresses between text and numbers, as glibc's {@code inet_pton} and {@code inet_ntop} do: no
 * name is ever resolved, leading zeros in IPv4 octets are refused, IPv6 is written the way glibc writes it.
 * IPv4 addresses are ints in host byte order (first octet most significant), IPv6 addresses two longs (high and
 * low 64 bits, first octet most significant). Stateless; any thread.
 */
public final class IpAddress
{
    private IpAddress()
    {
    }

    /**
     * Parses a dotted quad ({@code "198.18.0.1"}) into host byte order as {@code inet_pton(AF_INET)} does: only
     * four decimal octets of one to three digits, without leading zeros, are accepted; no name is ever resolved.
     *
     * @param text the address
     * @return the address in host byte order
     * @throws IllegalArgumentException if {@code text} is not a dotted quad
     */
    public static int parseIpv4(final String text)
    {
        int ip = 0;
        int octets = 0;
        int i = 0;
        final int length = text.length();
        while (true)
        {
            final int start = i;
            int value = 0;
            while (i < length && i - start < 3 && text.charAt(i) >= '0' && text.charAt(i) <= '9')
            {
                value = value * 10 + (text.charAt(i) - '0');
                i++;
            }
            if (i == start || value > 255 || (i - start > 1 && text.charAt(start) == '0'))
            {
                throw new IllegalArgumentException("not an IPv4 address: '" + text + "'");
            }
            ip = (ip << 8) | value;
            octets++;
            if (octets == 4)
            {
                if (i != length)
                {
                    throw new IllegalArgumentException("not an IPv4 address: '" + text + "'");
                }
                return ip;
            }
            if (i >= length || text.charAt(i) != '.')
            {
                throw new IllegalArgumentException("not an IPv4 address: '" + text + "'");
            }
            i++;
        }
    }

    /**
     * An IPv4 address as a dotted quad, as {@code inet_ntop(AF_INET)} writes it.
     *
     * @param ip the address in host byte order
     * @return e.g. "198.18.0.1"
     */
    public static String formatIpv4(final int ip)
    {
        return (ip >>> 24) + "." + ((ip >>> 16) & 0xFF) + "." + ((ip >>> 8) & 0xFF) + "." + (ip & 0xFF);
    }

    /**
     * An IPv6 address as glibc's {@code inet_ntop} writes it: RFC 5952's lower-case hex groups without leading
     * zeros and the longest run of two or more zero groups (the first of equal runs) as {@code ::}; and, as glibc
     * does, an address whose first six groups are zero and seventh is not ({@code ::1.2.3.4}) or whose first 96
     * bits are {@code ::ffff} ({@code ::ffff:1.2.3.4}) ends with a dotted quad.
     *
     * @param high the address's high 64 bits
     * @param low the address's low 64 bits
     * @return the text
     */
    public static String formatIpv6(final long high, final long low)
    {
        final int[] groups = new int[8];
        for (int i = 0; i < 4; i++)
        {
            groups[i] = (int)(high >>> (48 - 16 * i)) & 0xFFFF;
            groups[4 + i] = (int)(low >>> (48 - 16 * i)) & 0xFFFF;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; )
        {
            int j = i;
            while (j < 8 && groups[j] == 0)
            {
                j++;
            }
            if (j - i > bestLength)
            {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        if (bestStart == 0 && (bestLength == 6 || (bestLength == 5 && groups[5] == 0xFFFF)))
        {
            return (bestLength == 5 ? "::ffff:" : "::") + formatIpv4((int)low);
        }
        final StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++)
        {
            if (i == bestStart)
            {
                sb.append("::");
                i += bestLength - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':')
            {
                sb.append(':');
            }
            sb.append(Integer.toHexString(groups[i]));
        }
        return sb.toString();
    }

    /**
     * Parses an IPv6 address as {@code inet_pton(AF_INET6)} does: eight groups of one to four hex digits, one
     * {@code ::} for a run of zero groups, and the last 32 bits optionally as a dotted quad. No name is ever
     * resolved.
     *
     * @param text the address, without a prefix length
     * @return {high 64 bits, low 64 bits}, first octet most significant
     * @throws IllegalArgumentException if {@code text} is not an IPv6 address
     */
    public static long[] parseIpv6Address(final String text)
    {
        final int[] groups = new int[8];
        int count = 0;
        int gap = -1;
        int i = 0;
        final int length = text.length();
        if (text.startsWith("::"))
        {
            gap = 0;
            i = 2;
        }
        while (i < length)
        {
            final int dot = text.indexOf('.', i);
            final int colon = text.indexOf(':', i);
            if (dot >= 0 && (colon < 0 || dot < colon))
            {
                // An embedded dotted quad: the last two groups.
                if (count > 6)
                {
                    break;
                }
                final int v4 = parseIpv4(text.substring(i));
                groups[count++] = v4 >>> 16;
                groups[count++] = v4 & 0xFFFF;
                i = length;
                break;
            }
            final int end = colon < 0 ? length : colon;
            if (end == i || end - i > 4 || count == 8)
            {
                throw new IllegalArgumentException("not an IPv6 address: '" + text + "'");
            }
            int value = 0;
            for (int k = i; k < end; k++)
            {
                final char c = text.charAt(k);
                final int digit = c < 128 ? Character.digit(c, 16) : -1; // ASCII only, as inet_pton
                if (digit < 0)
                {
                    throw new IllegalArgumentException("not an IPv6 address: '" + text + "'");
                }
                value = value << 4 | digit;
            }
            groups[count++] = value;
            i = end;
            if (i < length)
            {
                i++; // the colon
                if (i < length && text.charAt(i) == ':')
                {
                    if (gap >= 0)
                    {
                        throw new IllegalArgumentException("not an IPv6 address: '" + text + "' (two '::')");
                    }
                    gap = count;
                    i++;
                }
                else if (i == length)
                {
                    throw new IllegalArgumentException("not an IPv6 address: '" + text + "'");
                }
            }
        }
        if (i != length || (gap < 0 ? count != 8 : count > 7))
        {
            throw new IllegalArgumentException("not an IPv6 address: '" + text + "'");
        }
        final int[] full = new int[8];
        if (gap < 0)
        {
            System.arraycopy(groups, 0, full, 0, 8);
        }
        else
        {
            System.arraycopy(groups, 0, full, 0, gap);
            System.arraycopy(groups, gap, full, 8 - (count - gap), count - gap);
        }
        long high = 0;
        long low = 0;
        for (int k = 0; k < 4; k++)
        {
            high = high << 16 | full[k];
            low = low << 16 | full[4 + k];
        }
        return new long[] { high, low };
    }
}
