package io.rdmascope.pdu;

import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.DdpTaggedHeader;
import io.rdmascope.ksy.FixedLayout.DdpUntaggedHeader;
import io.rdmascope.ksy.FixedLayout.OneshotAdvertisedBuffer;
import io.rdmascope.ksy.FixedLayout.OneshotOptionalStag;
import io.rdmascope.ksy.FixedLayout.RdmapControl;
import io.rdmascope.ksy.FixedLayout.RdmapInvalidateStag;

/**
 * The segments of RDMA Writes, Read Responses and Sends, nearly all of a capture, read in place:
 * their headers, and the one-shot fields their SV and AB bits announce, all have a fixed layout, so
 * {@link PduDecoder} reads them through {@link io.rdmascope.ksy.FixedLayout}, the readers the build
 * generates from the same specs as the parsers, instead of through the parsers' five objects and
 * twenty calls per segment (docs/performance.md has the figures). Everything else, Read Requests,
 * Terminates, atomics, Immediate Data and anything malformed, goes to the parsers.
 *
 * <p>The sizes and offsets come from the specs; which parts a segment holds is
 * {@code ksy/ddp.ksy}'s rule, restated here for these segments: the tagged or untagged header as T
 * says, then the Optional STag when SV is set and the advertised buffer when SV and AB are, and no
 * RDMAP header after the control octet (tagged segments and Sends). {@code InPlaceReadingTest}
 * holds the result equal to the parsers' ({@link PduDecoder#readWithParser}), field by field, on
 * every segment of the samples and real captures, on each control octet and opcode at every short
 * length and on random octets; the fuzz target {@code PipelineFuzzTest.pduDecoder} does too.
 */
final class InPlaceReading {
    private InPlaceReading() {}

    /** The DDP and RDMAP control octets that start every segment. */
    private static final int CONTROLS = DdpControl.SIZE + RdmapControl.SIZE;

    /**
     * The length of the segment's headers when it is one of those read in place and holds them all,
     * else -1 (AB without SV is malformed, which the parsers tell). Nothing after the headers is read.
     */
    static int headersLength(byte[] buf, int off, int len) {
        if (len < CONTROLS) {
            return -1;
        }
        boolean sv = DdpControl.sv(buf, off);
        boolean ab = DdpControl.ab(buf, off);
        if (ab && !sv) {
            return -1;
        }
        int end;
        if (DdpControl.tagged(buf, off)) {
            end = CONTROLS + DdpTaggedHeader.SIZE;
        } else if (PduDecoder.isSend(RdmapControl.opcode(buf, off + DdpControl.SIZE))) {
            end = CONTROLS + DdpUntaggedHeader.SIZE;
        } else {
            return -1;
        }
        end += (sv ? OneshotOptionalStag.SIZE : 0) + (ab ? OneshotAdvertisedBuffer.SIZE : 0);
        return len >= end ? end : -1;
    }

    /** Fills in what the parsers give for a segment whose {@link #headersLength} is {@code end}. */
    static void read(DdpSegment s, byte[] buf, int off, int len, int end) {
        int rdmap = off + DdpControl.SIZE;
        int header = off + CONTROLS;
        s.tagged = DdpControl.tagged(buf, off);
        s.last = DdpControl.last(buf, off);
        s.sv = DdpControl.sv(buf, off);
        s.ab = DdpControl.ab(buf, off);
        s.reserved = DdpControl.reserved(buf, off);
        s.dv = DdpControl.version(buf, off);
        s.rdmapVersion = RdmapControl.version(buf, rdmap);
        s.rdmapReserved = RdmapControl.reserved(buf, rdmap);
        s.opcode = RdmapControl.opcode(buf, rdmap);
        if (s.tagged) {
            s.stag = DdpTaggedHeader.stag(buf, header);
            s.to = DdpTaggedHeader.to(buf, header);
            s.ddpHeaderLength = CONTROLS + DdpTaggedHeader.SIZE;
        } else {
            s.invalidateStag = RdmapInvalidateStag.stag(buf, header + DdpUntaggedHeader.INVALIDATE_STAG_OFFSET);
            s.qn = DdpUntaggedHeader.qn(buf, header);
            s.msn = DdpUntaggedHeader.msn(buf, header);
            s.mo = DdpUntaggedHeader.mo(buf, header);
            s.ddpHeaderLength = CONTROLS + DdpUntaggedHeader.SIZE;
        }
        int optional = off + s.ddpHeaderLength;
        if (s.sv) {
            s.optionalStag = OneshotOptionalStag.stag(buf, optional);
            optional += OneshotOptionalStag.SIZE;
        }
        if (s.ab) {
            s.advertised = new DdpSegment.Advertised(OneshotAdvertisedBuffer.to(buf, optional),
                    OneshotAdvertisedBuffer.length(buf, optional), OneshotAdvertisedBuffer.access(buf, optional),
                    OneshotAdvertisedBuffer.reserved(buf, optional));
        }
        s.optionalFieldsLength = end - s.ddpHeaderLength;
        s.headerLength = end;
        s.payloadOffset = end;
        s.payloadLength = len - end;
    }
}
