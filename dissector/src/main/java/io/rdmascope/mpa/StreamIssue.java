package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;

/**
 * Something that happened to one direction of a stream outside any FPDU, in {@code frame}, whose
 * capture time is {@code timeNanos}.
 */
public record StreamIssue(Kind kind, long frame, long timeNanos, Direction direction, long streamOffset, long length,
                          String message) {
    public enum Kind {
        /** Octets missing from the capture (length = how many). */
        GAP,
        /** An FPDU did not start where the previous one ended; the message says where framing resumed. */
        FRAMING,
        /** The capture ended, or a gap began, inside an FPDU. */
        TRUNCATED,
        /**
         * The snapshot length cut octets whose FPDUs are not known: whole FPDUs may lie in them, and
         * the next captured octet is taken to begin an FPDU (MPA senders align FPDUs with TCP
         * segments, as RFC 5044 recommends). Not a fault of the traffic.
         */
        SNAPPED,
        /** A marker's FPDUPTR that does not point back to the FPDU's start. */
        MARKER_INVALID,
        /** TCP FIN. */
        CLOSED_FIN,
        /** TCP RST. */
        CLOSED_RST
    }
}
