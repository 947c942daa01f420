package io.rdmascope.ulp.tools;

import io.rdmascope.fields.Hex;
import io.rdmascope.ksy.Rsockets.ConnData;
import io.rdmascope.ksy.Rsockets.Op;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;

/**
 * rsockets (rdma-core's librdmacm/rsocket.c, used by rstream). Each side's connection data (MPA
 * Request and Reply private data) advertises its target SGL, which the peer RDMA Writes SGEs into,
 * and the first half of its receive buffer, which the peer RDMA Writes data into; both are
 * registered for remote write only. Whenever a side frees half of its receive buffer it RDMA Writes
 * one SGE naming that half into the peer's target SGL: that Write advertises the writer's buffer.
 * Writes into the iomap area after the target SGL advertise riomap buffers. Over iWARP every Write
 * is followed by a 4-octet Send carrying the rsockets message.
 */
public final class Rsockets implements Ulp {
    /** rstream's default port. */
    public static final int PORT = 7471;
    static final int CONN_DATA = 40, SGE = 16, IOMAP = 24;
    static final int FLAG_NET = 0x01, FLAG_IOMAP = 0x02;
    /** Most target SGL entries believed (rsockets has 2) and most iomap entries. */
    static final long MAX_SGL_ENTRIES = 256, MAX_IOMAP_ENTRIES = 1L << 15;
    /** Most advertisements taken from one Write. */
    public static final int MAX_ADVERTISEMENTS = 64;

    @Override
    public String name() {
        return "rsockets";
    }

    @Override
    public String reference() {
        return "rdma-core librdmacm/rsocket.c (struct rs_conn_data, struct rs_sge)";
    }

    @Override
    public int[] ports() {
        return new int[] {PORT};
    }

    /** The rdma_cm examples (cmatose, udaddy, mckey) listen on rstream's port 7471 too. */
    @Override
    public boolean portIsEnough() {
        return false;
    }

    /** A 4-octet Send holding an rsockets message that is sent (either byte order). */
    @Override
    public boolean recognizesOnItsPort(UlpInput m) {
        if (m.messageLength() != 4 || m.len() < 4) {
            return false;
        }
        SegmentStream s = new SegmentStream().reset(m.buf(), m.off(), 4);
        Op le = new io.rdmascope.ksy.Rsockets.MsgLe(s).op();
        s.reset(m.buf(), m.off(), 4);
        Op be = new io.rdmascope.ksy.Rsockets.MsgBe(s).op();
        return sent(le) || sent(be);
    }

    private static boolean sent(Op op) {
        return op == Op.DATA || op == Op.SGL || op == Op.IOMAP_SGL || op == Op.CTRL;
    }

    @Override
    public boolean recognizesPrivateData(byte[] buf, int off, int len, boolean request) {
        if (buf == null || len < CONN_DATA || off < 0 || off + len > buf.length) {
            return false;
        }
        try {
            ConnData c = new ConnData(new SegmentStream().reset(buf, off, len));
            return plausible(c);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Version 1, known flags, reserved zero, a target SGL of a few entries and a receive buffer. */
    static boolean plausible(ConnData c) {
        byte[] r = c.reserved();
        return c.version() == 1 && (c.flags() & ~(FLAG_NET | FLAG_IOMAP)) == 0 && r[0] == 0 && r[1] == 0 && r[2] == 0
                && c.credits() != 0 && c.targetSgl().addr() != 0 && c.targetSgl().key() != 0
                && c.targetSgl().length() >= 1 && c.targetSgl().length() <= MAX_SGL_ENTRIES
                && c.dataBuf().addr() != 0 && c.dataBuf().key() != 0 && c.dataBuf().length() != 0;
    }

    /** rs_scale_to_value(value, 8): iomap entries from their 8-bit scaled count. */
    static long iomapEntries(int scaled) {
        return scaled <= 128 ? scaled : (long) (scaled & ~128) << 8;
    }

    @Override
    public Ulp.Decoder decoder() {
        return new Decoder();
    }

    /** What one side's connection data said of its target SGL. */
    static final class Side {
        boolean known;
        boolean bigEndian;
        long sglStag, sglAddr, sglEntries;
        long iomapAddr, iomapEntries;
    }

    static final class Decoder implements Ulp.Decoder {
        private final SegmentStream stream = new SegmentStream();
        /** 0: the initiator (rconnect), 1: the responder (raccept). */
        private final Side[] sides = {new Side(), new Side()};

        @Override
        public UlpMessage privateData(byte[] buf, int off, int len, boolean fromInitiator) {
            UlpMessage out = new UlpMessage();
            try {
                connData(buf, off, len, fromInitiator, out);
            } catch (RuntimeException e) {
                out.advertisements.clear();
                out.summary = "rsockets connection data";
                out.problem("rsockets connection data could not be decoded: " + e);
            }
            return out;
        }

        private void connData(byte[] buf, int off, int len, boolean fromInitiator, UlpMessage out) {
            String which = fromInitiator ? "request" : "reply";
            if (len < CONN_DATA) {
                out.summary = "rsockets connection data (" + which + ") of " + len + " octets";
                out.problem("rsockets connection data is 40 octets; the private data holds " + len);
                return;
            }
            ConnData c = new ConnData(stream.reset(buf, off, len));
            Side s = sides[fromInitiator ? 0 : 1];
            boolean big = (c.flags() & FLAG_NET) != 0;
            long entries = c.targetSgl().length();
            out.summary = "rsockets connection data (" + which + "): version " + c.version() + ", credits "
                    + c.credits() + ", " + (big ? "big" : "little") + "-endian host, target SGL STag "
                    + Hex.atLeast(c.targetSgl().key(), 8) + " at " + Hex.atLeast(c.targetSgl().addr(), 1) + " ("
                    + entries + " entries), receive buffer STag " + Hex.atLeast(c.dataBuf().key(), 8) + " at "
                    + Hex.atLeast(c.dataBuf().addr(), 1) + " (" + c.dataBuf().length() + " octets)";
            if (c.version() != 1) {
                out.problem("rsockets connection data version " + c.version() + " is not 1");
            }
            if ((c.flags() & ~(FLAG_NET | FLAG_IOMAP)) != 0) {
                out.problem("rsockets connection data has unknown flags " + Hex.atLeast(c.flags(), 2));
            }
            int w = Advertisement.REMOTE_WRITE;
            if (entries == 0 || entries > MAX_SGL_ENTRIES) {
                out.problem("rsockets target SGL of " + entries + " entries (rsockets uses 2; at most "
                        + MAX_SGL_ENTRIES + " are believed)");
                s.known = false;
            } else {
                s.known = true;
                s.bigEndian = big;
                s.sglStag = c.targetSgl().key();
                s.sglAddr = c.targetSgl().addr();
                s.sglEntries = entries;
                out.advertisements.add(new Advertisement(s.sglStag, s.sglAddr, entries * SGE, w,
                        "rsockets target SGL (" + entries + " entries)"));
                s.iomapEntries = (c.flags() & FLAG_IOMAP) != 0 ? iomapEntries(c.targetIomapSize()) : 0;
                s.iomapAddr = s.sglAddr + entries * SGE;
                if (s.iomapEntries > 0) {
                    out.advertisements.add(new Advertisement(s.sglStag, s.iomapAddr, s.iomapEntries * IOMAP, w,
                            "rsockets target iomap (" + s.iomapEntries + " entries)"));
                }
            }
            if (c.dataBuf().length() == 0) {
                out.problem("rsockets connection data names a receive buffer of 0 octets");
            } else {
                out.advertisements.add(new Advertisement(c.dataBuf().key(), c.dataBuf().addr(), c.dataBuf().length(),
                        w, "rsockets receive buffer (first half)"));
            }
        }

        @Override
        public UlpMessage write(UlpInput m) {
            try {
                return sgeWrite(m);
            } catch (RuntimeException e) {
                UlpMessage out = new UlpMessage();
                out.summary = "rsockets RDMA Write";
                out.problem("rsockets RDMA Write could not be decoded: " + e);
                return out;
            }
        }

        /** A Write into the peer's target SGL or iomap advertises the writer's buffers; other Writes are data. */
        private UlpMessage sgeWrite(UlpInput m) {
            Side peer = sides[m.fromInitiator() ? 1 : 0];
            if (!peer.known || m.stag() != peer.sglStag) {
                return null;
            }
            long rel = m.to() - peer.sglAddr;
            long sglBytes = peer.sglEntries * SGE;
            long n = m.messageLength();
            UlpMessage out = new UlpMessage();
            if (Long.compareUnsigned(rel, sglBytes) < 0) {
                long index = rel / SGE;
                out.summary = "rsockets target SGL entry " + index;
                if (rel % SGE != 0 || n % SGE != 0) {
                    out.problem("rsockets RDMA Write of " + n + " octets at offset " + rel
                            + " of the target SGL does not hold whole 16-octet entries");
                }
                if (rel + n > sglBytes) {
                    out.problem("rsockets RDMA Write of " + n + " octets at offset " + rel
                            + " runs past the target SGL's " + peer.sglEntries + " entries");
                }
                long have = rel % SGE != 0 ? 0 : Math.min(Math.min(n, sglBytes - rel), m.len()) / SGE;
                StringBuilder sum = new StringBuilder(out.summary);
                for (int i = 0; i < have && i < MAX_ADVERTISEMENTS; i++) {
                    long a, k, l;
                    SegmentStream s = stream.reset(m.buf(), m.off() + i * SGE, SGE);
                    if (peer.bigEndian) {
                        io.rdmascope.ksy.Rsockets.SgeBe e = new io.rdmascope.ksy.Rsockets.SgeBe(s);
                        a = e.addr();
                        k = e.key();
                        l = e.length();
                    } else {
                        io.rdmascope.ksy.Rsockets.SgeLe e = new io.rdmascope.ksy.Rsockets.SgeLe(s);
                        a = e.addr();
                        k = e.key();
                        l = e.length();
                    }
                    long entry = index + i;
                    if (l == 0) {
                        out.problem("rsockets target SGL entry " + entry + " names a buffer of 0 octets");
                        continue;
                    }
                    out.advertisements.add(new Advertisement(k, a, l, Advertisement.REMOTE_WRITE,
                            "rsockets receive buffer (target SGL entry " + entry + ")"));
                    sum.append(": STag ").append(Hex.atLeast(k, 8)).append(" at ").append(Hex.atLeast(a, 1)).append(", ")
                            .append(l).append(" octets");
                }
                if (have > MAX_ADVERTISEMENTS) {
                    out.problem("more than " + MAX_ADVERTISEMENTS + " target SGL entries in one RDMA Write;"
                            + " the rest are not taken");
                }
                out.summary = sum.toString();
                return out;
            }
            long iomapBytes = peer.iomapEntries * IOMAP;
            long irel = m.to() - peer.iomapAddr;
            if (peer.iomapEntries > 0 && Long.compareUnsigned(irel, iomapBytes) < 0) {
                long index = irel / IOMAP;
                out.summary = "rsockets target iomap entry " + index;
                if (irel % IOMAP != 0 || n % IOMAP != 0 || irel + n > iomapBytes) {
                    out.problem("rsockets RDMA Write of " + n + " octets at offset " + irel
                            + " of the target iomap does not hold whole 24-octet entries within it");
                }
                if (irel % IOMAP == 0 && m.len() >= IOMAP) {
                    SegmentStream s = stream.reset(m.buf(), m.off(), IOMAP);
                    long o, a, k, l;
                    if (peer.bigEndian) {
                        io.rdmascope.ksy.Rsockets.IomapBe e = new io.rdmascope.ksy.Rsockets.IomapBe(s);
                        o = e.offset();
                        a = e.sge().addr();
                        k = e.sge().key();
                        l = e.sge().length();
                    } else {
                        io.rdmascope.ksy.Rsockets.IomapLe e = new io.rdmascope.ksy.Rsockets.IomapLe(s);
                        o = e.offset();
                        a = e.sge().addr();
                        k = e.sge().key();
                        l = e.sge().length();
                    }
                    out.advertisements.add(new Advertisement(k, a, l, Advertisement.REMOTE_WRITE,
                            "rsockets riomap buffer at offset " + Long.toUnsignedString(o)));
                    out.summary += ": offset " + Long.toUnsignedString(o) + ", STag " + Hex.atLeast(k, 8) + " at "
                            + Hex.atLeast(a, 1) + ", " + l + " octets";
                }
                return out;
            }
            out.summary = "rsockets RDMA Write into the target SGL's region";
            out.problem("rsockets RDMA Write with the target SGL's STag lands outside its entries and iomap");
            return out;
        }

        @Override
        public UlpMessage send(UlpInput m) {
            UlpMessage out = new UlpMessage();
            try {
                message(m, out);
            } catch (RuntimeException e) {
                out.summary = "rsockets message";
                out.problem("rsockets message could not be decoded: " + e);
            }
            return out;
        }

        private void message(UlpInput m, UlpMessage out) {
            if (m.messageLength() != 4) {
                out.summary = "rsockets Send of " + m.messageLength() + " octets";
                out.problem("rsockets Sends carry a 4-octet message; this one has " + m.messageLength() + " octets");
                return;
            }
            if (m.len() < 4) {
                out.summary = "rsockets message, " + m.len() + " of 4 octets captured";
                return;
            }
            Side sender = sides[m.fromInitiator() ? 0 : 1];
            SegmentStream s = stream.reset(m.buf(), m.off(), 4);
            Op op;
            long data;
            if (sender.known && sender.bigEndian) {
                io.rdmascope.ksy.Rsockets.MsgBe x = new io.rdmascope.ksy.Rsockets.MsgBe(s);
                op = x.op();
                data = x.data();
            } else {
                io.rdmascope.ksy.Rsockets.MsgLe x = new io.rdmascope.ksy.Rsockets.MsgLe(s);
                op = x.op();
                data = x.data();
            }
            out.summary = switch (op) {
                case DATA -> "rsockets data: " + data + " octets written";
                case SGL -> "rsockets credits: the peer may send up to sequence " + data;
                case IOMAP_SGL -> "rsockets iomap entry " + data + " written";
                case CTRL -> "rsockets control: " + switch ((int) data) {
                    case 0 -> "disconnect";
                    case 1 -> "keepalive";
                    case 2 -> "shutdown";
                    default -> "code " + data;
                };
                case WRITE -> "rsockets direct write of " + data + " octets";
                default -> "rsockets message with reserved operation " + op.name();
            };
            if (op == Op.WRITE || op == Op.RSVD || op == Op.RSVD_DATA_MORE || op == Op.RSVD_DRA_MORE) {
                out.problem("rsockets message with operation " + op.name() + ", which is never sent");
            } else if (op == Op.CTRL && data > 2) {
                out.problem("rsockets control message with unknown code " + data);
            }
        }
    }
}
