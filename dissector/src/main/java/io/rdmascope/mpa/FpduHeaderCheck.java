package io.rdmascope.mpa;

import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.DdpTaggedHeader;
import io.rdmascope.ksy.FixedLayout.DdpUntaggedHeader;
import io.rdmascope.ksy.FixedLayout.OneshotAdvertisedBuffer;
import io.rdmascope.ksy.FixedLayout.OneshotOptionalStag;
import io.rdmascope.ksy.FixedLayout.RdmapControl;
import io.rdmascope.ksy.FixedLayout.RdmapReadRequest;

/**
 * Whether the first octets of a marker-free FPDU image look like an FPDU carrying DDP/RDMAP: the
 * test that finds FPDUs on a stream whose framing is unknown, and that notices an FPDU missing
 * where the previous one ended.
 */
final class FpduHeaderCheck {
    private FpduHeaderCheck() {}

    private static final FpduReader FIELDS = FpduReader.HAND;

    /** The smallest ULPDU that holds a DDP header (tagged: 14 octets). */
    static final int MIN_ULPDU = DdpControl.SIZE + RdmapControl.SIZE + DdpTaggedHeader.SIZE;
    /** The untagged DDP header (RFC 5041 section 4.4): 18 octets. */
    static final int UNTAGGED_HEADER = DdpControl.SIZE + RdmapControl.SIZE + DdpUntaggedHeader.SIZE;
    /**
     * An RDMA Read Request ULPDU: the untagged header and the 28-octet request (RFC 5040 section
     * 4.4), plus at most the one-shot extension's optional STag (4) and advertisement (16).
     */
    static final int READ_REQUEST_MIN = UNTAGGED_HEADER + RdmapReadRequest.SIZE;
    static final int READ_REQUEST_MAX = READ_REQUEST_MIN + OneshotOptionalStag.SIZE + OneshotAdvertisedBuffer.SIZE;
    /** Octets of the marker-free FPDU image read to judge a header: length, DDP/RDMAP control, and the untagged QN. */
    static final int HEADER_PROBE = 12;
    /** Octets of the marker-free image that {@link #strongHeader} reads: the length and an untagged header (20). */
    static final int STRONG_PROBE = FpduLayout.LENGTH_FIELD_SIZE + UNTAGGED_HEADER;
    /** The largest MSN taken for the start of a queue's numbering (RFC 5041 section 5.1: MSN starts at 1). */
    static final long SMALL_MSN = 1 << 16;

    /**
     * Whether the first octets of a marker-free FPDU image look like an FPDU carrying DDP/RDMAP:
     * a ULPDU long enough for a DDP header, RDMAP version 1 with zero reserved bits and a known
     * opcode (RFC 5040, RFC 7306), tagged exactly for RDMA Write and Read Response, an untagged
     * header that fits, the fixed size of a Read Request, and an untagged queue number below 4. The DDP version is not judged: buggy stacks send any value.
     *
     * @param avail octets of the image present (at least 2)
     */
    static boolean plausibleHeader(byte[] b, int off, int avail) {
        int len = FIELDS.ulpduLength(b, off);
        if (len < MIN_ULPDU) {
            return false;
        }
        if (avail < 4) {
            return true;
        }
        int ddp = off + FpduLayout.LENGTH_FIELD_SIZE;
        int rdmap = ddp + DdpControl.SIZE;
        if (RdmapControl.version(b, rdmap) != 1 || RdmapControl.reserved(b, rdmap) != 0) {
            return false;
        }
        int opcode = RdmapControl.opcode(b, rdmap);
        if (opcode > 0x0b) {
            return false;
        }
        boolean tagged = DdpControl.tagged(b, ddp);
        boolean taggedOpcode = opcode == 0 || opcode == 2;
        if (tagged != taggedOpcode) {
            return false;
        }
        if (!tagged && len < UNTAGGED_HEADER) {
            return false;
        }
        if (opcode == 1 && (len < READ_REQUEST_MIN || len > READ_REQUEST_MAX)) {
            return false;
        }
        if (!tagged && avail >= HEADER_PROBE && len >= UNTAGGED_HEADER
                && DdpUntaggedHeader.qn(b, rdmap + RdmapControl.SIZE) > 3) {
            return false;
        }
        return true;
    }

    /**
     * Whether a plausible FPDU header (see {@link #plausibleHeader}) is also what a correct stack
     * early in a connection sends: DDP version 1 (RFC 5041 section 4.2) and, untagged, the queue
     * its opcode uses (RFC 5040 section 5.1: Sends and Immediate Data on queue 0, Read Requests on
     * 1, Terminate on 2; RFC 7306 atomics on 3) and a small MSN. Two such FPDUs in a row are
     * enough to recognise MPA where plausible headers alone need three.
     *
     * @param avail octets of the image present; a header shorter than {@link #STRONG_PROBE} is not strong
     */
    static boolean strongHeader(byte[] b, int off, int avail) {
        if (avail < STRONG_PROBE || !plausibleHeader(b, off, HEADER_PROBE)) {
            return false;
        }
        int ddp = off + FpduLayout.LENGTH_FIELD_SIZE;
        int rdmap = ddp + DdpControl.SIZE;
        int untagged = rdmap + RdmapControl.SIZE;
        if (DdpControl.version(b, ddp) != 1) {
            return false;
        }
        if (DdpControl.tagged(b, ddp)) {
            return true;
        }
        int opcode = RdmapControl.opcode(b, rdmap);
        long qn = DdpUntaggedHeader.qn(b, untagged);
        // the untagged queue of each opcode (RFC 5040 section 5.1, RFC 7306 section 10.2), as
        // io.rdmascope.pdu.Opcode#queue gives it: Sends and Immediate Data on 0, Read and Atomic
        // Requests on 1, Terminate on 2, Atomic Responses on 3
        int expected = switch (opcode) {
            case 3, 4, 5, 6, 8, 9 -> 0;
            case 1, 0xA -> 1;
            case 7 -> 2;
            case 0xB -> 3;
            default -> -1;
        };
        long msn = DdpUntaggedHeader.msn(b, untagged);
        return qn == expected && msn >= 1 && msn <= SMALL_MSN;
    }
}
