package io.rdmascope.report;

import io.rdmascope.fields.Digits;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.fields.Hex;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.Opcode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A frame in one line, as tshark prints it by default and as Wireshark's packet list shows it: the
 * frame number, the time since the first frame, the source and destination addresses, the
 * protocol, the length and the Info column ({@code _ws.col.Protocol}, {@code _ws.col.Info}).
 * The protocol is the highest layer rdmascope decodes (MPA for a handshake, DDP/RDMA for an FPDU,
 * else TCP or the link or IP layer); TCP's Info gives the ports, flags, relative Seq and Ack,
 * window, length and options as tshark does, without tshark's TCP analysis notes.
 */
public final class FrameSummary {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss.", Locale.ROOT);
    private static final DateTimeFormatter ZONE = DateTimeFormatter.ofPattern("zzz", Locale.ROOT);

    private FrameSummary() {}

    /** The summary line of a frame (without its line end). */
    public static String line(FrameRecord r) {
        String source = address(r, true);
        String destination = address(r, false);
        long relative = r.timestampNanos - r.firstTimestampNanos;
        StringBuilder s = new StringBuilder(120);
        pad(s, Long.toString(r.frame), 5, true).append(' ');
        pad(s, seconds(relative), 10, true).append(' ');
        pad(s, source, 12, true).append(" → ");
        pad(s, destination, 12, false).append(' ');
        return s.append(protocol(r)).append(' ').append(r.length).append(' ').append(info(r)).toString();
    }

    /** {@code text} padded with spaces to {@code width}, on the left ({@code right} aligned) or on the right. */
    private static StringBuilder pad(StringBuilder s, String text, int width, boolean right) {
        if (!right) {
            s.append(text);
        }
        for (int i = text.length(); i < width; i++) {
            s.append(' ');
        }
        return right ? s.append(text) : s;
    }

    /** Seconds with six decimals, or nine when the time has nanoseconds. */
    static String seconds(long nanos) {
        return nanos % 1000 == 0 ? FrameRecord.seconds(nanos).setScale(6).toPlainString()
                : FrameRecord.seconds(nanos).toPlainString();
    }

    /** {@code frame.time}: the capture time in the local time zone, as tshark writes it. */
    public static String time(long nanos) {
        Instant t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        var local = t.atZone(ZoneId.systemDefault());
        return TIME.format(local) + Digits.zeroPadded(Integer.toString(local.getNano()), 9) + " " + ZONE.format(local);
    }

    /** The IP source or destination, else the link layer's. */
    private static String address(FrameRecord r, boolean source) {
        String ip = source ? r.source() : r.destination();
        if (ip != null) {
            return ip;
        }
        FieldNode link = r.layers == null || r.layers.size() < 2 ? null : r.layers.get(1);
        if (link != null) {
            for (FieldNode f : link.children()) {
                if (f.name().endsWith(source ? ".src" : ".dst") || f.name().equals(source ? "sll.src.eth" : "")) {
                    return String.valueOf(f.value());
                }
            }
        }
        return "";
    }

    /** {@code _ws.col.Protocol}. */
    public static String protocol(FrameRecord r) {
        String p = r.source != null ? "TCP" : r.layers != null ? FrameRows.protocol(r.layers) : "";
        for (PduRecord pdu : r.pdus) {
            if (pdu.layers() != null) {
                return pdu.carriage();
            }
            if (pdu.rdmap() != null) {
                return "DDP/RDMA";
            }
            p = "MPA";
        }
        return p;
    }

    /** {@code _ws.col.Info}. */
    public static String info(FrameRecord r) {
        if (!r.pdus.isEmpty()) {
            PduRecord last = r.pdus.get(r.pdus.size() - 1);
            boolean ib = last.layer(Fields.INFINIBAND.name()) != null;
            return (r.source == null || ib ? "" : r.source.port() + " > " + r.destination.port() + " ") + describe(last);
        }
        if (r.source != null) {
            return tcp(r);
        }
        if (r.layers == null || r.layers.isEmpty()) {
            return "";
        }
        FieldNode last = r.layers.get(r.layers.size() - 1);
        return last.name().equals("arp") ? arp(last) : last.label();
    }

    /** An ARP request or reply, as tshark says it. */
    private static String arp(FieldNode arp) {
        Map<String, Object> v = new HashMap<>();
        for (FieldNode f : arp.children()) {
            v.put(f.name(), f.value());
        }
        Object op = v.get("arp.opcode");
        if (v.containsKey("arp.dst.proto_ipv4") && Long.valueOf(1).equals(op)) {
            return "Who has " + v.get("arp.dst.proto_ipv4") + "? Tell " + v.get("arp.src.proto_ipv4");
        }
        if (v.containsKey("arp.src.proto_ipv4") && Long.valueOf(2).equals(op)) {
            return v.get("arp.src.proto_ipv4") + " is at " + v.get("arp.src.hw_mac");
        }
        return arp.label();
    }

    /** What tshark's iWARP dissector says of a PDU; for an InfiniBand packet, its operation, queue pair and PSN. */
    private static String describe(PduRecord p) {
        Map<String, Object> ib = p.layer(Fields.INFINIBAND.name());
        if (ib != null) {
            Map<String, Object> cm = p.layer(Fields.CM.name());
            if (cm != null) {
                return "CM: " + cm.get(Fields.CM_TYPE.jsonKey());
            }
            Map<String, Object> bth = p.layer(Fields.BTH.name());
            StringBuilder s = new StringBuilder(String.valueOf(ib.get(Fields.IB_OPCODE_NAME.jsonKey())));
            if (bth != null && bth.get(Fields.BTH_DESTQP.jsonKey()) instanceof Long qp) {
                s.append(" QP=").append(Hex.hex(qp, 6)).append(" PSN=").append(bth.get(Fields.BTH_PSN.jsonKey()));
            }
            return s.toString();
        }
        if (p.rdmap() == null) {
            Object key = p.mpa().get("key");
            return key == null ? "MPA FPDU" : "request".equals(key) ? "MPA Request Frame" : "MPA Reply Frame";
        }
        Object code = p.rdmap().get("opcode");
        Opcode op = code instanceof Long l ? Opcode.of(l.intValue()) : null;
        String name = op == null ? "Unknown" : op.displayName.startsWith("RDMA ") ? op.displayName.substring(5)
                : op.displayName;
        return name + (Boolean.TRUE.equals(p.ddp().get("last")) ? " [last DDP segment]" : " [more DDP segments]");
    }

    private static String tcp(FrameRecord r) {
        StringBuilder s = new StringBuilder();
        s.append(r.source.port()).append(" → ").append(r.destination.port());
        s.append(" [").append(r.tcpFlags == 0 ? "<None>" : NetFields.flagNames(r.tcpFlags)).append("]");
        s.append(" Seq=").append(r.tcpSeq);
        if ((r.tcpFlags & TcpSegment.ACK) != 0) {
            s.append(" Ack=").append(r.tcpAck);
        }
        s.append(" Win=").append(r.tcpWindow).append(" Len=").append(r.tcpLen);
        options(r.layers, s);
        if (r.reassembled) {
            s.append(" [TCP segment of a reassembled PDU]");
        }
        return s.toString();
    }

    /** The TCP options as tshark's Info shows them. */
    private static void options(List<FieldNode> layers, StringBuilder s) {
        if (layers == null) {
            return;
        }
        for (FieldNode layer : layers) {
            if (!layer.name().equals("tcp")) {
                continue;
            }
            for (FieldNode f : layer.children()) {
                if (!f.name().equals("tcp.options")) {
                    continue;
                }
                for (FieldNode o : f.children()) {
                    String shown = OPTIONS.get(o.name());
                    if (shown == null) {
                        continue;
                    }
                    s.append(' ').append(shown);
                    if (o.name().equals("tcp.options.wscale.shift")) {
                        s.append(1L << Math.min(14, ((Number) o.value()).intValue()));
                    } else if (!o.name().equals("tcp.options.sack_perm")) {
                        s.append(o.value());
                    }
                }
            }
        }
    }

    private static final Map<String, String> OPTIONS = Map.of("tcp.options.mss_val", "MSS=",
            "tcp.options.sack_perm", "SACK_PERM", "tcp.options.timestamp.tsval", "TSval=",
            "tcp.options.timestamp.tsecr", "TSecr=", "tcp.options.wscale.shift", "WS=",
            "tcp.options.sack_le", "SLE=", "tcp.options.sack_re", "SRE=");
}
