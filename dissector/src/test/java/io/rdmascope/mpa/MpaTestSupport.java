package io.rdmascope.mpa;

import io.rdmascope.net.Endpoint;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/** Byte vectors built from the RFC 5044 / RFC 6581 layouts, and a listener that records events. */
final class MpaTestSupport {
    private MpaTestSupport() {}

    static byte[] frame(boolean request, int flags, int revision, byte[] pd) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes((request ? "MPA ID Req Frame" : "MPA ID Rep Frame").getBytes(StandardCharsets.US_ASCII));
        o.write(flags);
        o.write(revision);
        o.write(pd.length >> 8);
        o.write(pd.length);
        o.writeBytes(pd);
        return o.toByteArray();
    }

    /** An untagged Send DDP segment (RFC 5041 section 4.3, RFC 5040 section 4) with a patterned payload. */
    static byte[] send(int msn, int payload) {
        byte[] u = new byte[18 + payload];
        u[0] = 0x41;
        u[1] = 0x43;
        u[13] = (byte) msn;
        for (int i = 0; i < payload; i++) {
            u[18 + i] = (byte) (i * 7 + msn);
        }
        return u;
    }

    static long crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return c.getValue();
    }

    /**
     * The wire octets of FPDUs carrying {@code ulpdus}, the first at stream offset {@code start},
     * with markers at origin + 512k when {@code markerOrigin} >= 0.
     */
    static byte[] fpdus(List<byte[]> ulpdus, long start, long markerOrigin, boolean crc) {
        return fpdus(ulpdus, start, markerOrigin, crc, -1);
    }

    /** The same, the FPDU at index {@code noCrc} sent without its CRC field (RFC 5044 section 4). */
    static byte[] fpdus(List<byte[]> ulpdus, long start, long markerOrigin, boolean crc, int noCrc) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        long pos = start;
        for (int k = 0; k < ulpdus.size(); k++) {
            byte[] u = ulpdus.get(k);
            long fStart = pos;
            int pad = (4 - (u.length + 2) % 4) % 4;
            byte[] body = new byte[2 + u.length + pad];
            body[0] = (byte) (u.length >> 8);
            body[1] = (byte) u.length;
            System.arraycopy(u, 0, body, 2, u.length);
            int mark = o.size();
            for (byte b : body) {
                pos = marker(o, pos, fStart, markerOrigin);
                o.write(b);
                pos++;
            }
            if (k == noCrc) {
                continue;
            }
            pos = marker(o, pos, fStart, markerOrigin);
            byte[] sofar = o.toByteArray();
            long c = crc ? crc(sofar, mark, sofar.length - mark) : 0;
            for (int i = 0; i < 4; i++) {
                if (i > 0) {
                    pos = marker(o, pos, fStart, markerOrigin);
                }
                o.write((int) (c >> (8 * i)));
                pos++;
            }
        }
        return o.toByteArray();
    }

    private static long marker(ByteArrayOutputStream o, long pos, long fStart, long origin) {
        if (origin >= 0 && Math.floorMod(pos - origin, 512) == 0) {
            long ptr = pos - fStart;
            o.write(0);
            o.write(0);
            o.write((int) (ptr >> 8));
            o.write((int) ptr);
            return pos + 4;
        }
        return pos;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }

    static TcpConnection tcp(int index) {
        return new TcpConnection(index, new Endpoint("10.0.0.1", 40000 + index), new Endpoint("10.0.0.2", 9999), 1, true);
    }

    /** The capture time these tests give frame {@code frame}: a millisecond per frame. */
    static long time(long frame) {
        return frame * 1_000_000L;
    }

    /** Feeds {@code bytes} in pieces of {@code chunk} octets, frame numbers counting from {@code frame}. */
    static long feed(StreamHandler h, long frame, long offset, byte[] bytes, int chunk) {
        for (int i = 0; i < bytes.length; i += chunk) {
            int n = Math.min(chunk, bytes.length - i);
            h.data(frame, time(frame), offset + i, Arrays.copyOfRange(bytes, i, i + n), 0, n);
            frame++;
        }
        return frame;
    }

    record Seen(long frame, Direction direction, long streamOffset, int wireLength, int ulpduLength, int padLength,
                long crcField, long crcComputed, Boolean crcOk, int markers, int badMarkers, boolean truncated,
                byte[] ulpdu, boolean padNonZero) {}

    static class Recorder implements MpaListener {
        final List<MpaConnection> connections = new ArrayList<>();
        final List<MpaHandshake> handshakes = new ArrayList<>();
        final List<Seen> fpdus = new ArrayList<>();
        final List<StreamIssue> issues = new ArrayList<>();
        final List<String> order = new ArrayList<>();
        boolean ended;

        @Override
        public void connection(MpaConnection c) {
            connections.add(c);
            order.add("connection " + c.id());
        }

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            handshakes.add(h);
            order.add("handshake " + c.id());
        }

        @Override
        public void fpdu(MpaConnection c, Fpdu f) {
            fpdus.add(new Seen(f.frame, f.direction, f.streamOffset, f.wireLength, f.ulpduLength, f.padLength,
                    f.crcField, f.crcComputed, f.crcOk, f.markers, f.badMarkers, f.truncated,
                    Arrays.copyOfRange(f.buf, f.ulpduOffset, f.ulpduOffset + f.ulpduAvailable), f.padNonZero));
            order.add("fpdu " + c.id());
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            issues.add(i);
            order.add("issue " + i.kind());
        }

        @Override
        public void end() {
            ended = true;
        }

        List<Seen> fpdus(Direction d) {
            return fpdus.stream().filter(f -> f.direction() == d).toList();
        }

        List<StreamIssue> issues(StreamIssue.Kind k) {
            return issues.stream().filter(i -> i.kind() == k).toList();
        }
    }
}
