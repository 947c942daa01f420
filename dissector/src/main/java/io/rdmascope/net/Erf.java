package io.rdmascope.net;

/**
 * Endace's Extensible Record Format as a pcap link type (LINKTYPE_ERF, 197): each frame begins with
 * an ERF record header of 16 octets (a little-endian timestamp, the ERF type, flags, the record
 * length, a loss counter and the length on the wire), then extension headers of 8 octets while
 * the type's top bit (and then each extension header's) says another follows, then the packet.
 * NVIDIA's {@code ibdump} writes the captures of InfiniBand ports this way, with ERF type
 * {@link #INFINIBAND}: the packet from its LRH, as link type 247 holds it. The layout is the one
 * Wireshark's {@code erf} dissector reads.
 */
final class Erf {
    /** The pcap link type. */
    static final int LINK_TYPE = 197;
    /** ERF types: an Ethernet frame after two octets of offset and pad; InfiniBand; IPv4; IPv6. */
    static final int ETHERNET = 2, INFINIBAND = 21, IPV4 = 22, IPV6 = 23;
    static final int HEADER = 16, EXTENSION = 8;
    /** Extension headers followed at most: more is no record a capture tool writes. */
    static final int MAX_EXTENSIONS = 16;

    private Erf() {}

    /** The ERF type of the record at {@code o} (its top bit, extension headers follow, cleared). */
    static int type(byte[] d, int o) {
        return d[o + 8] & 0x7f;
    }

    /** Where the packet of the record at {@code o} begins, or -1 when its headers run past {@code end}. */
    static int payload(byte[] d, int o, int end) {
        if (end - o < HEADER) {
            return -1;
        }
        boolean more = (d[o + 8] & 0x80) != 0;
        int at = o + HEADER;
        for (int n = 0; more; n++) {
            if (n == MAX_EXTENSIONS || end - at < EXTENSION) {
                return -1;
            }
            more = (d[at] & 0x80) != 0;
            at += EXTENSION;
        }
        return at;
    }
}
