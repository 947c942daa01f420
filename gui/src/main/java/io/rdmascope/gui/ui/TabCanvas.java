package io.rdmascope.gui.ui;

import javafx.scene.control.Tab;

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
}
