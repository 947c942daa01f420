package io.rdmascope.gui.ui;

import java.util.Optional;
import java.util.function.LongConsumer;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/** Go > Go to Packet: a small dialog asking for a frame number, as Wireshark's Ctrl+G. */
final class GoToPacket {
    private static TextInputDialog shown;

    private GoToPacket() {}

    /** Asks for a frame number from 1 to {@code frames} and hands a valid one to {@code go}. */
    static void ask(Window owner, int frames, LongConsumer go) {
        TextInputDialog d = new TextInputDialog();
        d.setTitle("Go to Packet");
        d.setHeaderText(null);
        d.setContentText("Packet number (1 to " + frames + "):");
        d.getEditor().setId("goToPacketField");
        if (owner != null) {
            d.initOwner(owner);
        }
        javafx.scene.Node ok = d.getDialogPane().lookupButton(javafx.scene.control.ButtonType.OK);
        ok.setDisable(true);
        d.getEditor().textProperty().addListener((o, a, text) -> ok.setDisable(number(text, frames) < 0));
        shown = d;
        Optional<String> answer = d.showAndWait();
        shown = null;
        answer.map(t -> number(t, frames)).filter(f -> f > 0).ifPresent(go::accept);
    }

    /** The frame number typed, or -1 when it is not one from 1 to {@code frames}. */
    static long number(String text, int frames) {
        try {
            long f = Long.parseLong(text.trim());
            return f >= 1 && f <= frames ? f : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The dialog while it is shown, else null. */
    static TextInputDialog shown() {
        return shown;
    }
}
