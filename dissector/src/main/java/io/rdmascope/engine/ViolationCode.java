package io.rdmascope.engine;

/** The violation codes of the analysis contract, each with its default severity and reference. */
public enum ViolationCode {
    MPA_CRC_MISMATCH(Severity.ERROR, "RFC 5044 section 6.3"),
    MPA_MARKER_INVALID(Severity.ERROR, "RFC 5044 section 6.1"),
    MPA_REJECTED(Severity.WARNING, "RFC 5044 section 7.1.2"),
    MPA_HANDSHAKE(Severity.ERROR, "RFC 5044 section 7.1"),
    MPA_FRAMING(Severity.ERROR, "RFC 5044 section 6"),
    MPA_PAD_NONZERO(Severity.WARNING, "RFC 5044 section 4.1"),
    MPA_VENDOR_FLAG(Severity.WARNING, "RFC 5044 section 7.1; Linux drivers/infiniband/sw/siw (MPA_RR_FLAG_GSO_EXP)"),
    MPA_TRUNCATED(Severity.INFO, "RFC 5044 section 6"),
    TCP_GAP(Severity.WARNING, "RFC 9293 section 3.10"),
    DDP_VERSION(Severity.ERROR, "RFC 5041 section 4.2"),
    DDP_RESERVED(Severity.WARNING, "RFC 5041 section 4.2"),
    DDP_QN_INVALID(Severity.ERROR, "RFC 5040 section 5.1"),
    DDP_MSN_GAP(Severity.ERROR, "RFC 5041 section 5.3"),
    DDP_MO_GAP(Severity.ERROR, "RFC 5041 section 5.3"),
    RDMAP_VERSION(Severity.ERROR, "RFC 5040 section 4.2"),
    RDMAP_RESERVED(Severity.WARNING, "RFC 5040 section 4.2"),
    RDMAP_OPCODE_INVALID(Severity.ERROR, "RFC 5040 section 4.3"),
    RDMAP_READ_RESPONSE_UNSOLICITED(Severity.ERROR, "RFC 5040 section 5.2"),
    RDMAP_ORD_EXCEEDED(Severity.ERROR, "RFC 6581 section 3"),
    RDMAP_TERMINATE(Severity.ERROR, "RFC 5040 section 4.8"),
    ONESHOT_MALFORMED(Severity.ERROR, "one-shot extension: where the bits are"),
    ONESHOT_STAG_IN_USE(Severity.ERROR, "one-shot extension: one-shot initiation"),
    STAG_UNADVERTISED(Severity.INFO, "one-shot extension: interaction with standard traffic"),
    STAG_INVALIDATED(Severity.ERROR, "one-shot extension: one-shot completion"),
    STAG_BOUNDS(Severity.ERROR, "RFC 5040 section 6.4"),
    STAG_ACCESS(Severity.ERROR, "RFC 5040 section 6.4"),
    STAG_WRONG_CONNECTION(Severity.ERROR, "RFC 5040 section 6.4"),
    COMPLETION_MISMATCH(Severity.ERROR, "one-shot extension: one-shot completion"),
    BUFFER_POOL_EXHAUSTED(Severity.ERROR, "one-shot extension: NIC model limits"),
    TRANSACTION_INCOMPLETE(Severity.WARNING, "one-shot extension: what a message with these bits means"),
    QP_CLOSED_WITH_OPEN_BUFFERS(Severity.WARNING, "one-shot extension: NIC model limits"),
    ULP_MALFORMED(Severity.WARNING, "the specification of the upper-layer protocol"),
    IB_ICRC_MISMATCH(Severity.ERROR, "IBA volume 1 section 7.8.1; Annex A17 (the ICRC of RoCEv2)"),
    IB_MALFORMED(Severity.ERROR, "IBA volume 1 sections 9.2 and 9.3 (the headers each opcode carries)"),
    IB_PACKET_LENGTH(Severity.ERROR, "IBA volume 1 chapter 9 (a First or Middle packet carries the path MTU, a"
            + " packet never more; the pad makes the payload whole words, only on a message's last packet)"),
    IB_OPCODE_SEQUENCE(Severity.ERROR, "IBA volume 1 chapter 9 (a message's packets: First, Middle, Last)"),
    IB_NAK_SEQUENCE(Severity.INFO, "IBA volume 1 section 9.7 (PSN sequence error NAK)"),
    IB_NAK_RNR(Severity.WARNING, "IBA volume 1 section 9.7 (receiver not ready NAK)"),
    IB_NAK_ERROR(Severity.ERROR, "IBA volume 1 section 9.7 (NAK codes: invalid request, remote access error,"
            + " remote operational error)"),
    IB_CAPTURE_LOSS(Severity.INFO, "IBA volume 1 section 9.7 (packet sequence numbers)"),
    IB_CM_REJECT(Severity.WARNING, "IBA volume 1 section 12.6.7 (ConnectReject)");

    public final Severity severity;
    public final String reference;

    ViolationCode(Severity severity, String reference) {
        this.severity = severity;
        this.reference = reference;
    }
}
