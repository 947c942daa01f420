package io.rdmascope.gui.prefs;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code preferences.json} holds: the desktop's choices and the lists it remembers. Every
 * field has a default, so that a file written by an older or newer version (fields missing or
 * unknown) still reads; a value out of range is corrected by {@link #sanitized()}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class StoredPreferences {
    /** The font size of the packet list, detail tree and bytes when nothing was chosen. */
    public static final double DEFAULT_FONT_SIZE = 12;
    public static final double MIN_FONT_SIZE = 8;
    public static final double MAX_FONT_SIZE = 28;
    /** How many recent files File &gt; Recent Files lists when nothing was chosen. */
    public static final int DEFAULT_RECENT_MAX = 8;
    public static final int MAX_RECENT_MAX = 50;

    /** A column of the packet list, by its header text, and whether it is shown. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Column {
        public String name;
        public boolean visible = true;

        public Column() {}

        public Column(String name, boolean visible) {
            this.name = name;
            this.visible = visible;
        }
    }

    /** The packet list's columns in their order; empty: the built-in order, all shown. */
    public List<Column> columns = new ArrayList<>();
    public boolean packetListShown = true;
    public boolean packetDetailsShown = true;
    public boolean packetBytesShown = true;
    /** The details beside the bytes (true) or above them. */
    public boolean detailsBesideBytes = true;
    /** The name of a {@code TimeFormat} constant. */
    public String timeFormat = "SINCE_START";
    /** The font family of the packet list, detail tree and bytes; empty: each view's own default. */
    public String fontFamily = "";
    public double fontSize = DEFAULT_FONT_SIZE;
    public int recentFilesMax = DEFAULT_RECENT_MAX;
    /** File &gt; Recent Files, most recent first. */
    public List<String> recentFiles = new ArrayList<>();
    /** The display filters applied last, most recent first. */
    public List<String> filterHistory = new ArrayList<>();
    /** The filters of the filter bar's saved buttons. */
    public List<String> savedFilters = new ArrayList<>();

    /** A copy where null lists and fields, and sizes out of range, are replaced by defaults. */
    public StoredPreferences sanitized() {
        StoredPreferences p = new StoredPreferences();
        if (columns != null) {
            for (Column c : columns) {
                if (c != null && c.name != null && !c.name.isBlank()) {
                    p.columns.add(new Column(c.name, c.visible));
                }
            }
        }
        p.packetListShown = packetListShown;
        p.packetDetailsShown = packetDetailsShown;
        p.packetBytesShown = packetBytesShown;
        p.detailsBesideBytes = detailsBesideBytes;
        p.timeFormat = timeFormat == null ? p.timeFormat : timeFormat;
        p.fontFamily = fontFamily == null ? "" : fontFamily;
        p.fontSize = Double.isFinite(fontSize)
                ? Math.max(MIN_FONT_SIZE, Math.min(MAX_FONT_SIZE, fontSize)) : DEFAULT_FONT_SIZE;
        p.recentFilesMax = Math.max(0, Math.min(MAX_RECENT_MAX, recentFilesMax));
        p.recentFiles = strings(recentFiles);
        p.filterHistory = strings(filterHistory);
        p.savedFilters = strings(savedFilters);
        return p;
    }

    private static List<String> strings(List<String> in) {
        List<String> out = new ArrayList<>();
        if (in != null) {
            for (String s : in) {
                if (s != null && !s.isBlank()) {
                    out.add(s);
                }
            }
        }
        return out;
    }
}
