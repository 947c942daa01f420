package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;

/** An MPA Request or Reply frame (RFC 5044 section 7.1, RFC 6581 section 3), as it was sent. */
public record MpaHandshake(
        /** The frame that completes the Request or Reply frame, and its capture time. */
        long frame,
        long timeNanos,
        Direction direction,
        boolean request,
        boolean markerFlag,
        boolean crcFlag,
        boolean rejectFlag,
        boolean enhancedFlag,
        /** Flag bits other than M, C, R and (revision 2) the enhanced-connection bit. */
        int reservedFlags,
        int revision,
        int privateDataLength,
        byte[] privateData,
        /** RFC 6581 IRD and ORD values (low 14 bits) when the private data carries them, else null. */
        Integer ird,
        Integer ord,
        /** The top two bits of the IRD and ORD words (peer-to-peer flags), or 0. */
        int irdFlags,
        int ordFlags,
        /** Stream offset of the frame's first octet (the key). */
        long streamOffset,
        /** Total length of the frame on the stream: 20 + private data. */
        int length) {
    /** The most private data octets kept of a frame; the rest is counted in {@link #privateDataLength} only. */
    public static final int PRIVATE_DATA_KEPT = MpaRecognition.PRIVATE_DATA_KEPT;
}
