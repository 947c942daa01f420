package io.rdmascope.mpa;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The TCP segments of a classic pcap capture of one connection over Ethernet and IPv4, taken out
 * with plain arithmetic rather than with the project's capture reader and TCP stage, so that the
 * MPA tests that use them do not lean on the code before MPA.
 */
final class ClassicPcap {
    private ClassicPcap() {}

    /**
     * A TCP segment: its frame, its direction (0 from the side that sent the SYN), its offset in
     * its direction's stream (counted after the SYN; SYNs are left out), its payload and
     * whether it carries RST.
     */
    record Segment(long frame, int direction, long offset, byte[] payload, boolean reset) {}

    static List<Segment> segments(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer be = b.duplicate().order(ByteOrder.BIG_ENDIAN);
        List<Segment> out = new ArrayList<>();
        long[] isn = {-1, -1};
        int initiatorPort = -1;
        int at = 24;
        long frame = 0;
        while (at + 16 <= b.limit()) {
            frame++;
            int caplen = b.getInt(at + 8);
            int p = at + 16;
            at = p + caplen;
            int ip = p + 14;
            int ihl = (be.get(ip) & 0x0f) * 4;
            int ipLen = be.getShort(ip + 2) & 0xffff;
            int t = ip + ihl;
            int sport = be.getShort(t) & 0xffff;
            long seq = Integer.toUnsignedLong(be.getInt(t + 4));
            int flags = be.get(t + 13) & 0xff;
            int thl = ((be.get(t + 12) & 0xf0) >> 4) * 4;
            if ((flags & 0x02) != 0 && (flags & 0x10) == 0) {
                initiatorPort = sport;
            }
            int d = sport == initiatorPort ? 0 : 1;
            if ((flags & 0x02) != 0) {
                isn[d] = seq;
                continue;
            }
            int len = Math.max(0, ipLen - ihl - thl);
            out.add(new Segment(frame, d, seq - isn[d] - 1, Arrays.copyOfRange(b.array(), t + thl, t + thl + len),
                    (flags & 0x04) != 0));
        }
        return out;
    }
}
