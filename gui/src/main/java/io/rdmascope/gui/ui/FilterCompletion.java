package io.rdmascope.gui.ui;

import io.rdmascope.filter.FilterFields;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Side;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;

/**
 * Field-name completion for the filter bar, as Wireshark's: while the word before the caret is the
 * start of field names of the registry, a popup lists them; choosing one puts it in place of the
 * word.
 */
final class FilterCompletion {
    /** At most this many names are offered. */
    static final int MAX = 15;

    private final TextField field;
    private final ContextMenu popup = new ContextMenu();
    /** Whether a name of the popup was moved to with the arrow keys since it showed: Enter then chooses it. */
    private boolean navigated;

    /** @param enter what Enter does when no name of the popup is chosen: apply the filter, as Wireshark does */
    FilterCompletion(TextField field, Runnable enter) {
        this.field = field;
        popup.setId("filterCompletion");
        popup.setAutoHide(true);
        popup.setOnShown(e -> navigated = false);
        popup.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            switch (e.getCode()) {
                case UP, DOWN -> navigated = true;
                case ENTER -> {
                    if (!navigated) {
                        e.consume();
                        popup.hide();
                        enter.run();
                    }
                }
                default -> { }
            }
        });
        field.textProperty().addListener((o, a, text) -> {
            if (field.isFocused()) {
                update();
            }
        });
        field.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                popup.hide();
            }
        });
    }

    ContextMenu popup() {
        return popup;
    }

    /** The field names that start with {@code prefix}, in the registry's order; none for an empty prefix. */
    static List<String> matches(String prefix) {
        List<String> out = new ArrayList<>();
        if (prefix.isEmpty() || !Character.isLetter(prefix.charAt(0))) {
            return out;
        }
        for (String name : FilterFields.all().keySet()) {
            if (name.startsWith(prefix) && out.size() < MAX) {
                out.add(name);
            }
        }
        return out;
    }

    /** Where the word before the caret starts. */
    private int wordStart() {
        String text = field.getText();
        int caret = Math.min(field.getCaretPosition(), text.length());
        int i = caret;
        while (i > 0 && (Character.isLetterOrDigit(text.charAt(i - 1)) || text.charAt(i - 1) == '.'
                || text.charAt(i - 1) == '_')) {
            i--;
        }
        return i;
    }

    private void update() {
        String text = field.getText() == null ? "" : field.getText();
        // the caret moves after the text changed: read it once the change is done
        javafx.application.Platform.runLater(() -> {
            if (!text.equals(field.getText())) {
                return;
            }
            int start = wordStart();
            int caret = Math.min(field.getCaretPosition(), text.length());
            String word = text.substring(start, caret);
            List<String> names = matches(word);
            if (names.isEmpty() || names.size() == 1 && names.get(0).equals(word)) {
                popup.hide();
                return;
            }
            List<MenuItem> items = new ArrayList<>();
            for (String n : names) {
                MenuItem m = new MenuItem(n);
                m.setMnemonicParsing(false);
                m.setOnAction(e -> choose(n, start, caret));
                items.add(m);
            }
            popup.getItems().setAll(items);
            if (!popup.isShowing()) {
                popup.show(field, Side.BOTTOM, 0, 0);
            }
        });
    }

    private void choose(String name, int start, int end) {
        String text = field.getText();
        int e = Math.min(end, text.length());
        int s = Math.min(start, e);
        field.setText(text.substring(0, s) + name + text.substring(e));
        field.positionCaret(s + name.length());
        popup.hide();
    }
}
