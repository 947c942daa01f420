package io.rdmascope.ulp.iser;

import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;

/**
 * iSCSI Extensions for RDMA (RFC 7145), registered on the iSCSI port 3260. The initiator's
 * requests that carry an Initiator Task Tag are calls keyed by it; the target's responses answer
 * them. The iSER header of a SCSI Command advertises the initiator's buffers: with W the Write STag,
 * which the target reads the Data-Out from; with R the Read STag, which the target writes the
 * Data-In into.
 */
public final class Iser implements Ulp {
    /** The iSCSI port, on which iSER connections are made too. */
    public static final int PORT = 3260;

    private static final int[] PORTS = {PORT};

    @Override
    public String name() {
        return "iser";
    }

    @Override
    public String displayName() {
        return "iSER";
    }

    @Override
    public boolean pairsCalls() {
        return true;
    }

    @Override
    public String colour() {
        return "#9e9d24";
    }

    @Override
    public String reference() {
        return "RFC 7145 section 9";
    }

    @Override
    public int[] ports() {
        return PORTS.clone();
    }

    /**
     * An iSER header of a known message type with clear reserved bits, followed (for an iSCSI
     * control-type PDU) by a Basic Header Segment whose opcode belongs to the sender's side and
     * whose lengths fit the message.
     */
    @Override
    public boolean recognizes(UlpInput message) {
        return IserDecoder.plausible(message);
    }

    @Override
    public Decoder decoder() {
        return new IserDecoder();
    }
}
