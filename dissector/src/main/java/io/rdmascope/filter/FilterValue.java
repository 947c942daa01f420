package io.rdmascope.filter;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * A value written in a display filter, read every way it can be: as an unsigned 64-bit number
 * (decimal or {@code 0x} hex), a decimal number (times in seconds), a Boolean, an address with a
 * prefix length ({@code 10.77.0.0/24}, {@code fd00::/64}) and, always, as text.
 */
final class FilterValue {
    final String raw;
    final Long number;
    final BigDecimal decimal;
    final Boolean bool;
    final Subnet subnet;

    FilterValue(String raw) {
        this.raw = raw;
        this.number = parseNumber(raw);
        this.decimal = number != null ? new BigDecimal(Long.toUnsignedString(number)) : parseDecimal(raw);
        this.bool = parseBool(raw);
        this.subnet = Subnet.parse(raw);
    }

    /**
     * Compares a value of a frame (Long, BigDecimal, Boolean or String) with this one: negative,
     * zero or positive; null when they cannot be compared. An address compares equal to a subnet
     * that holds it and unequal otherwise (there is no order between them).
     */
    Integer compareFrom(Object v) {
        if (v instanceof Integer) {
            v = ((Integer) v).longValue();
        }
        if (v instanceof Long) {
            return number == null ? null : Long.compareUnsigned((Long) v, number);
        }
        if (v instanceof BigDecimal) {
            return decimal == null ? null : ((BigDecimal) v).compareTo(decimal);
        }
        if (v instanceof Boolean) {
            Boolean b = bool != null ? bool : number != null && (number == 0 || number == 1) ? number == 1 : null;
            return b == null ? null : Boolean.compare((Boolean) v, b);
        }
        if (v == null) {
            return null;
        }
        if (v instanceof byte[] b) {
            byte[] mine = octets(raw);
            return mine == null ? null : java.util.Arrays.compareUnsigned(b, mine);
        }
        if (subnet != null) {
            Boolean in = subnet.contains(v.toString());
            return in == null ? null : in ? 0 : 1;
        }
        return v.toString().compareTo(raw);
    }

    /** Octets written as hex pairs, separated by ':', '-' or '.' or not at all; null when not so. */
    static byte[] octets(String text) {
        String hex = text.replaceAll("[:.-]", "");
        if (hex.isEmpty() || hex.length() % 2 != 0 || !hex.matches("[0-9a-fA-F]+")) {
            return null;
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    /** Whether comparing with this value can only test equality (a subnet). */
    boolean equalityOnly() {
        return subnet != null;
    }

    static Long parseNumber(String s) {
        try {
            if (s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
            if (!s.isEmpty() && Character.isDigit(s.charAt(0))) {
                return Long.parseUnsignedLong(s);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    static BigDecimal parseDecimal(String s) {
        if (!s.matches("[0-9]*\\.?[0-9]+|[0-9]+\\.")) {
            return null;
        }
        return new BigDecimal(s);
    }

    static Boolean parseBool(String s) {
        switch (s.toLowerCase(Locale.ROOT)) {
            case "true": return Boolean.TRUE;
            case "false": return Boolean.FALSE;
            default: return null;
        }
    }

    /** An IPv4 or IPv6 network: an address and the number of leading bits that count. */
    record Subnet(byte[] address, int bits) {
        static Subnet parse(String s) {
            int slash = s.indexOf('/');
            if (slash < 0) {
                return null;
            }
            byte[] a = address(s.substring(0, slash));
            if (a == null) {
                return null;
            }
            try {
                int bits = Integer.parseInt(s.substring(slash + 1));
                return bits < 0 || bits > a.length * 8 ? null : new Subnet(a, bits);
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /** Whether the address {@code text} lies in this network; null when it is no address. */
        Boolean contains(String text) {
            byte[] b = address(text);
            if (b == null) {
                return null;
            }
            if (b.length != address.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((b[i / 8] & mask) != (address[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }

        /** The octets of a dotted IPv4 address or of an IPv6 address; null for anything else (no DNS). */
        static byte[] address(String s) {
            if (s.indexOf(':') >= 0) {
                if (!s.matches("[0-9a-fA-F:.]+")) {
                    return null;
                }
                try {
                    return java.net.InetAddress.getByName(s).getAddress();
                } catch (java.io.IOException e) {
                    return null;
                }
            }
            String[] parts = s.split("\\.", -1);
            if (parts.length != 4) {
                return null;
            }
            byte[] out = new byte[4];
            for (int i = 0; i < 4; i++) {
                if (!parts[i].matches("[0-9]{1,3}")) {
                    return null;
                }
                int v = Integer.parseInt(parts[i]);
                if (v > 255) {
                    return null;
                }
                out[i] = (byte) v;
            }
            return out;
        }
    }
}
