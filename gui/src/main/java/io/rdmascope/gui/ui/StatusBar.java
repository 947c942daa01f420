package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/**
 * The status bar: Wireshark's expert indicator (a dot coloured by the most severe violation of
 * the capture; clicking it opens the violations), the counts or what is going on, and the progress
 * of loading or filtering with a Cancel button.
 */
final class StatusBar extends HBox {
    private final Label status = new Label("Ready");
    private final Circle dot = new Circle(6, Color.LIGHTGRAY);
    private final Label expert = new Label("", dot);
    private final ProgressBar progress = new ProgressBar(0);
    private final Button cancel = new Button("Cancel");
    private Severity highest;

    StatusBar(Runnable cancelAction, Runnable openViolations) {
        status.setId("status");
        expert.setId("expertIndicator");
        expert.setCursor(Cursor.HAND);
        expert.setTooltip(new Tooltip("No expert information"));
        expert.setOnMouseClicked(e -> openViolations.run());
        progress.setId("progress");
        cancel.setId("cancelButton");
        progress.setPrefWidth(220);
        progress.setVisible(false);
        cancel.setVisible(false);
        cancel.setOnAction(e -> cancelAction.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getChildren().addAll(expert, status, spacer, progress, cancel);
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
    }

    Label status() {
        return status;
    }

    ProgressBar progress() {
        return progress;
    }

    Button cancel() {
        return cancel;
    }

    Label expert() {
        return expert;
    }

    /** The most severe violation shown by the indicator, or null. */
    Severity highest() {
        return highest;
    }

    /** Shows the most severe of {@code violations} (none: grey). */
    void expert(List<Violation> violations) {
        Severity top = null;
        for (Violation v : violations) {
            if (top == null || v.severity().ordinal() > top.ordinal()) {
                top = v.severity();
            }
        }
        highest = top;
        dot.setFill(colour(top));
        expert.getTooltip().setText(top == null ? "No expert information"
                : "Expert information: highest severity " + ExpertItems.severityName(top) + " ("
                        + StatusText.count(violations.size(), "item") + "); click to open the violations");
    }

    static Color colour(Severity s) {
        if (s == null) {
            return Color.LIGHTGRAY;
        }
        switch (s) {
            case ERROR: return Color.web("#e0301e");
            case WARNING: return Color.web("#f2c200");
            default: return Color.web("#5aa0e6");
        }
    }

    /** Shows a task's progress and the Cancel button. */
    void showProgress(javafx.concurrent.Worker<?> task) {
        progress.progressProperty().bind(task.progressProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
    }

    void endProgress() {
        progress.progressProperty().unbind();
        progress.setVisible(false);
        cancel.setVisible(false);
    }
}
