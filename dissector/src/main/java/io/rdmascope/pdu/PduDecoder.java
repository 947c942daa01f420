package io.rdmascope.pdu;

import io.rdmascope.ksy.Ddp;
import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.RdmapControl;
import io.rdmascope.ksy.Oneshot;
import io.rdmascope.ksy.Rdmap;

/**
 * Decodes a ULPDU into its DDP segment and RDMAP header with the parsers generated from
 * {@code ksy/ddp.ksy}, {@code ksy/rdmap.ksy} and {@code ksy/oneshot.ksy}.
 *
 * <p>The specs read a part only when the segment holds all of it, so the generated parser never
 * runs past the end of a short segment; this class copies what was read into a {@link DdpSegment}
 * and, when a part that the control bits announce is absent, says which part and how many of its
 * octets the segment holds. The RDMAP headers of untagged segments (Read Request, Terminate,
 * Atomic Request and Response, Immediate Data) are parsed only for their own opcode on an untagged
 * header: a Read Request opcode on a tagged header is left for the engine to flag.
 *
 * <p>A segment with AB set and SV clear announces no optional field (AB alone is malformed under
 * the one-shot extension): it is decoded as if AB were clear, with {@code malformed} saying why.
 *
 * <p>An instance keeps one {@link SegmentStream} that the parsers read segment after segment: a
 * stage decoding many segments on one thread holds its own decoder ({@link #read}); the static
 * {@link #decode} uses one decoder per thread.
 *
 * <p>The segments of RDMA Writes, Read Responses and Sends, nearly all of a capture, are read
 * without the parsers' objects ({@link InPlaceReading}); the result is the parsers'
 * ({@link #readWithParser}).
 */
public final class PduDecoder {
    private static final ThreadLocal<PduDecoder> PER_THREAD = ThreadLocal.withInitial(PduDecoder::new);

    private final SegmentStream stream = new SegmentStream();

    /** A decoder for use on one thread at a time. */
    public PduDecoder() {}

    /** Never throws on bad input: a segment too short for its headers comes back with {@code malformed} set. */
    public static DdpSegment decode(byte[] buf, int off, int len) {
        return PER_THREAD.get().read(buf, off, len);
    }

    /**
     * The most octets the headers of a segment can take, other than a Terminate's: the control
     * fields, the untagged header, the one-shot Optional STag and advertised-buffer fields and the
     * Atomic Request header (2 + 16 + 4 + 16 + 52).
     */
    public static final int MAX_HEADERS = 90;

    /**
     * How many of the first {@code available} octets of a ULPDU {@link #readHead} needs to decode
     * it as {@link #read} decodes all of them: all of a short segment and of an untagged Terminate
     * (whose header takes the rest of the segment), the headers and the payload octets a Send keeps
     * ({@link #MAX_KEPT_SEND_PAYLOAD}), else {@link #MAX_HEADERS}.
     */
    public static int headLength(byte[] buf, int off, int available) {
        if (available <= MAX_HEADERS + MAX_KEPT_WRITE_PAYLOAD) {
            return available;
        }
        if (DdpControl.tagged(buf, off)) {
            return MAX_HEADERS;
        }
        int opcode = RdmapControl.opcode(buf, off + DdpControl.SIZE);
        if (opcode == Opcode.TERMINATE.code) {
            return available;
        }
        return isSend(opcode) ? Math.min(available, MAX_HEADERS + MAX_KEPT_SEND_PAYLOAD) : MAX_HEADERS;
    }

    /**
     * Payload octets of an untagged Send segment kept in {@link DdpSegment#payload}: upper-layer
     * protocols advertise their STags in the first octets of their messages.
     */
    public static final int MAX_KEPT_SEND_PAYLOAD = 8192;

    /** Payload octets of an RDMA Write segment kept when its whole payload is this short. */
    public static final int MAX_KEPT_WRITE_PAYLOAD = 64;

    static boolean isSend(int opcode) {
        return opcode >= Opcode.SEND.code && opcode <= Opcode.SEND_WITH_SE_AND_INVALIDATE.code;
    }

    /**
     * Keeps a copy of the first payload octets of a Send (up to {@link #MAX_KEPT_SEND_PAYLOAD}) and
     * of the whole payload of a short RDMA Write (up to {@link #MAX_KEPT_WRITE_PAYLOAD}), for the
     * upper-layer decoders that read what the messages advertise.
     */
    private static void keepPayload(DdpSegment s, byte[] buf, int off) {
        if (s.malformed != null || s.payloadLength <= 0) {
            return;
        }
        int n;
        if (!s.tagged && isSend(s.opcode)) {
            n = Math.min(s.payloadLength, MAX_KEPT_SEND_PAYLOAD);
        } else if (s.tagged && s.opcode == Opcode.RDMA_WRITE.code && s.payloadLength <= MAX_KEPT_WRITE_PAYLOAD) {
            n = s.payloadLength;
        } else {
            return;
        }
        int from = off + s.payloadOffset;
        s.payload = java.util.Arrays.copyOfRange(buf, from, from + n);
    }

    /**
     * Decodes a ULPDU of {@code length} octets of which only the first {@code headLength} are at
     * hand, {@code headLength} being at least {@link #headLength} of the whole: the segment comes
     * back as {@link #read} of the whole ULPDU would give it, its payload counted in full.
     */
    public DdpSegment readHead(byte[] buf, int off, int headLength, int length) {
        DdpSegment s = read(buf, off, headLength);
        if (length > headLength) {
            // The headers ended within the head, so the rest of the segment is payload.
            s.payloadLength += length - headLength;
            if (s.tagged && s.payloadLength > MAX_KEPT_WRITE_PAYLOAD) {
                s.payload = null;
            }
        }
        return s;
    }

    /**
     * Decodes one ULPDU, as {@link #decode}, reading it through this decoder's stream.
     * Not for concurrent use: the segment returned is new, the stream is reused.
     */
    public DdpSegment read(byte[] buf, int off, int len) {
        int headers = inBounds(buf, off, len) ? InPlaceReading.headersLength(buf, off, len) : -1;
        if (headers >= 0) {
            DdpSegment s = new DdpSegment();
            InPlaceReading.read(s, buf, off, len, headers);
            keepPayload(s, buf, off);
            return s;
        }
        return readWithParser(buf, off, len);
    }

    /**
     * Decodes one ULPDU with the generated parsers whatever its kind: what {@link #read} gives, the
     * long way for the segments it reads in place (tests and benchmarks compare the two).
     */
    public DdpSegment readWithParser(byte[] buf, int off, int len) {
        DdpSegment s = new DdpSegment();
        if (!inBounds(buf, off, len)) {
            s.malformed = "segment bounds outside the buffer";
            return s;
        }
        try {
            Ddp d = new Ddp(stream.reset(buf, off, len));
            fill(s, d, len);
            keepPayload(s, buf, off);
        } catch (RuntimeException e) {
            // The specs guard every read, so this is a defect, not bad input; report it as data.
            s.malformed = "segment could not be decoded: " + e;
            s.headerLength = len;
            s.payloadOffset = len;
            s.payloadLength = 0;
        }
        return s;
    }

    private static boolean inBounds(byte[] buf, int off, int len) {
        return buf != null && off >= 0 && len >= 0 && off <= buf.length && len <= buf.length - off;
    }

    private static void fill(DdpSegment s, Ddp d, int len) {
        if (!d.hasControls()) {
            short_(s, len, "segment too short for the DDP and RDMAP control fields", len, d.controlsLength());
            return;
        }
        Ddp.Control c = d.control();
        s.tagged = c.tagged();
        s.last = c.last();
        s.sv = c.sv();
        s.ab = c.ab();
        s.reserved = (int) c.reserved();
        s.dv = (int) c.version();
        Rdmap.Control rc = d.rdmapControl();
        s.rdmapVersion = (int) rc.version();
        s.rdmapReserved = (int) rc.reserved();
        s.opcode = (int) rc.opcode();

        int controls = d.controlsLength();
        int headerEnd = d.headerEnd();
        if (!d.hasHeader()) {
            short_(s, len, s.tagged ? "segment too short for the tagged DDP header"
                                    : "segment too short for the untagged DDP header", len, headerEnd);
            return;
        }
        s.ddpHeaderLength = headerEnd;
        if (s.tagged) {
            Ddp.TaggedHeader h = d.taggedHeader();
            s.stag = h.stag();
            s.to = h.to();
        } else {
            Ddp.UntaggedHeader h = d.untaggedHeader();
            s.invalidateStag = h.invalidateStag().stag();
            s.qn = h.qn();
            s.msn = h.msn();
            s.mo = h.mo();
        }

        if (s.ab && !s.sv) {
            s.malformed = "AB without SV: the advertised-buffer field is not announced";
        }
        int optionalEnd = d.optionalFieldsEnd();
        if (!d.hasOptionalFields()) {
            String part = s.ab ? "segment too short for the advertised-buffer field"
                               : "segment too short for the Optional STag field";
            short_(s, len, part, len - headerEnd, optionalEnd - headerEnd);
            Oneshot.OptionalStag os = d.optionalStag();
            if (os != null) {
                s.optionalStag = os.stag();
                s.optionalFieldsLength = d.optionalStagEnd() - headerEnd;
            }
            return;
        }
        s.optionalFieldsLength = optionalEnd - headerEnd;
        if (d.optionalStag() != null) {
            s.optionalStag = d.optionalStag().stag();
        }
        Oneshot.AdvertisedBuffer ab = d.advertisedBuffer();
        if (ab != null) {
            s.advertised = new DdpSegment.Advertised(ab.to(), ab.length(), ab.access(), (int) ab.reserved());
        }

        int rdmapLength = d.rdmapHeaderLength();
        int end = optionalEnd;
        if (rdmapLength > 0) {
            if (!d.hasRdmapHeader()) {
                Opcode op = Opcode.of(s.opcode);
                String name = op == null ? "RDMAP" : op.displayName;
                short_(s, len, "segment too short for the " + name + " header", len - optionalEnd, rdmapLength);
                return;
            }
            end = optionalEnd + bodies(s, d, len - optionalEnd);
        }
        s.headerLength = end;
        s.payloadOffset = end;
        s.payloadLength = len - end;
    }

    /** Copies the RDMAP header of an untagged segment; returns its length on the wire. */
    private static int bodies(DdpSegment s, Ddp d, int available) {
        if (d.readRequest() != null) {
            Rdmap.ReadRequest r = d.readRequest();
            s.readRequest = new DdpSegment.ReadRequest(r.sinkStag(), r.sinkTo(), r.readSize(), r.sourceStag(), r.sourceTo());
            return d.rdmapHeaderLength();
        }
        if (d.atomicRequest() != null) {
            Rdmap.AtomicRequest a = d.atomicRequest();
            s.atomicRequest = new DdpSegment.AtomicRequest(a.reserved(), (int) a.atomicOpcode(), a.requestId(),
                    a.remoteStag(), a.remoteTo(), a.addOrSwapData(), a.addOrSwapMask(), a.compareData(), a.compareMask());
            return d.rdmapHeaderLength();
        }
        if (d.atomicResponse() != null) {
            Rdmap.AtomicResponse a = d.atomicResponse();
            s.atomicResponse = new DdpSegment.AtomicResponse(a.requestId(), a.originalValue());
            return d.rdmapHeaderLength();
        }
        if (d.immediateData() != null) {
            s.immediateData = d.immediateData().data();
            return d.rdmapHeaderLength();
        }
        Rdmap.Terminate t = d.terminate();
        if (t == null) {
            return 0;
        }
        byte[] ddpHeader = t.ddpHeader();
        byte[] rdmapHeader = t.rdmapHeader();
        Integer segLen = t.ddpSegmentLength();
        s.terminate = new DdpSegment.Terminate((int) t.layer(), (int) t.etype(), t.errorCode(), t.m(), t.d(), t.r(),
                (int) t.reserved(), segLen, ddpHeader, rdmapHeader);
        int used = d.rdmapHeaderLength();
        int needed = used;
        if (t.d()) {
            used += segLen == null ? 0 : 2;
            used += ddpHeader == null ? 0 : ddpHeader.length;
            needed += 2 + (ddpHeader == null ? minTerminatedDdpHeader(t) : ddpHeader.length);
        }
        if (t.r()) {
            used += rdmapHeader == null ? 0 : rdmapHeader.length;
            needed += TERMINATED_RDMAP_HEADER;
        }
        if (needed > available && s.malformed == null) {
            s.malformed = "segment too short for the Terminate headers its D and R bits announce: "
                    + available + " of " + needed + " octets";
        }
        return used;
    }

    /** Length of the RDMAP header copied into a Terminate when R is set (RFC 5040 section 4.8). */
    private static final int TERMINATED_RDMAP_HEADER = 28;

    private static int minTerminatedDdpHeader(Rdmap.Terminate t) {
        Integer ctl = t.terminatedDdpControl();
        return ctl == null ? 14 : t.lenDdpHeader();
    }

    private static void short_(DdpSegment s, int len, String what, int have, int need) {
        s.malformed = what + ": " + Math.max(have, 0) + " of " + need + " octets";
        s.headerLength = len;
        s.payloadOffset = len;
        s.payloadLength = 0;
    }
}
