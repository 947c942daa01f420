package io.rdmascope.gui.ui;

import io.rdmascope.gui.prefs.PreferencesFile;
import io.rdmascope.gui.prefs.StoredPreferences;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The window's preferences while it is open: one property per choice, which the View menu, the
 * column header menu and the Preferences dialog all change and the window follows. Each change is
 * written to the {@link PreferencesFile} at once, so that the next window starts from it.
 */
public final class DesktopSettings {
    /** The panes of View &gt; Packet List, Packet Details and Packet Bytes, in that order. */
    public static final List<String> PANES = List.of("Packet List", "Packet Details", "Packet Bytes");

    private final PreferencesFile file;
    private final ObjectProperty<TimeFormat> timeFormat = new SimpleObjectProperty<>(TimeFormat.SINCE_START);
    private final BooleanProperty packetListShown = new SimpleBooleanProperty(true);
    private final BooleanProperty packetDetailsShown = new SimpleBooleanProperty(true);
    private final BooleanProperty packetBytesShown = new SimpleBooleanProperty(true);
    private final BooleanProperty detailsBesideBytes = new SimpleBooleanProperty(true);
    private final StringProperty fontFamily = new SimpleStringProperty("");
    private final DoubleProperty fontSize = new SimpleDoubleProperty(StoredPreferences.DEFAULT_FONT_SIZE);
    private final IntegerProperty recentFilesMax = new SimpleIntegerProperty(StoredPreferences.DEFAULT_RECENT_MAX);
    private List<StoredPreferences.Column> columns = List.of();
    private List<String> recentFiles = List.of();
    private List<String> filterHistory = List.of();
    private List<String> savedFilters = List.of();
    /** Above zero while several changes are made together: they are written once, at the end. */
    private int batch;
    private boolean unsaved;

    /** The preferences kept in {@code file} (the defaults when it cannot be read). */
    public DesktopSettings(PreferencesFile file) {
        this.file = file;
        StoredPreferences p = file == null ? new StoredPreferences() : file.load();
        timeFormat.set(timeFormat(p.timeFormat));
        packetListShown.set(p.packetListShown);
        packetDetailsShown.set(p.packetDetailsShown);
        packetBytesShown.set(p.packetBytesShown);
        detailsBesideBytes.set(p.detailsBesideBytes);
        fontFamily.set(p.fontFamily);
        fontSize.set(p.fontSize);
        recentFilesMax.set(p.recentFilesMax);
        columns = List.copyOf(p.columns);
        recentFiles = List.copyOf(p.recentFiles);
        filterHistory = List.copyOf(p.filterHistory);
        savedFilters = List.copyOf(p.savedFilters);
        for (javafx.beans.Observable o : List.of(timeFormat, packetListShown, packetDetailsShown, packetBytesShown,
                detailsBesideBytes, fontFamily, fontSize, recentFilesMax)) {
            o.addListener(x -> changed());
        }
    }

    private static TimeFormat timeFormat(String name) {
        for (TimeFormat f : TimeFormat.values()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return TimeFormat.SINCE_START;
    }

    /** Where the preferences are written, or null when they are not. */
    public PreferencesFile file() {
        return file;
    }

    /** View &gt; Time Display Format. */
    public ObjectProperty<TimeFormat> timeFormat() {
        return timeFormat;
    }

    /** Whether one of the {@link #PANES} is shown. */
    public BooleanProperty paneShown(String pane) {
        switch (PANES.indexOf(pane)) {
            case 0: return packetListShown;
            case 1: return packetDetailsShown;
            case 2: return packetBytesShown;
            default: throw new IllegalArgumentException("no pane " + pane);
        }
    }

    /** View &gt; Layout: the details beside the bytes (true) or above them. */
    public BooleanProperty detailsBesideBytes() {
        return detailsBesideBytes;
    }

    /** The font family of the packet list, detail tree and bytes; empty for each one's default. */
    public StringProperty fontFamily() {
        return fontFamily;
    }

    /** The font size of the packet list, detail tree and bytes (View &gt; Zoom changes it too). */
    public DoubleProperty fontSize() {
        return fontSize;
    }

    /** How many files File &gt; Recent Files keeps. */
    public IntegerProperty recentFilesMax() {
        return recentFilesMax;
    }

    /** The packet list's columns, in order; empty until they were changed once. */
    public List<StoredPreferences.Column> columns() {
        return columns;
    }

    void columns(List<StoredPreferences.Column> now) {
        columns = List.copyOf(now);
        changed();
    }

    /** File &gt; Recent Files, most recent first. */
    public List<String> recentFiles() {
        return recentFiles;
    }

    void recentFiles(List<String> now) {
        recentFiles = List.copyOf(now);
        changed();
    }

    /** The filter bar's recent filters, most recent first. */
    public List<String> filterHistory() {
        return filterHistory;
    }

    void filterHistory(List<String> now) {
        filterHistory = List.copyOf(now);
        changed();
    }

    /** The filters of the filter bar's saved buttons. */
    public List<String> savedFilters() {
        return savedFilters;
    }

    void savedFilters(List<String> now) {
        savedFilters = List.copyOf(now);
        changed();
    }

    /** Makes the changes of {@code changes} and writes the file once, after them. */
    void batch(Runnable changes) {
        batch++;
        try {
            changes.run();
        } finally {
            batch--;
            if (batch == 0 && unsaved) {
                changed();
            }
        }
    }

    private void changed() {
        if (batch > 0) {
            unsaved = true;
            return;
        }
        unsaved = false;
        if (file != null) {
            file.save(snapshot());
        }
    }

    /** The preferences as the file keeps them. */
    public StoredPreferences snapshot() {
        StoredPreferences p = new StoredPreferences();
        p.timeFormat = timeFormat.get().name();
        p.packetListShown = packetListShown.get();
        p.packetDetailsShown = packetDetailsShown.get();
        p.packetBytesShown = packetBytesShown.get();
        p.detailsBesideBytes = detailsBesideBytes.get();
        p.fontFamily = fontFamily.get();
        p.fontSize = fontSize.get();
        p.recentFilesMax = recentFilesMax.get();
        p.columns = new java.util.ArrayList<>(columns);
        p.recentFiles = new java.util.ArrayList<>(recentFiles);
        p.filterHistory = new java.util.ArrayList<>(filterHistory);
        p.savedFilters = new java.util.ArrayList<>(savedFilters);
        return p;
    }
}
