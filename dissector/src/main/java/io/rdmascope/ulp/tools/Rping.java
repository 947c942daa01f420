package io.rdmascope.ulp.tools;

import io.rdmascope.fields.Hex;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;

/**
 * rping (rdma-core's librdmacm/examples/rping.c): every Send is a 16-octet {@code struct
 * rping_rdma_info} naming one buffer by address, STag and size. The client names its start buffer
 * (the server RDMA Reads it) and then its RDMA buffer (the server RDMA Writes into it), both
 * registered for remote read and remote write; the server's go-ahead Sends are the same structure
 * left zero.
 */
public final class Rping implements Ulp {
    /** rping's default port. */
    public static final int PORT = 7174;
    static final int SIZE = 16;
    static final long MAX_SIZE = 1L << 31;
    /** rping's -S limits: RPING_MIN_BUFSIZE (sizeof "2147483647" + sizeof "rdma-ping-%d: ") and RPING_BUFSIZE - 1. */
    static final long MIN_SIZE = 26, MAX_OPTION_SIZE = 64 * 1024 - 1;

    @Override
    public String name() {
        return "rping";
    }

    @Override
    public String reference() {
        return "rdma-core librdmacm/examples/rping.c (struct rping_rdma_info)";
    }

    @Override
    public int[] ports() {
        return new int[] {PORT};
    }

    @Override
    public boolean recognizes(UlpInput m) {
        if (m == null || m.buf() == null || m.messageLength() != SIZE || m.len() != SIZE) {
            return false;
        }
        try {
            io.rdmascope.ksy.Rping.RdmaInfo i = new io.rdmascope.ksy.Rping.RdmaInfo(
                    new SegmentStream().reset(m.buf(), m.off(), m.len()));
            return plausible(i);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * What rping can send: a size its -S option accepts (RPING_MIN_BUFSIZE, 26, to RPING_BUFSIZE - 1),
     * a nonzero user-space address below 2^56 and a nonzero STag. NVMe completion entries and other
     * 16-octet Sends read this way name sizes in the megabytes or kernel addresses.
     */
    static boolean plausible(io.rdmascope.ksy.Rping.RdmaInfo i) {
        long buf = i.buf(), size = i.size();
        return buf != 0 && Long.compareUnsigned(buf, 1L << 56) < 0 && size >= MIN_SIZE && size <= MAX_OPTION_SIZE
                && i.rkey() != 0;
    }

    @Override
    public Ulp.Decoder decoder() {
        return new Decoder();
    }

    static final class Decoder implements Ulp.Decoder {
        private final SegmentStream stream = new SegmentStream();
        private long clientBuffers;

        @Override
        public UlpMessage send(UlpInput m) {
            UlpMessage out = new UlpMessage();
            try {
                decode(m, out);
            } catch (RuntimeException e) {
                out.advertisements.clear();
                out.summary = "rping message";
                out.problem("rping message could not be decoded: " + e);
            }
            return out;
        }

        private void decode(UlpInput m, UlpMessage out) {
            if (m.messageLength() != SIZE) {
                out.summary = "rping message of " + m.messageLength() + " octets";
                out.problem("rping sends 16-octet rping_rdma_info messages; this one has " + m.messageLength()
                        + " octets");
                return;
            }
            if (m.len() < SIZE) {
                out.summary = "rping message, " + m.len() + " of 16 octets captured";
                return;
            }
            io.rdmascope.ksy.Rping.RdmaInfo i =
                    new io.rdmascope.ksy.Rping.RdmaInfo(stream.reset(m.buf(), m.off(), SIZE));
            long buf = i.buf(), rkey = i.rkey(), size = i.size();
            if (buf == 0 && rkey == 0 && size == 0) {
                out.summary = "rping go-ahead (rping_rdma_info left zero)";
                return;
            }
            String what;
            if (m.fromInitiator()) {
                what = clientBuffers++ % 2 == 0 ? "rping start buffer (the server RDMA Reads it)"
                        : "rping RDMA buffer (the server RDMA Writes into it)";
            } else {
                what = "rping buffer";
            }
            out.summary = "rping buffer info: STag " + Hex.atLeast(rkey, 8) + " at " + Hex.atLeast(buf, 1) + ", " + size
                    + " octets";
            if (size == 0) {
                out.problem("rping_rdma_info names a buffer of size 0");
                return;
            }
            if (Long.compareUnsigned(size, MAX_SIZE) > 0) {
                out.problem("rping_rdma_info size " + size + " is larger than rping's buffers can be (2 GiB)");
            }
            if (Long.compareUnsigned(buf + size, buf) < 0) {
                out.problem("rping_rdma_info buffer at " + Hex.atLeast(buf, 1) + " of " + size
                        + " octets wraps past the end of the address space");
            }
            out.advertisements.add(new Advertisement(rkey, buf, size,
                    Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE, what));
        }
    }
}
