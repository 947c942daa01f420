package io.rdmascope.engine;

import static io.rdmascope.engine.Words.hex;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;

/**
 * The MPA rules (RFC 5044, RFC 6581): the Request and Reply of the handshake and their place in it,
 * the framing of the stream (gaps, lost framing, truncated FPDUs, markers) and of each FPDU (CRC,
 * pad). A marker problem is reported once per FPDU, whichever stage found it first.
 */
final class MpaRules {
    /** The reserved bit of the MPA flags octet that Linux's siw driver sets for its GSO extension. */
    static final int SIW_GSO_FLAG = 0x08;
    /** RFC 6581 section 8: the peer-to-peer bit, the top bit of the IRD word (of the two flag bits, the upper). */
    static final int IRD_PEER_TO_PEER = 0x2;

    private final Reporter reporter;
    private final Decisions decisions;

    MpaRules(Reporter reporter, Decisions decisions) {
        this.reporter = reporter;
        this.decisions = decisions;
    }

    /** An MPA Request or Reply (the Reject bit of a Reply is judged by {@link #rejected}). */
    void handshake(Conn c, MpaHandshake h) {
        int d = Conn.dir(h.direction());
        String what = h.request() ? "MPA Request" : "MPA Reply";
        StringBuilder problems = problems(c, h);
        decisions.handshake(c, d, h);
        if (problems.length() > 0) {
            reporter.report(ViolationCode.MPA_HANDSHAKE, h.frame(), c, null, null,
                    what + " from " + c.endpoint[d] + ": " + problems);
        }
        if ((h.reservedFlags() & SIW_GSO_FLAG) != 0) {
            reporter.report(ViolationCode.MPA_VENDOR_FLAG, h.frame(), c, null, null, what + " from "
                    + c.endpoint[d] + " sets reserved flag bit 0x08, Linux siw's GSO bit: the sender"
                    + " can take FPDUs larger than one TCP segment, built for segmentation offload (not in RFC 5044)");
        }
        if (h.revision() == 2 && (h.irdFlags() & IRD_PEER_TO_PEER) != 0) {
            c.peerToPeer = true;
        }
    }

    /** What is wrong with a Request or Reply, "; "-separated; notes its place in the handshake. */
    private static StringBuilder problems(Conn c, MpaHandshake h) {
        StringBuilder problems = new StringBuilder();
        if (h.revision() != 1 && h.revision() != 2) {
            append(problems, "revision " + h.revision() + " (RFC 5044 defines 1, RFC 6581 defines 2)");
        }
        int unknownFlags = h.reservedFlags() & ~SIW_GSO_FLAG;
        if (unknownFlags != 0) {
            append(problems, "reserved flag bits " + hex(unknownFlags) + " set");
        }
        if (h.privateDataLength() > 512) {
            append(problems, "private data of " + h.privateDataLength() + " octets (at most 512)");
        }
        if (h.request()) {
            if (c.requestSeen) {
                append(problems, "a second Request on the connection");
            }
            if (h.rejectFlag()) {
                append(problems, "the Reject bit, which only a Reply may set");
            }
            c.requestSeen = true;
        } else {
            if (!c.requestSeen) {
                append(problems, "no Request before it");
            } else if (c.replySeen) {
                append(problems, "a second Reply on the connection");
            }
            c.replySeen = true;
        }
        return problems;
    }

    private static void append(StringBuilder b, String s) {
        if (b.length() > 0) {
            b.append("; ");
        }
        b.append(s);
    }

    /** A Reply with the Reject bit: the connection is refused. */
    void rejected(Conn c, MpaHandshake h) {
        if (!h.request() && h.rejectFlag()) {
            reporter.report(ViolationCode.MPA_REJECTED, h.frame(), c, null, null,
                    "MPA Reply from " + c.endpoint[Conn.dir(h.direction())] + " rejects the connection");
        }
    }

    /** A problem of the stream that the MPA stage found (closing issues excepted: they end the connection). */
    void issue(Conn c, StreamIssue issue) {
        int d = Conn.dir(issue.direction());
        long f = issue.frame();
        String from = c.endpoint[d];
        switch (issue.kind()) {
            case GAP:
                reporter.report(ViolationCode.TCP_GAP, f, c, null, null, issue.message() != null ? issue.message()
                        : issue.length() + " octets of the stream from " + from + " are missing at offset "
                          + issue.streamOffset());
                break;
            case FRAMING:
                reporter.report(ViolationCode.MPA_FRAMING, f, c, null, null, issue.message() != null ? issue.message()
                        : "the stream from " + from + " lost FPDU framing at offset " + issue.streamOffset());
                break;
            case TRUNCATED:
                reporter.report(ViolationCode.MPA_TRUNCATED, f, c, null, null, issue.message() != null ? issue.message()
                        : "an FPDU from " + from + " at offset " + issue.streamOffset() + " is cut short");
                break;
            case MARKER_INVALID:
                markerIssue(c, d, f, issue);
                break;
            default:
                break;
        }
    }

    private void markerIssue(Conn c, int d, long f, StreamIssue issue) {
        if (c.markerIssuePending[d]
                || (issue.streamOffset() >= c.markerFpduStart[d] && issue.streamOffset() < c.markerFpduEnd[d])) {
            return;
        }
        c.markerIssuePending[d] = true;
        c.markerIssueOffset[d] = issue.streamOffset();
        reporter.report(ViolationCode.MPA_MARKER_INVALID, f, c, null, null, issue.message() != null ? issue.message()
                : "a marker from " + c.endpoint[d] + " at offset " + issue.streamOffset()
                  + " does not point back to the start of its FPDU");
    }

    /**
     * An FPDU of direction d: its markers, CRC and pad. Returns false when its CRC does not match:
     * a NIC discards the FPDU (and would terminate the stream), so nothing in it is placed.
     */
    boolean fpdu(Conn c, int d, Fpdu fpdu) {
        markers(c, d, fpdu);
        if (fpdu.crcOk != null && !fpdu.crcOk) {
            crcMismatch(c, d, fpdu);
            return false;
        }
        if (fpdu.padNonZero) {
            padNonZero(c, d, fpdu);
        }
        return true;
    }

    // The violations are worded in methods of their own, apart from the judging methods that call
    // them: a judging method runs for every segment, and the client compiler compiles all of a
    // method, the words of a violation that never happens included.

    private void markers(Conn c, int d, Fpdu fpdu) {
        long start = fpdu.streamOffset, end = fpdu.streamOffset + fpdu.wireLength;
        boolean issueHere = c.markerIssuePending[d] && c.markerIssueOffset[d] < end;
        if (fpdu.badMarkers > 0 && !issueHere) {
            c.markerFpduStart[d] = start;
            c.markerFpduEnd[d] = end;
            markersInvalid(c, d, fpdu, start);
        }
        if (issueHere) {
            c.markerIssuePending[d] = false;
            c.markerFpduStart[d] = start;
            c.markerFpduEnd[d] = end;
        }
    }

    private void markersInvalid(Conn c, int d, Fpdu fpdu, long start) {
        reporter.report(ViolationCode.MPA_MARKER_INVALID, fpdu.frame, c, null, null, fpdu.badMarkers + " of the "
                + fpdu.markers + " markers in the FPDU from " + c.endpoint[d] + " at stream offset " + start
                + " do not point back to its start");
    }

    private void crcMismatch(Conn c, int d, Fpdu fpdu) {
        reporter.report(ViolationCode.MPA_CRC_MISMATCH, fpdu.frame, c, null, null, "FPDU from " + c.endpoint[d]
                + " carries CRC " + stag(fpdu.crcField) + " where " + stag(fpdu.crcComputed) + " was computed");
    }

    private void padNonZero(Conn c, int d, Fpdu fpdu) {
        reporter.report(ViolationCode.MPA_PAD_NONZERO, fpdu.frame, c, null, null, "the " + fpdu.padLength
                + " pad octet" + (fpdu.padLength == 1 ? "" : "s") + " of the FPDU from " + c.endpoint[d]
                + " at stream offset " + fpdu.streamOffset + (fpdu.padLength == 1 ? " is" : " are")
                + " not zero; the framing is intact");
    }
}
