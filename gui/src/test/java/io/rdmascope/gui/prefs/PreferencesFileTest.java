package io.rdmascope.gui.prefs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where preferences.json is, and that reading it never fails and writing it never leaves half a file. */
class PreferencesFileTest {
    @TempDir
    Path folder;

    private static Properties properties(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("user.home", "/home/u");
        p.setProperty("os.name", "Linux");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void theFolderIsTheSystemPropertyThenXdgThenAppDataThenDotConfig() {
        assertThat(ConfigFolder.resolve(properties(ConfigFolder.PROPERTY, "/tmp/mine"),
                Map.of("XDG_CONFIG_HOME", "/xdg"))).isEqualTo(Path.of("/tmp/mine"));
        assertThat(ConfigFolder.resolve(properties(), Map.of("XDG_CONFIG_HOME", "/xdg")))
                .isEqualTo(Path.of("/xdg", "rdmascope"));
        assertThat(ConfigFolder.resolve(properties(), Map.of())).isEqualTo(Path.of("/home/u", ".config", "rdmascope"));
        assertThat(ConfigFolder.resolve(properties(), Map.of("XDG_CONFIG_HOME", " ")))
                .isEqualTo(Path.of("/home/u", ".config", "rdmascope"));
        assertThat(ConfigFolder.resolve(properties("os.name", "Windows 11"), Map.of("APPDATA", "/appdata")))
                .isEqualTo(Path.of("/appdata", "rdmascope"));
    }

    @Test
    void whatIsWrittenReadsBackAndNoTemporaryFileStays() throws Exception {
        PreferencesFile file = new PreferencesFile(folder.resolve("sub"));
        StoredPreferences p = new StoredPreferences();
        p.timeFormat = "UTC";
        p.fontFamily = "DejaVu Sans Mono";
        p.fontSize = 15;
        p.detailsBesideBytes = false;
        p.packetBytesShown = false;
        p.recentFilesMax = 3;
        p.columns = List.of(new StoredPreferences.Column("Info", true), new StoredPreferences.Column("No.", false));
        p.recentFiles = List.of("/a.pcap");
        p.filterHistory = List.of("violation");
        p.savedFilters = List.of("rdma");
        file.save(p);
        file.save(p);

        StoredPreferences read = new PreferencesFile(folder.resolve("sub")).load();
        assertThat(read.timeFormat).isEqualTo("UTC");
        assertThat(read.fontFamily).isEqualTo("DejaVu Sans Mono");
        assertThat(read.fontSize).isEqualTo(15);
        assertThat(read.detailsBesideBytes).isFalse();
        assertThat(read.packetBytesShown).isFalse();
        assertThat(read.recentFilesMax).isEqualTo(3);
        assertThat(read.columns).extracting(c -> c.name + "=" + c.visible).containsExactly("Info=true", "No.=false");
        assertThat(read.recentFiles).containsExactly("/a.pcap");
        assertThat(read.filterHistory).containsExactly("violation");
        assertThat(read.savedFilters).containsExactly("rdma");
        try (var files = Files.list(folder.resolve("sub"))) {
            assertThat(files).extracting(f -> f.getFileName().toString()).containsExactly(PreferencesFile.FILE_NAME);
        }
    }

    @Test
    void aMissingGarbageOrWronglyTypedFileGivesTheDefaults() throws Exception {
        PreferencesFile file = new PreferencesFile(folder);
        assertDefaults(file.load());
        for (String garbage : List.of("{not json", "", "null", "[1, 2]", "{\"fontSize\": \"big\"}",
                "\u0000\u0001\u00ff")) {
            Files.writeString(folder.resolve(PreferencesFile.FILE_NAME), garbage, StandardCharsets.UTF_8);
            assertDefaults(file.load());
        }
        // a folder where the file should be cannot be read either
        Path other = folder.resolve("other");
        Files.createDirectories(other.resolve(PreferencesFile.FILE_NAME));
        assertDefaults(new PreferencesFile(other).load());
    }

    @Test
    void unknownFieldsAreIgnoredAndValuesOutOfRangeCorrected() throws Exception {
        Files.writeString(folder.resolve(PreferencesFile.FILE_NAME),
                "{\"fontSize\": 400, \"recentFilesMax\": -2, \"someday\": true, \"recentFiles\": [\"/x\", null, \" \"]}");
        StoredPreferences read = new PreferencesFile(folder).load();
        assertThat(read.fontSize).isEqualTo(StoredPreferences.MAX_FONT_SIZE);
        assertThat(read.recentFilesMax).isZero();
        assertThat(read.recentFiles).containsExactly("/x");
    }

    @Test
    void aFailedWriteKeepsThePreviousFile() throws Exception {
        PreferencesFile file = new PreferencesFile(folder.resolve("plain-file"));
        Files.writeString(folder.resolve("plain-file"), "not a folder");
        file.save(new StoredPreferences());
        assertThat(Files.readString(folder.resolve("plain-file"))).isEqualTo("not a folder");
    }

    @Test
    void withoutAFileTheListsOfEarlierVersionsAreTakenOnce() throws Exception {
        // only where the build keeps Java's user preferences away from the real home
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("java.util.prefs.userRoot") != null);
        String node = "io/rdmascope/gui-legacy-test";
        java.util.prefs.Preferences legacy = java.util.prefs.Preferences.userRoot().node(node);
        try {
            legacy.put("recent", "/a.pcap\n/b.pcap");
            legacy.put("filterHistory", "violation\n\nrdma");
            legacy.put("savedFilters", "tcp");
            PreferencesFile file = new PreferencesFile(folder, node);
            StoredPreferences first = file.load();
            assertThat(first.recentFiles).containsExactly("/a.pcap", "/b.pcap");
            assertThat(first.filterHistory).containsExactly("violation", "rdma");
            assertThat(first.savedFilters).containsExactly("tcp");
            first.recentFiles = List.of();
            file.save(first);
            // once the file exists, it alone counts
            assertThat(file.load().recentFiles).isEmpty();
        } finally {
            legacy.removeNode();
        }
        assertDefaults(new PreferencesFile(folder.resolve("none"), "io/rdmascope/no-such-node").load());
    }

    private static void assertDefaults(StoredPreferences p) {
        StoredPreferences d = new StoredPreferences();
        assertThat(p).usingRecursiveComparison().isEqualTo(d);
    }
}
