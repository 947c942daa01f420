package io.rdmascope.gui;

/**
 * Starts {@link RdmascopeApp} from the class path. (The {@code java} launcher refuses a main class
 * that extends JavaFX's {@code Application} when JavaFX is not on the module path; this one does
 * not.) The {@code rdmascope} launcher runs it for {@code rdmascope gui [FILE]}.
 */
public final class DesktopMain {
    private DesktopMain() {}

    /** @param args an optional capture file to open */
    public static void main(String[] args) {
        RdmascopeApp.main(args);
    }
}
