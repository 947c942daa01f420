package io.rdmascope.ulp.tools;

import io.rdmascope.fields.Hex;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;

/**
 * perftest's rdma_cm mode ({@code -R}, linux-rdma/perftest src/perftest_communication.c): each
 * side sends its {@code struct pingpong_dest} (big-endian, 56 octets in perftest 4.5, 64 with
 * tail_markers_vaddr in later releases) on the exchange connection; its rkey and vaddr name the test
 * buffer the peer then reads or writes on the data connection. The structure gives no length.
 */
public final class Perftest implements Ulp {
    /** perftest's default port. */
    public static final int PORT = 18515;
    static final int SIZE = 56, SIZE_TAIL_MARKERS = 64;

    @Override
    public String name() {
        return "perftest";
    }

    @Override
    public String reference() {
        return "perftest src/perftest_communication.h (struct pingpong_dest)";
    }

    @Override
    public int[] ports() {
        return new int[] {PORT};
    }

    @Override
    public boolean recognizes(UlpInput m) {
        if (m == null || m.buf() == null || m.len() != m.messageLength()
                || (m.messageLength() != SIZE && m.messageLength() != SIZE_TAIL_MARKERS)) {
            return false;
        }
        try {
            Dest d = Dest.parse(new SegmentStream().reset(m.buf(), m.off(), m.len()), m.len());
            return d.plausible();
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public Ulp.Decoder decoder() {
        return new Decoder();
    }

    /** The fields of either layout. */
    record Dest(long lid, long outReads, long qpn, long psn, long rkey, long vaddr, long srqn, long gidIndex) {
        static Dest parse(SegmentStream s, int size) {
            if (size == SIZE_TAIL_MARKERS) {
                io.rdmascope.ksy.Perftest.PingpongDestTailMarkers d =
                        new io.rdmascope.ksy.Perftest.PingpongDestTailMarkers(s);
                return new Dest(d.lid(), d.outReads(), d.qpn(), d.psn(), d.rkey(), d.vaddr(), d.srqn(), d.gidIndex());
            }
            io.rdmascope.ksy.Perftest.PingpongDest d = new io.rdmascope.ksy.Perftest.PingpongDest(s);
            return new Dest(d.lid(), d.outReads(), d.qpn(), d.psn(), d.rkey(), d.vaddr(), d.srqn(), d.gidIndex());
        }

        /**
         * A 16-bit LID, 24-bit QP and packet sequence numbers, a nonzero buffer, few outstanding reads,
         * a small GID index (or -1): what perftest fills in. Other 56-octet payloads rarely fit all of it.
         */
        boolean plausible() {
            return lid <= 0xffff && qpn != 0 && qpn <= 0xffffff && psn <= 0xffffff && rkey != 0 && vaddr != 0
                    && outReads <= 0x10000 && srqn <= 0xffffff && (gidIndex <= 0xff || gidIndex == 0xffffffffL);
        }
    }

    static final class Decoder implements Ulp.Decoder {
        private final SegmentStream stream = new SegmentStream();

        @Override
        public UlpMessage send(UlpInput m) {
            UlpMessage out = new UlpMessage();
            try {
                decode(m, out);
            } catch (RuntimeException e) {
                out.advertisements.clear();
                out.summary = "perftest message";
                out.problem("perftest message could not be decoded: " + e);
            }
            return out;
        }

        private void decode(UlpInput m, UlpMessage out) {
            long n = m.messageLength();
            if (n != SIZE && n != SIZE_TAIL_MARKERS) {
                // The version string, the parameter negotiation and the results travel here too.
                out.summary = "perftest message of " + n + " octets" + version(m);
                return;
            }
            if (m.len() < n) {
                out.summary = "perftest pingpong_dest, " + m.len() + " of " + n + " octets captured";
                return;
            }
            Dest d = Dest.parse(stream.reset(m.buf(), m.off(), (int) n), (int) n);
            if (!d.plausible()) {
                // The parameter negotiation, or test data of the same size on the data connection.
                out.summary = "perftest message of " + n + " octets";
                return;
            }
            out.summary = "perftest pingpong_dest: QPN " + Hex.atLeast(d.qpn(), 6) + ", PSN " + Hex.atLeast(d.psn(), 6)
                    + ", STag " + Hex.atLeast(d.rkey(), 8) + " at " + Hex.atLeast(d.vaddr(), 1)
                    + ", out_reads " + d.outReads();
            out.advertisements.add(new Advertisement(d.rkey(), d.vaddr(), Advertisement.UNKNOWN_LENGTH,
                    Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE, "perftest test buffer (pingpong_dest)"));
        }

        /** perftest's version string ("6.06") at the start of the exchange, when that is what this is. */
        private static String version(UlpInput m) {
            int n = 0;
            while (n < m.len() && n < 16 && versionChar(m.buf()[m.off() + n])) {
                n++;
            }
            if (n >= 3 && n < m.len() && m.buf()[m.off() + n] == 0) {
                return ": version " + new String(m.buf(), m.off(), n, java.nio.charset.StandardCharsets.US_ASCII);
            }
            return "";
        }

        private static boolean versionChar(byte c) {
            return c >= '0' && c <= '9' || c == '.';
        }
    }
}
