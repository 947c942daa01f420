package io.rdmascope.gui.prefs;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * The desktop's {@value #FILE_NAME} in a {@link ConfigFolder}. Reading never fails: a missing,
 * unreadable or malformed file gives the defaults (the problem is logged), so the window always
 * opens. Writing goes to a temporary file in the same folder, then moves it in place atomically,
 * so that a crash mid-write leaves the previous file whole.
 */
public final class PreferencesFile {
    /** The file's name in its folder. */
    public static final String FILE_NAME = "preferences.json";
    /** The {@link Preferences} node where earlier versions kept the recent files and filters. */
    public static final String LEGACY_NODE = "io/rdmascope/gui";

    private static final Logger LOG = Logger.getLogger(PreferencesFile.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path folder;
    private final String legacyNode;

    /**
     * @param folder where the file is (created on the first write)
     * @param legacyNode the user {@link Preferences} node to take the lists from while the file does
     *     not exist yet, or null for none
     */
    public PreferencesFile(Path folder, String legacyNode) {
        this.folder = folder;
        this.legacyNode = legacyNode;
    }

    /** The file in {@code folder}, without earlier versions' preferences. */
    public PreferencesFile(Path folder) {
        this(folder, null);
    }

    /** The user's file: in {@link ConfigFolder#resolve()}, starting from earlier versions' lists. */
    public static PreferencesFile standard() {
        return new PreferencesFile(ConfigFolder.resolve(), LEGACY_NODE);
    }

    /** The file's path. */
    public Path path() {
        return folder.resolve(FILE_NAME);
    }

    /** The preferences kept, or the defaults when there are none or they cannot be read. */
    public StoredPreferences load() {
        Path file = path();
        try {
            StoredPreferences read = JSON.readValue(Files.readAllBytes(file), StoredPreferences.class);
            if (read == null) {
                throw new IOException("the file holds no preferences");
            }
            return read.sanitized();
        } catch (NoSuchFileException e) {
            return fromLegacy();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Cannot read the preferences in " + file + "; using the defaults", e);
            return new StoredPreferences();
        }
    }

    /** Writes {@code preferences}; a failure is logged, and the previous file stays. */
    public void save(StoredPreferences preferences) {
        Path file = path();
        Path temp = null;
        try {
            Files.createDirectories(folder);
            temp = Files.createTempFile(folder, FILE_NAME, ".tmp");
            JSON.writeValue(temp.toFile(), preferences);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Cannot write the preferences to " + file, e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // a stray temporary file is harmless
                }
            }
        }
    }

    /**
     * The defaults with the recent files and filters that earlier versions kept in the user's
     * {@link Preferences}, when there are any.
     */
    private StoredPreferences fromLegacy() {
        StoredPreferences p = new StoredPreferences();
        if (legacyNode == null) {
            return p;
        }
        try {
            if (!Preferences.userRoot().nodeExists(legacyNode)) {
                return p;
            }
            Preferences node = Preferences.userRoot().node(legacyNode);
            p.recentFiles = lines(node.get("recent", ""));
            p.filterHistory = lines(node.get("filterHistory", ""));
            p.savedFilters = lines(node.get("savedFilters", ""));
            LOG.info(() -> "Took the recent files and filters of " + legacyNode + " into " + path());
        } catch (BackingStoreException | RuntimeException e) {
            LOG.log(Level.WARNING, "Cannot read the earlier preferences of " + legacyNode, e);
        }
        return p.sanitized();
    }

    private static List<String> lines(String joined) {
        List<String> out = new ArrayList<>();
        for (String s : joined.split("\n")) {
            if (!s.isBlank()) {
                out.add(s);
            }
        }
        return out;
    }
}
