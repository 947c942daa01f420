package io.rdmascope.gui.prefs;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where the desktop keeps its preferences: the folder named by the system property
 * {@value #PROPERTY} when it is set (so that a run, or a test, can keep its own), else
 * {@code $XDG_CONFIG_HOME/rdmascope}, {@code %APPDATA%\rdmascope} on Windows, and
 * {@code ~/.config/rdmascope} otherwise.
 */
public final class ConfigFolder {
    /** The system property that names the folder, overriding the environment. */
    public static final String PROPERTY = "rdmascope.config.dir";

    private ConfigFolder() {}

    /** The folder for this process's system properties and environment. */
    public static Path resolve() {
        return resolve(System.getProperties(), System.getenv());
    }

    /**
     * The folder for the given system properties and environment variables.
     *
     * @param properties read for {@value #PROPERTY}, {@code os.name} and {@code user.home}
     * @param environment read for {@code XDG_CONFIG_HOME} and {@code APPDATA}
     */
    public static Path resolve(Properties properties, Map<String, String> environment) {
        String named = properties.getProperty(PROPERTY);
        if (isSet(named)) {
            return Path.of(named);
        }
        String xdg = environment.get("XDG_CONFIG_HOME");
        if (isSet(xdg)) {
            return Path.of(xdg, "rdmascope");
        }
        String os = properties.getProperty("os.name", "");
        String appData = environment.get("APPDATA");
        if (os.startsWith("Windows") && isSet(appData)) {
            return Path.of(appData, "rdmascope");
        }
        return Path.of(properties.getProperty("user.home", "."), ".config", "rdmascope");
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
