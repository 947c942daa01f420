package io.rdmascope.ulp.nvme;

import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;

/**
 * NVMe over Fabrics on the RDMA transport (NVMe over Fabrics 1.1 section 7.3), registered on port
 * 4420. The host's command capsules are calls keyed by their command identifier; the controller's
 * response capsules answer them. A keyed SGL data block descriptor in a command advertises the
 * host's buffer: readable by the controller when the command moves data to it, writable when the
 * command moves data to the host.
 */
public final class NvmeRdma implements Ulp {
    /** The NVMe over Fabrics port IANA assigned for the RDMA transport. */
    public static final int PORT = 4420;

    private static final int[] PORTS = {PORT};

    @Override
    public String name() {
        return "nvme";
    }

    @Override
    public String displayName() {
        return "NVMe/RDMA";
    }

    @Override
    public boolean pairsCalls() {
        return true;
    }

    @Override
    public String colour() {
        return "#c2185b";
    }

    @Override
    public String reference() {
        return "NVMe over Fabrics 1.1, RDMA transport";
    }

    @Override
    public int[] ports() {
        return PORTS.clone();
    }

    /**
     * A command capsule from the initiator (a submission queue entry whose flags, SGL descriptor and
     * opcode all fit NVMe over Fabrics) or a 16-octet response capsule from the responder.
     */
    @Override
    public boolean recognizes(UlpInput message) {
        return NvmeRdmaDecoder.plausible(message);
    }

    /** The 32-octet RDMA CM request or accept private data of NVMe/RDMA, record format 0. */
    @Override
    public boolean recognizesPrivateData(byte[] buf, int off, int len, boolean request) {
        return NvmeRdmaDecoder.plausiblePrivateData(buf, off, len, request);
    }

    @Override
    public Decoder decoder() {
        return new NvmeRdmaDecoder();
    }
}
