package io.rdmascope.gui.ui;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tab;
import javafx.scene.paint.Color;

/**
 * A view drawn on a canvas that holds pixels only while its tab is shown. A canvas keeps an image
 * of its whole size once drawn, shown or not (under software rendering, on the Java heap): hidden,
 * the view sizes its canvas 0, which gives the image back, and draws again when shown.
 */
interface TabCanvas {
    /** Shown: the view draws (again); hidden: its canvas gives its pixels back. */
    void setShown(boolean shown);

    /** Makes {@code view} follow whether {@code tab} is the one shown. */
    static void follow(Tab tab, TabCanvas view) {
        view.setShown(tab.isSelected());
        tab.selectedProperty().addListener((o, a, b) -> view.setShown(b));
    }

    /**
     * Sizes {@code canvas} for a drawing of w by h on white and returns its graphics context; when
     * the view is not shown, sizes it 0 and returns null.
     */
    static GraphicsContext clear(Canvas canvas, boolean shown, double w, double h) {
        if (!shown) {
            canvas.setWidth(0);
            canvas.setHeight(0);
            return null;
        }
        canvas.setWidth(w);
        canvas.setHeight(h);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        return g;
    }
}
