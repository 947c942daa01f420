package io.rdmascope.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * An independent reading of a synthesized capture, written from the RFCs and sharing no code with
 * the dissector: a classic pcap of Ethernet/IPv4/TCP frames, each TCP direction rebuilt into its
 * byte stream, and the FPDUs of a direction walked from the ULPDU lengths the scenario intends, with
 * the RFC 5044 marker rule and CRC32c. It gives, for every FPDU, the frame that completes it (the first
 * frame after which the stream is contiguous up to the FPDU's last octet), its marker count, pad and
 * CRC field.
 */
final class WireModel {
    /** One captured TCP segment. */
    record Segment(int frame, int srcPort, int dstPort, int seq, int ack, int flags, byte[] payload) {}

    /** The FPDU as found on the wire. */
    record Fpdu(long start, long end, int ulpduLength, int pad, int markers, long crcField, boolean crcGood,
                int deliveredFirstFrame, int completingFrame, List<Long> badMarkers) {}

    final List<Segment> segments = new ArrayList<>();
    final int frames;

    WireModel(Path pcap) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(pcap));
        int magic = b.getInt(0);
        if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
            b.order(ByteOrder.LITTLE_ENDIAN);
            magic = b.getInt(0);
            if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
                throw new IllegalArgumentException("not a classic pcap");
            }
        }
        b.position(24);
        int n = 0;
        while (b.remaining() >= 16) {
            b.getInt();
            b.getInt();
            int cap = b.getInt();
            int orig = b.getInt();
            byte[] d = new byte[cap];
            b.get(d);
            n++;
            if (cap < 54 || cap != orig) {
                continue;   // cut frames carry no usable segment for the model
            }
            ByteBuffer f = ByteBuffer.wrap(d);
            int ihl = (d[14] & 0x0F) * 4;
            int ipLen = f.getShort(16) & 0xFFFF;
            int t = 14 + ihl;
            int tcpHdr = ((d[t + 12] & 0xF0) >> 4) * 4;
            int payloadLen = 14 + ipLen - t - tcpHdr;
            byte[] p = new byte[Math.max(0, payloadLen)];
            System.arraycopy(d, t + tcpHdr, p, 0, p.length);
            segments.add(new Segment(n, f.getShort(t) & 0xFFFF, f.getShort(t + 2) & 0xFFFF, f.getInt(t + 4),
                    f.getInt(t + 8), d[t + 13] & 0xFF, p));
        }
        frames = n;
    }

    /** One direction's stream: its octets, which frame first brought each octet, and contiguity per frame. */
    final class Stream {
        final byte[] data;
        final int[] firstFrame;
        /** contiguous[k]: octets delivered in order after frame k (1-based), for k in [1, frames]. */
        final long[] contiguous;

        final int srcPort, dstPort;
        int isn;

        Stream(int srcPort, int dstPort) {
            this.srcPort = srcPort;
            this.dstPort = dstPort;
            boolean syn = false;
            long max = 0;
            for (Segment s : segments) {
                if (s.srcPort == srcPort && s.dstPort == dstPort && (s.flags & 0x02) != 0) {
                    isn = s.seq;
                    syn = true;
                }
            }
            if (!syn) {
                throw new IllegalStateException("no SYN from port " + srcPort);
            }
            for (Segment s : segments) {
                if (s.srcPort == srcPort && s.dstPort == dstPort && s.payload.length > 0) {
                    max = Math.max(max, Integer.toUnsignedLong(s.seq - isn - 1) + s.payload.length);
                }
            }
            data = new byte[(int) max];
            firstFrame = new int[(int) max];
            boolean[] have = new boolean[(int) max];
            contiguous = new long[frames + 1];
            long cont = 0;
            int si = 0;
            for (int k = 1; k <= frames; k++) {
                while (si < segments.size() && segments.get(si).frame == k) {
                    Segment s = segments.get(si++);
                    if (s.srcPort == srcPort && s.dstPort == dstPort) {
                        int off = (int) Integer.toUnsignedLong(s.seq - isn - 1);
                        for (int i = 0; i < s.payload.length; i++) {
                            if (!have[off + i]) {
                                have[off + i] = true;
                                data[off + i] = s.payload[i];
                                firstFrame[off + i] = k;
                            }
                        }
                    }
                }
                while (cont < max && have[(int) cont]) {
                    cont++;
                }
                contiguous[k] = cont;
            }
        }

        /** The first frame after which the stream is contiguous through {@code end} (exclusive), or -1. */
        int completing(long end) {
            for (int k = 1; k <= frames; k++) {
                if (contiguous[k] >= end) {
                    return k;
                }
            }
            return -1;
        }

        /**
         * The frame at which octets of this stream are known to be missing: the first frame carrying
         * octets beyond a hole that no later frame fills, or the peer's acknowledging octets never seen.
         */
        int gapCertain() {
            long[] seen = new long[1];
            for (Segment s : segments) {
                long cont = contiguous[s.frame];
                if (s.srcPort == srcPort && s.dstPort == dstPort && s.payload.length > 0) {
                    long off = Integer.toUnsignedLong(s.seq - isn - 1);
                    if (off > contiguous[s.frame - 1] && cont < off) {
                        return s.frame;
                    }
                } else if (s.srcPort == dstPort && s.dstPort == srcPort && (s.flags & 0x10) != 0) {
                    long acked = Integer.toUnsignedLong(s.ack - isn - 1);
                    if (acked < (1L << 31) && acked > cont) {
                        return s.frame;
                    }
                }
            }
            return -1;
        }

        /** The MPA Request or Reply at the start: its length (20 + private data). */
        int mpaFrameLength() {
            return 20 + (((data[18] & 0xFF) << 8) | (data[19] & 0xFF));
        }

        /**
         * Walks FPDUs from the end of the MPA Request/Reply: {@code ulpdus[i]} is the intended ULPDU length
         * of FPDU i. Checks the ULPDU_Length field and every marker's FPDUPTR, and computes each CRC.
         */
        List<Fpdu> fpdus(int[] ulpdus, boolean markers) {
            return fpdus(ulpdus, markers, true);
        }

        /** As above; when not {@code strict}, bad markers are listed instead of failing. */
        List<Fpdu> fpdus(int[] ulpdus, boolean markers, boolean strict) {
            List<Fpdu> out = new ArrayList<>();
            final long s0 = mpaFrameLength();
            long pos = s0;
            CRC32C crc = new CRC32C();
            for (int u : ulpdus) {
                long start = pos;
                int pad = (4 - (2 + u) % 4) % 4;
                int content = 2 + u + pad + 4;
                byte[] c = new byte[content];
                int got = 0;
                int count = 0;
                List<Long> bad = new ArrayList<>();
                long crcStart = -1;
                while (got < content) {
                    if (markers && (pos - s0) % 512 == 0) {
                        int ptr = ((data[(int) pos + 2] & 0xFF) << 8) | (data[(int) pos + 3] & 0xFF);
                        if ((data[(int) pos] != 0 || data[(int) pos + 1] != 0 || ptr != pos - start) && !strict) {
                            bad.add(pos);
                        } else if (data[(int) pos] != 0 || data[(int) pos + 1] != 0 || ptr != pos - start) {
                            throw new AssertionError("bad marker at stream offset " + pos + ": FPDUPTR " + ptr
                                    + ", FPDU starts " + (pos - start) + " octets before");
                        }
                        pos += 4;
                        count++;
                        continue;
                    }
                    if (got == content - 4) {
                        crcStart = pos;
                    }
                    c[got++] = data[(int) pos++];
                }
                int len = ((c[0] & 0xFF) << 8) | (c[1] & 0xFF);
                if (len != u) {
                    throw new AssertionError("ULPDU_Length " + len + " at stream offset " + start + ", intended " + u);
                }
                crc.reset();
                crc.update(data, (int) start, (int) (crcStart - start));
                long field = ByteBuffer.wrap(c, content - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
                // rdmascope names the frame that delivered the first octet in order (after a reordering,
                // not the earlier frame that carried it out of order)
                out.add(new Fpdu(start, pos, u, pad, count, field, field == crc.getValue(),
                        completing(start + 1), completing(pos), bad));
            }
            return out;
        }
    }

    Stream stream(int srcPort, int dstPort) {
        return new Stream(srcPort, dstPort);
    }
}
