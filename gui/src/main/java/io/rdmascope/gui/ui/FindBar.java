package io.rdmascope.gui.ui;

import io.rdmascope.filter.Octets;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.DisplayFilterCompiler;
import io.rdmascope.gui.model.FrameFilter;
import io.rdmascope.gui.model.FrameRow;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.LongPredicate;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Edit &gt; Find Packet, as Wireshark's find bar: by display filter, by hex value (octets of the
 * frame) or by string (in the Info column or the frame's octets). Find selects the next displayed
 * packet that matches after the selected one, wrapping around at the end; Find Previous looks back.
 */
final class FindBar extends HBox {
    static final String FILTER = "Display filter", HEX = "Hex value", STRING = "String";

    private final MainView view;
    private final ComboBox<String> kind = new ComboBox<>(FXCollections.observableArrayList(FILTER, HEX, STRING));
    private final TextField field = new TextField();
    private final Label result = new Label();

    FindBar(MainView view) {
        this.view = view;
        setId("findBar");
        kind.setId("findKind");
        kind.setValue(FILTER);
        field.setId("findField");
        field.setPromptText("what to find");
        result.setId("findResult");
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                find(!e.isShiftDown());
            } else if (e.getCode() == KeyCode.ESCAPE) {
                close();
            }
        });
        Button find = new Button("Find");
        find.setId("findNext");
        find.setOnAction(e -> find(true));
        Button previous = new Button("Find Previous");
        previous.setOnAction(e -> find(false));
        Button cancel = new Button("Cancel");
        cancel.setOnAction(e -> close());
        HBox.setHgrow(field, Priority.ALWAYS);
        getChildren().addAll(new Label("Find by"), kind, field, find, previous, cancel, result);
        setSpacing(4);
        setAlignment(Pos.CENTER_LEFT);
        setStyle("-fx-padding: 2 6 2 6;");
        setVisible(false);
        setManaged(false);
    }

    /** Shows the bar with the keyboard in its field. */
    void open() {
        setVisible(true);
        setManaged(true);
        field.requestFocus();
        field.selectAll();
    }

    void close() {
        setVisible(false);
        setManaged(false);
        view.table().requestFocus();
    }

    TextField field() {
        return field;
    }

    ComboBox<String> kind() {
        return kind;
    }

    /**
     * Selects the next (forward) or previous displayed packet that matches, wrapping around; returns
     * its frame, or -1 when none matches (or what is asked cannot be understood).
     */
    long find(boolean forward) {
        CaptureModel m = view.model();
        String text = field.getText() == null ? "" : field.getText().trim();
        if (m == null || text.isEmpty()) {
            return -1;
        }
        LongPredicate p = predicate(m, kind.getValue(), text);
        if (p == null) {
            return -1;
        }
        FrameList shown = view.shownRows();
        int n = shown.size();
        int at = view.table().getSelectionModel().getSelectedIndex();
        for (int k = 1; k <= n; k++) {
            int i = Math.floorMod((at < 0 ? (forward ? -1 : 0) : at) + (forward ? k : -k), n);
            long f = shown.frameAt(i);
            if (p.test(f)) {
                view.jumpTo(f);
                result.setText("Found frame " + f);
                return f;
            }
        }
        result.setText("No packet matched");
        return -1;
    }

    private LongPredicate predicate(CaptureModel m, String how, String text) {
        if (FILTER.equals(how)) {
            FrameFilter f = new DisplayFilterCompiler(m).compile(text);
            if (!f.valid()) {
                result.setText(f.error());
                return null;
            }
            return f.predicate();
        }
        if (HEX.equals(how)) {
            byte[] wanted = hex(text);
            if (wanted == null) {
                result.setText("Not a hex value: " + text);
                return null;
            }
            return f -> Octets.indexOf(m.bytes(f), wanted) >= 0;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        byte[] octets = text.getBytes(StandardCharsets.UTF_8);
        return f -> {
            FrameRow r = m.row(f);
            return r != null && r.info() != null && r.info().toLowerCase(Locale.ROOT).contains(lower)
                    || Octets.indexOf(m.bytes(f), octets) >= 0;
        };
    }

    /** "0a 00 01", "0a:00:01", "0x0a0001" as octets; null when it is no whole number of hex octets. */
    static byte[] hex(String text) {
        String h = text.replaceAll("(?i)0x", "").replaceAll("[\\s:.-]", "");
        if (h.isEmpty() || h.length() % 2 != 0 || !h.matches("[0-9a-fA-F]+")) {
            return null;
        }
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
