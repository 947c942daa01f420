package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.fields.Hex;
import javafx.scene.paint.Color;

/**
 * How a transaction looks: its fill says its kind (in the colour the kind declares: an upper-layer
 * protocol's own, {@link io.rdmascope.ulp.Ulp#colour}), its outline and hatching its status (a
 * complete transaction is plain; an incomplete one pale with a dashed outline; an aborted one
 * hatched; a violated one hatched with a red outline), and its tooltip says what it was.
 */
public final class TransactionStyle {
    private TransactionStyle() {}

    /** The colours the kinds declare ({@link TransactionKind#colour}), by ordinal. */
    private static final Color[] KIND_COLOURS;

    static {
        TransactionKind[] kinds = TransactionKind.values();
        KIND_COLOURS = new Color[kinds.length];
        for (TransactionKind k : kinds) {
            KIND_COLOURS[k.ordinal()] = k.colour == null ? null : Color.web(k.colour);
        }
    }

    /** The outline of a violated transaction. */
    public static final Color VIOLATED_OUTLINE = Color.web("#d50000");

    /** The fill of a kind's bars. */
    public static Color colour(TransactionKind kind) {
        Color c = kind == null ? null : KIND_COLOURS[kind.ordinal()];
        return c == null ? Color.GRAY : c;
    }

    /** The fill of a transaction's bar: its kind's colour, paler while it is not complete. */
    public static Color fill(Transaction t) {
        Color c = colour(t.kind);
        return t.status == TransactionStatus.INCOMPLETE ? c.deriveColor(0, 0.45, 1.25, 0.55) : c;
    }

    /** Whether the bar is hatched: the transaction ended without completing as it should. */
    public static boolean hatched(TransactionStatus s) {
        return s == TransactionStatus.ABORTED || s == TransactionStatus.VIOLATED;
    }

    /** A duration for people ("850 ns", "42 us", "12 ms"), as the text report writes it; "-" when negative. */
    public static String duration(long ns) {
        return io.rdmascope.report.AnalysisTextWriter.duration(ns);
    }

    /** What the transaction names: its STag and offset, the Send's opcode and MSN, or the upper-layer call. */
    public static String what(Transaction t) {
        TransactionKind kind = t.kind;
        if (kind == TransactionKind.READ) {
            return "source STag " + Hex.stag(t.stag) + " TO " + Hex.to(t.to) + ", sink STag "
                    + Hex.stag(t.sinkStag) + ", " + t.length + " B";
        } else if (kind == TransactionKind.WRITE) {
            return "STag " + Hex.stag(t.stag) + " TO " + Hex.to(t.to);
        } else if (kind == TransactionKind.SEND) {
            return opcode(t) + " MSN " + t.msn
                    + (t.invalidateStag == null ? "" : ", invalidates " + Hex.stag(t.invalidateStag));
        } else if (kind == TransactionKind.ATOMIC) {
            return opcode(t) + ", STag " + Hex.stag(t.stag) + " TO " + Hex.to(t.to);
        } else if (kind == TransactionKind.ONESHOT) {
            return "STag " + Hex.stag(t.stag) + " [" + Hex.to(t.to) + ", +" + t.length + ") advertised by "
                    + t.advertiser;
        }
        return t.summary == null ? t.kind.displayName : t.summary;
    }

    private static String opcode(Transaction t) {
        String name = t.opcodeDisplayName();
        return name != null ? name : "opcode " + t.opcode;
    }

    /** The tooltip of a transaction's bar. */
    public static String tooltip(Transaction t) {
        StringBuilder b = new StringBuilder();
        b.append(t.kind.displayName).append(' ').append(t.id).append(" (").append(t.status.jsonName()).append(")\n");
        b.append(what(t)).append('\n');
        b.append("Connection ").append(t.connection);
        if (t.advertiser != null && !t.oneShot()) {
            b.append(", from ").append(t.advertiser);
        }
        b.append('\n');
        b.append("Frames ").append(t.startFrame()).append('\u2013').append(t.endFrame());
        if (t.advertisedFrame >= 0) {
            b.append(", region advertised in frame ").append(t.advertisedFrame);
        }
        b.append('\n');
        b.append(t.bytes).append(" bytes, latency ").append(duration(t.latencyNanos()));
        if (t.operations != null && !t.operations.isEmpty()) {
            b.append("\nOperations ").append(String.join(", ", t.operations));
        }
        if (t.note != null) {
            b.append('\n').append(t.note);
        }
        return b.toString();
    }
}
