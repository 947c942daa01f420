package io.rdmascope.robust;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.PcapRecords;
import java.nio.file.Files;
import java.nio.file.Path;

/** A capture analysed whole and cut to the snapshot lengths of headers-only captures (96 and 128 octets). */
final class HeadersOnly {
    private HeadersOnly() {}

    static final int[] SNAP_LENGTHS = {96, 128};

    /** What a test checks of the analysis of the capture cut to {@code snap} octets against the whole one's. */
    interface Check {
        void check(String what, int snap, FileAnalysis full, FileAnalysis cut) throws Exception;
    }

    /** Cuts {@code capture} into {@code dir} at each snapshot length and checks each analysis against the whole one's. */
    static void compare(Path capture, Path dir, Check check) throws Exception {
        byte[] whole = Files.readAllBytes(capture);
        try (FileAnalysis full = analyze(capture)) {
            for (int snap : SNAP_LENGTHS) {
                Path cut = dir.resolve(snap + "-" + capture.getFileName());
                Files.write(cut, PcapRecords.snap(whole, snap));
                try (FileAnalysis a = analyze(cut)) {
                    check.check(capture.getFileName() + " cut at " + snap, snap, full, a);
                }
            }
        }
    }

    static FileAnalysis analyze(Path file) throws java.io.IOException {
        return new Analyzer(NicSettings.DEFAULTS).analyze(file, file.getFileName().toString());
    }
}
