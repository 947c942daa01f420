package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Expert items as Wireshark shows them in the detail tree: each violation of a frame under the
 * field it concerns (a CRC mismatch under MPA's CRC, an MSN gap under DDP's MSN, an STag rule under
 * the STag or the R_Key, a NAK under the AETH's syndrome), with its message, severity, reference
 * and links to the frames it relates to. Which field a violation concerns is the table below, from
 * violation code to field names of the registry ({@link Fields}); the first of them found in the
 * frame's tree is taken, preferring the one whose value is the violation's STag or appears in its
 * message when a frame holds several PDUs. A violation whose field is not in the tree goes under
 * its layer, else under a top-level "Expert Info" node.
 */
public final class ExpertItems {
    /** The name of an expert item's node; its value is the {@link Violation}. */
    public static final String EXPERT = "_ws.expert";
    /** The name of a link node; its value is the frame number (a Long) it jumps to. */
    public static final String LINK = "_ws.expert.link";
    /** At most this many data frames of a transaction are linked. */
    static final int MAX_LINKS = 16;

    private static final Map<ViolationCode, List<Field>> FIELD = new EnumMap<>(ViolationCode.class);
    /** Where a violation goes when none of its fields is in the tree: a layer name. */
    private static final Map<ViolationCode, String> LAYER = new EnumMap<>(ViolationCode.class);

    /** The STags of iWARP and the keys of InfiniBand (an R_Key is an STag). */
    private static final List<Field> STAGS = List.of(Fields.DDP_STAG, Fields.RDMAP_SOURCE_STAG,
            Fields.RDMAP_INVALIDATE_STAG, Fields.RDMAP_REMOTE_STAG, Fields.DDP_OPTIONAL_STAG, Fields.RDMAP_SINK_STAG,
            Fields.RETH_R_KEY, Fields.ATOMICETH_R_KEY, Fields.IETH);

    static {
        on(ViolationCode.MPA_CRC_MISMATCH, Fields.MPA_CRC);
        on(ViolationCode.MPA_MARKER_INVALID, Fields.MPA_BAD_MARKERS, Fields.MPA_MARKERS);
        on(ViolationCode.MPA_REJECTED, Fields.MPA_REJECT_FLAG);
        on(ViolationCode.MPA_HANDSHAKE, Fields.MPA_KEY, Fields.MPA_REVISION);
        on(ViolationCode.MPA_FRAMING, Fields.MPA_ULPDU_LENGTH);
        on(ViolationCode.MPA_PAD_NONZERO, Fields.MPA_PAD_LENGTH);
        on(ViolationCode.MPA_VENDOR_FLAG, Fields.MPA_RESERVED_FLAGS);
        on(ViolationCode.MPA_TRUNCATED, Fields.MPA_TRUNCATED, Fields.MPA_ULPDU_LENGTH);
        LAYER.put(ViolationCode.TCP_GAP, "tcp");
        on(ViolationCode.DDP_VERSION, Fields.DDP_DV);
        on(ViolationCode.DDP_RESERVED, Fields.DDP_RESERVED);
        on(ViolationCode.DDP_QN_INVALID, Fields.DDP_QN);
        on(ViolationCode.DDP_MSN_GAP, Fields.DDP_MSN);
        on(ViolationCode.DDP_MO_GAP, Fields.DDP_MO);
        on(ViolationCode.RDMAP_VERSION, Fields.RDMAP_VERSION);
        on(ViolationCode.RDMAP_RESERVED, Fields.RDMAP_RESERVED);
        on(ViolationCode.RDMAP_OPCODE_INVALID, Fields.RDMAP_OPCODE);
        on(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, Fields.RDMAP_OPCODE);
        on(ViolationCode.RDMAP_ORD_EXCEEDED, Fields.RDMAP_OPCODE);
        on(ViolationCode.RDMAP_TERMINATE, Fields.RDMAP_ERROR_CODE, Fields.RDMAP_OPCODE);
        on(ViolationCode.ONESHOT_MALFORMED, Fields.DDP_MALFORMED, Fields.DDP_OPTIONAL_STAG);
        on(ViolationCode.ONESHOT_STAG_IN_USE, Fields.DDP_OPTIONAL_STAG);
        stag(ViolationCode.STAG_UNADVERTISED);
        stag(ViolationCode.STAG_INVALIDATED);
        stag(ViolationCode.STAG_BOUNDS);
        stag(ViolationCode.STAG_ACCESS);
        stag(ViolationCode.STAG_WRONG_CONNECTION);
        on(ViolationCode.COMPLETION_MISMATCH, Fields.RDMAP_INVALIDATE_STAG, Fields.RDMAP_OPCODE);
        on(ViolationCode.BUFFER_POOL_EXHAUSTED, Fields.DDP_OPTIONAL_STAG, Fields.DDP_ADVERTISED_LENGTH);
        on(ViolationCode.TRANSACTION_INCOMPLETE, Fields.RDMAP_OPCODE);
        LAYER.put(ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS, "tcp");
        LAYER.put(ViolationCode.ULP_MALFORMED, "rdmap");
        on(ViolationCode.IB_ICRC_MISMATCH, Fields.IB_ICRC, Fields.IB_ICRC_OK);
        on(ViolationCode.IB_MALFORMED, Fields.IB_PAYLOAD_LENGTH, Fields.BTH_OPCODE);
        on(ViolationCode.IB_OPCODE_SEQUENCE, Fields.BTH_OPCODE, Fields.BTH_PSN);
        on(ViolationCode.IB_PACKET_LENGTH, Fields.IB_PAYLOAD_LENGTH, Fields.BTH_PADCNT);
        on(ViolationCode.IB_NAK_SEQUENCE, Fields.AETH_SYNDROME);
        on(ViolationCode.IB_NAK_RNR, Fields.AETH_SYNDROME);
        on(ViolationCode.IB_NAK_ERROR, Fields.AETH_SYNDROME);
        on(ViolationCode.IB_CAPTURE_LOSS, Fields.BTH_PSN, Fields.AETH_MSN);
        on(ViolationCode.IB_CM_REJECT, Fields.CM_REJ_REASON, Fields.CM_TYPE);
    }

    private ExpertItems() {}

    private static void on(ViolationCode code, Field... fields) {
        FIELD.put(code, List.of(fields));
        LAYER.put(code, fields[0].layer());
    }

    private static void stag(ViolationCode code) {
        FIELD.put(code, STAGS);
        LAYER.put(code, "ddp");
    }

    /** The registry fields a violation of {@code code} concerns, most likely first (empty: a layer only). */
    public static List<Field> fields(ViolationCode code) {
        return FIELD.getOrDefault(code, List.of());
    }

    /** The layer a violation of {@code code} goes under when none of its fields is in the tree. */
    public static String layer(ViolationCode code) {
        return LAYER.get(code);
    }

    /**
     * The layers of a frame with its violations placed as expert items.
     *
     * @param transaction the transaction of an id, or null
     */
    public static List<FieldNode> attach(List<FieldNode> layers, List<Violation> violations,
                                         Function<String, Transaction> transaction) {
        if (violations.isEmpty()) {
            return layers;
        }
        List<FieldNode> out = new ArrayList<>(layers);
        List<FieldNode> orphans = new ArrayList<>();
        for (Violation v : violations) {
            FieldNode item = item(v, transaction.apply(v.transaction()));
            if (!place(out, v, item)) {
                orphans.add(item);
            }
        }
        if (!orphans.isEmpty()) {
            out.add(new FieldNode("_ws.expert.layer", "Expert Info", null, "", -1, 0,
                    "Violations of this frame whose field is not in its tree", orphans));
        }
        return out;
    }

    /** Puts {@code item} under the field or layer {@code v} concerns; false when none is in the tree. */
    private static boolean place(List<FieldNode> layers, Violation v, FieldNode item) {
        for (Field f : fields(v.code())) {
            int[] path = best(layers, f.name(), v);
            if (path != null) {
                replace(layers, path, 0, item);
                return true;
            }
        }
        String layer = layer(v.code());
        for (int i = 0; i < layers.size(); i++) {
            if (layers.get(i).name().equals(layer)) {
                layers.set(i, with(layers.get(i), item));
                return true;
            }
        }
        return false;
    }

    /** The path (child indices) to the node named {@code field} that best fits {@code v}, or null. */
    private static int[] best(List<FieldNode> layers, String field, Violation v) {
        List<int[]> found = new ArrayList<>();
        collect(layers, field, new int[0], found);
        if (found.isEmpty()) {
            return null;
        }
        for (int[] path : found) {
            FieldNode n = at(layers, path);
            boolean stagMatch = v.stag() != null && n.value() instanceof Long l && l.longValue() == v.stag();
            boolean shown = v.stag() == null && n.display() != null && !n.display().isEmpty() && v.message() != null
                    && v.message().contains(n.display());
            if (stagMatch || shown) {
                return path;
            }
        }
        return found.get(0);
    }

    private static void collect(List<FieldNode> nodes, String field, int[] prefix, List<int[]> out) {
        for (int i = 0; i < nodes.size(); i++) {
            FieldNode n = nodes.get(i);
            int[] path = java.util.Arrays.copyOf(prefix, prefix.length + 1);
            path[prefix.length] = i;
            if (field.equals(Fields.canonical(n.name()))) {
                out.add(path);
            }
            collect(n.children(), field, path, out);
        }
    }

    private static FieldNode at(List<FieldNode> layers, int[] path) {
        FieldNode n = layers.get(path[0]);
        for (int k = 1; k < path.length; k++) {
            n = n.children().get(path[k]);
        }
        return n;
    }

    /** Replaces the node at {@code path} (from depth {@code d}) by a copy with {@code item} appended. */
    private static void replace(List<FieldNode> nodes, int[] path, int d, FieldNode item) {
        FieldNode n = nodes.get(path[d]);
        if (d == path.length - 1) {
            nodes.set(path[d], with(n, item));
            return;
        }
        List<FieldNode> children = new ArrayList<>(n.children());
        replace(children, path, d + 1, item);
        nodes.set(path[d], copy(n, children));
    }

    private static FieldNode with(FieldNode n, FieldNode child) {
        List<FieldNode> children = new ArrayList<>(n.children());
        children.add(child);
        return copy(n, children);
    }

    private static FieldNode copy(FieldNode n, List<FieldNode> children) {
        return new FieldNode(n.name(), n.label(), n.value(), n.display(), n.offset(), n.length(), n.description(),
                children);
    }

    /** The expert item of one violation: message, severity, reference and links. */
    static FieldNode item(Violation v, Transaction t) {
        List<FieldNode> children = new ArrayList<>();
        children.add(FieldNode.field("_ws.expert.message", "Message", v.message(), v.message(), -1, 0));
        children.add(FieldNode.field("_ws.expert.severity", "Severity level", v.severity().name(),
                severityName(v.severity()), -1, 0));
        children.add(FieldNode.field("violation.code", "Code", v.code().name(), v.code().name(), -1, 0));
        String ref = v.reference() != null ? v.reference() : v.code().reference;
        if (ref != null) {
            children.add(FieldNode.field("_ws.expert.reference", "Reference", ref, ref, -1, 0));
        }
        long advertised = advertisedFrame(t);
        if (advertised > 0) {
            children.add(link("STag advertised in frame", advertised));
        }
        if (t != null) {
            children.add(transactionLinks(t));
        }
        String label = "[Expert Info (" + severityName(v.severity()) + "/" + v.code().name() + "): " + v.message() + "]";
        return new FieldNode(EXPERT, label, v, "", -1, 0, ref, children);
    }

    /** Where the STag a transaction uses was advertised, or -1: a one-shot's initiation advertises it. */
    static long advertisedFrame(Transaction t) {
        if (t == null) {
            return -1;
        }
        if (t.advertisedFrame > 0) {
            return t.advertisedFrame;
        }
        return t.kind == TransactionKind.ONESHOT ? t.initiationFrame : -1;
    }

    private static FieldNode transactionLinks(Transaction t) {
        List<FieldNode> links = new ArrayList<>();
        links.add(link("Initiation in frame", t.initiationFrame));
        int n = Math.min(MAX_LINKS, t.dataFrames.size());
        for (int i = 0; i < n; i++) {
            links.add(link("Data in frame", t.dataFrames.getLong(i)));
        }
        if (t.dataFrameCount > n) {
            links.add(FieldNode.field("_ws.expert.more", "More data frames", null,
                    (t.dataFrameCount - n) + " not listed", -1, 0));
        }
        if (t.completionFrame > 0) {
            links.add(link("Completion in frame", t.completionFrame));
        }
        String label = "Transaction " + t.id + " (" + t.kind.name().toLowerCase(java.util.Locale.ROOT) + ")";
        return new FieldNode("transaction", label, t.id, "", -1, 0, "The frames of transaction " + t.id, links);
    }

    static FieldNode link(String label, long frame) {
        return new FieldNode(LINK, label, frame, Long.toString(frame), -1, 0,
                "Double-click or press Enter to go to frame " + frame, List.of());
    }

    /** The frame a link node jumps to, or -1 when {@code n} is no link. */
    public static long target(FieldNode n) {
        return n != null && LINK.equals(n.name()) && n.value() instanceof Long f ? f : -1;
    }

    /** Wireshark's names of the severities: Error, Warning, Note. */
    public static String severityName(Severity s) {
        return s == Severity.ERROR ? "Error" : s == Severity.WARNING ? "Warning" : "Note";
    }
}
