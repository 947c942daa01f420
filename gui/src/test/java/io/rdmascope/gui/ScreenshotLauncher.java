package io.rdmascope.gui;

/** Starts {@link ScreenshotMain} from the class path (the launcher refuses Application main classes there). */
public final class ScreenshotLauncher {
    private ScreenshotLauncher() {}

    public static void main(String[] args) {
        javafx.application.Application.launch(ScreenshotMain.class, args);
    }
}
