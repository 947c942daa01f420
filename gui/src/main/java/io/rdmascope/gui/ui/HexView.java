package io.rdmascope.gui.ui;

import io.rdmascope.fields.Digits;
import java.util.function.IntConsumer;
import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollPane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The bytes of a frame as Wireshark shows them: offset, 16 octets in hex, the same octets as
 * ASCII. A range of octets can be highlighted; clicking an octet (in either column) reports its
 * offset.
 *
 * <p>Only the lines in view are drawn, on a canvas the height of the viewport that moves with the
 * scroll position over a sheet as tall as every line: a reassembled FPDU of 64 KiB is 4,000 lines,
 * far taller than a canvas can be drawn.
 */
public final class HexView extends ScrollPane {
    private static final int PER_LINE = 16;
    private final Canvas canvas = new Canvas();
    private final javafx.scene.layout.Pane sheet = new javafx.scene.layout.Pane(canvas);
    private Font font;
    /** The font family chosen in the preferences; empty for the platform's monospaced font. */
    private String family = "";
    private double charWidth;
    private double lineHeight;
    private byte[] bytes = new byte[0];
    private int highlightOffset = -1;
    private int highlightLength;
    private java.util.BitSet excluded;
    private IntConsumer onByteClicked = b -> {};

    public HexView() {
        measure(12);
        setContent(sheet);
        setFitToWidth(false);
        setStyle("-fx-background: white;");
        vvalueProperty().addListener((o, a, b) -> redraw());
        viewportBoundsProperty().addListener((o, a, b) -> redraw());
        canvas.setOnMouseClicked(e -> {
            int b = byteAt(e.getX(), e.getY() + canvas.getLayoutY());
            if (b >= 0) {
                onByteClicked.accept(b);
            }
        });
        redraw();
    }

    private void measure(double size) {
        font = Font.font(family.isBlank() ? "Monospaced" : family, size);
        Text probe = new Text("0");
        probe.setFont(font);
        charWidth = Math.max(size / 2, probe.getLayoutBounds().getWidth());
        lineHeight = Math.ceil(Math.max(size, probe.getLayoutBounds().getHeight()) + 2);
    }

    /** The width the offset, hex and ASCII columns need, with room for a scroll bar. */
    public double neededWidth() {
        return asciiX(PER_LINE) + charWidth * 2 + 20;
    }

    /**
     * Keeps the divider of {@code pane} (whose last item is this view) where the whole ASCII column
     * shows, as long as the other side keeps at least a third of the width.
     */
    public void fitIn(javafx.scene.control.SplitPane pane, double preferred) {
        Runnable fit = () -> {
            double w = pane.getWidth();
            if (w > 0) {
                pane.setDividerPositions(Math.max(1 / 3.0, Math.min(preferred, 1 - neededWidth() / w)));
            }
        };
        pane.widthProperty().addListener((o, a, b) -> fit.run());
        refit = fit;
    }

    private Runnable refit = () -> {};

    /** Draws the octets in a font of {@code size} points. */
    public void fontSize(double size) {
        measure(size);
        redraw();
        refit.run();
    }

    public double fontSize() {
        return font.getSize();
    }

    /** Draws the octets in {@code family} (empty: the platform's monospaced font) of {@code size} points. */
    public void font(String family, double size) {
        this.family = family == null ? "" : family;
        fontSize(size);
    }

    /** The font family chosen, or empty for the platform's monospaced font. */
    public String fontFamily() {
        return family;
    }

    /** The font the octets are drawn in. */
    public Font font() {
        return font;
    }

    public void setBytes(byte[] data) {
        bytes = data == null ? new byte[0] : data;
        excluded = null;
        highlightOffset = -1;
        highlightLength = 0;
        redraw();
        setVvalue(0);
    }

    public byte[] bytes() {
        return bytes;
    }

    /** Highlights [offset, offset + length); a negative offset clears the highlight. */
    public void highlight(int offset, int length) {
        highlight(offset, length, null);
    }

    /**
     * Highlights [offset, offset + length) except the octets set in {@code excluded} (MPA markers
     * standing inside a field); a negative offset clears the highlight.
     */
    public void highlight(int offset, int length, java.util.BitSet excluded) {
        this.excluded = excluded == null || excluded.isEmpty() ? null : (java.util.BitSet) excluded.clone();
        highlightOffset = offset;
        highlightLength = Math.max(0, length);
        redraw();
        if (offset >= 0 && bytes.length > 0) {
            double y = (offset / PER_LINE) * lineHeight;
            double h = sheetHeight() - getViewportBounds().getHeight();
            if (h > 0) {
                setVvalue(Math.min(1, Math.max(0, (y - lineHeight) / h)));
            }
        }
    }

    public int highlightOffset() {
        return highlightOffset;
    }

    public int highlightLength() {
        return highlightLength;
    }

    /** Whether octet {@code i} is drawn highlighted. */
    public boolean isHighlighted(int i) {
        return highlightOffset >= 0 && i >= highlightOffset && i < highlightOffset + highlightLength
                && (excluded == null || !excluded.get(i));
    }

    public void setOnByteClicked(IntConsumer handler) {
        onByteClicked = handler == null ? b -> {} : handler;
    }

    private double hexX(int column) {
        return (6 + column * 3 + (column >= 8 ? 1 : 0)) * charWidth;
    }

    private double asciiX(int column) {
        return (6 + PER_LINE * 3 + 2 + column) * charWidth;
    }

    /** Where octet {@code index} is drawn in the hex column, in screen coordinates. */
    public Point2D pointOfByte(int index) {
        int line = index / PER_LINE, col = index % PER_LINE;
        return canvas.localToScreen(hexX(col) + charWidth, line * lineHeight + lineHeight / 2 - canvas.getLayoutY());
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The octet at a position of the sheet (all lines, from the first), or -1. */
    public int byteAt(double x, double y) {
        int line = (int) (y / lineHeight);
        int col = -1;
        for (int c = 0; c < PER_LINE; c++) {
            if (x >= hexX(c) - charWidth / 2 && x < hexX(c) + 2.5 * charWidth) {
                col = c;
            } else if (x >= asciiX(c) && x < asciiX(c) + charWidth) {
                col = c;
            }
        }
        int index = line * PER_LINE + col;
        return col < 0 || line < 0 || index >= bytes.length ? -1 : index;
    }

    private double sheetHeight() {
        return Math.max(1, (bytes.length + PER_LINE - 1) / PER_LINE) * lineHeight + 4;
    }

    /** Draws the lines in view: the canvas covers the viewport's part of the sheet. */
    private void redraw() {
        double width = asciiX(PER_LINE) + charWidth * 2;
        double total = sheetHeight();
        sheet.setPrefSize(width, total);
        sheet.setMinSize(width, total);
        double view = getViewportBounds().getHeight();
        double top = Math.max(0, Math.min(total - view, getVvalue() * Math.max(0, total - view)));
        double height = view > 0 ? Math.min(total, view + lineHeight) : Math.min(total, 2048);
        top = Math.max(0, Math.min(top, total - height));
        canvas.setLayoutY(top);
        canvas.setWidth(width);
        canvas.setHeight(height);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFont(font);
        g.setTextBaseline(VPos.TOP);
        g.save();
        g.translate(0, -top);
        int firstLine = (int) (top / lineHeight);
        int lastLine = (int) ((top + height) / lineHeight) + 1;
        char[] hex = "0123456789abcdef".toCharArray();
        for (int line = firstLine; line <= lastLine && line * PER_LINE < bytes.length; line++) {
            double y = line * lineHeight + 1;
            g.setFill(Color.gray(0.45));
            g.fillText(Digits.zeroPadded(Integer.toHexString(line * PER_LINE), 4), 0, y);
            for (int c = 0; c < PER_LINE && line * PER_LINE + c < bytes.length; c++) {
                int i = line * PER_LINE + c;
                int v = bytes[i] & 0xff;
                boolean lit = isHighlighted(i);
                if (lit) {
                    g.setFill(Color.web("#3d7bd9"));
                    boolean nextLit = c < PER_LINE - 1 && i + 1 < bytes.length && isHighlighted(i + 1);
                    g.fillRect(hexX(c) - 1, y - 1, (nextLit ? 3 : 2) * charWidth + (nextLit && c == 7 ? charWidth : 0) + 1, lineHeight);
                    g.fillRect(asciiX(c), y - 1, charWidth, lineHeight);
                }
                g.setFill(lit ? Color.WHITE : Color.BLACK);
                g.fillText(new String(new char[] {hex[v >> 4], hex[v & 15]}), hexX(c), y);
                g.fillText(String.valueOf(v >= 0x20 && v < 0x7f ? (char) v : '.'), asciiX(c), y);
            }
        }
        g.restore();
    }
}
