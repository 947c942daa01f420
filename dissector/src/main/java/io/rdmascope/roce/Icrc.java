package io.rdmascope.roce;

import io.rdmascope.net.IbFrame;
import java.util.zip.CRC32;

/**
 * The Invariant CRC of an InfiniBand transport packet (IBA volume 1 section 7.8.1; for RoCEv2,
 * Annex A17): CRC-32 as Ethernet computes it over the packet from its network header to
 * the end of the payload and pad, with the fields that routers may change masked with ones: a
 * Local Route Header of eight ones where none is sent (RoCE) and the VL of one that is; the IPv4
 * type of service, time to live and header checksum, or the IPv6/GRH traffic class, flow label and
 * hop limit; the UDP checksum; the BTH's octet of FECN, BECN and reserved bits. The result is sent
 * least significant octet first.
 */
public final class Icrc {
    private static final byte[] ONES = {-1, -1, -1, -1, -1, -1, -1, -1};
    private final CRC32 crc = new CRC32();
    private final byte[] scratch = new byte[64];

    /**
     * The ICRC the packet of {@code f} should carry, as its four octets read in wire order (the
     * CRC's octets reversed, see {@link #carried}), or -1 when its headers are not whole.
     */
    public long compute(IbFrame f) {
        byte[] d = f.data;
        int icrcAt = f.end - 4;
        if (!f.whole() || icrcAt < f.transportOffset + 12) {
            return -1;
        }
        crc.reset();
        int n = f.networkOffset;
        switch (f.encapsulation) {
            case ROCE_V2_IPV4 -> {
                crc.update(ONES, 0, 8);
                int ihl = (d[n] & 0xf) * 4;
                masked(d, n, ihl, 1, 1, 8, 1, 10, 2);
                masked(d, n + ihl, 8, 6, 2, 0, 0, 0, 0);
            }
            case ROCE_V2_IPV6 -> {
                crc.update(ONES, 0, 8);
                grh(d, n);
                masked(d, n + 40, 8, 6, 2, 0, 0, 0, 0);
            }
            case ROCE_V1 -> {
                crc.update(ONES, 0, 8);
                grh(d, n);
            }
            case INFINIBAND -> {
                System.arraycopy(d, n, scratch, 0, 8);
                scratch[0] |= (byte) 0xf0;
                crc.update(scratch, 0, 8);
                if ((d[n + 1] & 3) == 3) {
                    grh(d, n + 8);
                }
            }
        }
        masked(d, f.transportOffset, 12, 4, 1, 0, 0, 0, 0);
        crc.update(d, f.transportOffset + 12, icrcAt - f.transportOffset - 12);
        return Integer.reverseBytes((int) crc.getValue()) & 0xffffffffL;
    }

    /**
     * The ICRC field the packet carries, its four octets read in wire order as Wireshark shows them
     * (the CRC itself is sent least significant octet first), or -1 when it was not captured.
     */
    static long carried(IbFrame f) {
        int at = f.end - 4;
        if (!f.whole() || at < f.transportOffset) {
            return -1;
        }
        byte[] d = f.data;
        return (d[at] & 0xffL) << 24 | (d[at + 1] & 0xffL) << 16 | (d[at + 2] & 0xffL) << 8 | (d[at + 3] & 0xffL);
    }

    /** A GRH or IPv6 header with traffic class, flow label and hop limit masked. */
    private void grh(byte[] d, int at) {
        System.arraycopy(d, at, scratch, 0, 40);
        scratch[0] |= 0x0f;
        scratch[1] = scratch[2] = scratch[3] = -1;
        scratch[7] = -1;
        crc.update(scratch, 0, 40);
    }

    /** {@code len} octets at {@code at}, with up to three runs (offset, length) set to ones. */
    private void masked(byte[] d, int at, int len, int o1, int n1, int o2, int n2, int o3, int n3) {
        System.arraycopy(d, at, scratch, 0, len);
        fill(o1, n1);
        fill(o2, n2);
        fill(o3, n3);
        crc.update(scratch, 0, len);
    }

    private void fill(int o, int n) {
        for (int i = 0; i < n; i++) {
            scratch[o + i] = -1;
        }
    }
}
