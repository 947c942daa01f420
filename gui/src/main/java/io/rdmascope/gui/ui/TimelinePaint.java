package io.rdmascope.gui.ui;

import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import java.util.Set;
import javafx.geometry.Rectangle2D;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** How the timeline paints a transaction's bar and the legend of kinds and statuses above its lanes. */
final class TimelinePaint {
    private TimelinePaint() {}

    /** A bar: filled, pale with a dashed outline while incomplete, hatched when aborted or violated. */
    static void bar(GraphicsContext g, Rectangle2D r, Color fill, TransactionStatus status) {
        g.setFill(fill);
        g.fillRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
        if (TransactionStyle.hatched(status)) {
            g.save();
            clip(g, r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY());
            g.setStroke(Color.gray(0.05, 0.7));
            g.setLineWidth(1.5);
            for (double x = r.getMinX() - r.getHeight(); x < r.getMaxX(); x += 5) {
                g.strokeLine(x, r.getMaxY(), x + r.getHeight(), r.getMinY());
            }
            g.restore();
        }
        if (status == TransactionStatus.INCOMPLETE) {
            g.setStroke(Color.gray(0.25));
            g.setLineDashes(3, 2);
            g.strokeRect(r.getMinX() + 0.5, r.getMinY() + 0.5, r.getWidth() - 1, r.getHeight() - 1);
            g.setLineDashes((double[]) null);
        } else if (status == TransactionStatus.VIOLATED) {
            g.setStroke(TransactionStyle.VIOLATED_OUTLINE);
            g.setLineWidth(2);
            g.strokeRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
            g.setLineWidth(1);
        } else if (status == TransactionStatus.ABORTED) {
            g.setStroke(Color.gray(0.1));
            g.strokeRect(r.getMinX() + 0.5, r.getMinY() + 0.5, r.getWidth() - 1, r.getHeight() - 1);
        }
    }

    /**
     * Clips to a rectangle with its edges on whole pixels: a canvas clips to such a rectangle
     * directly, while any other clip costs it a mask and a scratch image of its own size.
     */
    static void clip(GraphicsContext g, double x0, double y0, double x1, double y1) {
        double left = Math.round(x0), top = Math.round(y0);
        g.beginPath();
        g.rect(left, top, Math.round(x1) - left, Math.round(y1) - top);
        g.clip();
    }

    /** The kinds shown and the statuses, above the lanes, with the time the lanes span. */
    static void legend(GraphicsContext g, double w, double height, Set<TransactionKind> kinds) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, height);
        g.setStroke(Color.gray(0.85));
        g.strokeLine(0, height - 0.5, w, height - 0.5);
        double lx = 6;
        for (TransactionKind k : kinds) {
            lx = legendItem(g, lx, TransactionStyle.colour(k), TransactionStatus.COMPLETE, k.jsonName);
        }
        lx += 16;
        for (TransactionStatus s : TransactionStatus.values()) {
            Color c = s == TransactionStatus.INCOMPLETE ? Color.gray(0.6).deriveColor(0, 1, 1.25, 0.55) : Color.gray(0.6);
            lx = legendItem(g, lx, c, s, s.jsonName());
        }
    }

    private static double legendItem(GraphicsContext g, double x, Color c, TransactionStatus s, String text) {
        bar(g, new Rectangle2D(x, 6, 14, 12), c, s);
        g.setFill(Color.BLACK);
        g.fillText(text, x + 18, 12);
        return x + 26 + Math.max(40, text.length() * 6.5);
    }
}
