package io.rdmascope.gui.pipeline;

import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;

/**
 * One-line summaries of iWARP PDUs for the Info column, e.g.
 * {@code Send [SV STag 0x0a000100, 4096 B @ 0x100000] MSN 1}.
 */
public final class PduInfo {
    private PduInfo() {}

    public static String describe(DdpSegment s) {
        StringBuilder b = new StringBuilder(64);
        Opcode op = Opcode.of(s.opcode);
        b.append(op != null ? op.displayName : "Opcode 0x" + Integer.toHexString(s.opcode));
        if (s.sv || s.ab) {
            b.append(" [");
            if (s.sv) {
                b.append("SV");
                if (s.optionalStag != null) {
                    b.append(" STag ").append(stag(s.optionalStag));
                }
            }
            if (s.advertised != null) {
                b.append(", ").append(s.advertised.length()).append(" B @ 0x").append(Long.toHexString(s.advertised.to()));
                if (s.advertised.access() != 0) {
                    b.append(' ').append(s.advertised.remoteWrite() ? "W" : "").append(s.advertised.remoteRead() ? "R" : "");
                }
            } else if (s.ab) {
                b.append(s.sv ? ", AB" : "AB");
            }
            b.append(']');
        }
        if (s.tagged) {
            b.append(" STag ").append(stag(s.stag)).append(" TO 0x").append(Long.toHexString(s.to));
        } else {
            b.append(" MSN ").append(s.msn);
            if (s.mo != 0) {
                b.append(" MO ").append(s.mo);
            }
            if (op != null && op.invalidates()) {
                b.append(" Inval ").append(stag(s.invalidateStag));
            }
        }
        if (s.readRequest != null) {
            b.append(" src ").append(stag(s.readRequest.sourceStag())).append(" size ").append(s.readRequest.readSize());
        }
        if (s.payloadLength > 0) {
            b.append(" len ").append(s.payloadLength);
        }
        if (!s.last) {
            b.append(" (more)");
        }
        if (s.malformed != null) {
            b.append(" [malformed: ").append(s.malformed).append(']');
        }
        return b.toString();
    }

    public static String describe(MpaHandshake h) {
        StringBuilder b = new StringBuilder(48);
        b.append(h.request() ? "MPA Request" : "MPA Reply").append(" rev ").append(h.revision());
        if (h.markerFlag()) {
            b.append(" M");
        }
        if (h.crcFlag()) {
            b.append(" C");
        }
        if (h.rejectFlag()) {
            b.append(" R (rejected)");
        }
        if (h.ird() != null) {
            b.append(" IRD ").append(h.ird()).append(" ORD ").append(h.ord());
        }
        if (h.privateDataLength() > 0) {
            b.append(" pd ").append(h.privateDataLength()).append(" B");
        }
        return b.toString();
    }

    public static String stag(long stag) {
        String hex = Long.toHexString(stag & 0xffffffffL);
        return "0x" + "00000000".substring(hex.length()) + hex;
    }
}
