package io.rdmascope.cli;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.CaptureSpan;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.report.ParquetFramesWriter;
import io.rdmascope.report.ParquetTablesWriter;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of {@code analyze --format parquet}: where the tables go, and whether the frames
 * table is written. The Parquet classes are loaded only when {@link #write} or {@link #frames}
 * runs, so the other formats do not pay for them.
 *
 * <p>The frames table is written during the analysis, each capture to a hidden file of its own
 * ({@code DIR/frames/.input-N.parquet}, which Parquet readers skip), renamed to its part file
 * with the other tables.
 */
final class ParquetOutput {
    @Option(names = "--output", paramLabel = "DIR",
            description = "with --format parquet: the folder of the tables (DIR/connections, DIR/transactions, "
                    + "DIR/violations, DIR/captures), created when missing")
    Path output;

    @Option(names = "--parquet-frames",
            description = "with --format parquet: also DIR/frames, one row per frame as dissect --format json "
                    + "lists them")
    boolean frames;

    /** The frames file of each analysis written so far, until it is renamed or deleted. */
    private final Map<FileAnalysis, Path> frameFiles = Collections.synchronizedMap(new IdentityHashMap<>());

    /** The time span and file size of each analysis, for the captures table. */
    private final Map<FileAnalysis, Read> reads = Collections.synchronizedMap(new IdentityHashMap<>());

    private record Read(CaptureSpan span, Long size) {}

    /** Why the options do not fit the format, or null. */
    String check(Format format) {
        if (format == Format.parquet && output == null) {
            return "--format parquet needs --output DIR";
        }
        if (format != Format.parquet && output != null) {
            return "--output is for --format parquet";
        }
        if (format != Format.parquet && frames) {
            return "--parquet-frames is for --format parquet";
        }
        return null;
    }

    /**
     * The writer of the frames table of the {@code index}th input, or null without
     * {@code --parquet-frames}; give its listeners to the analysis, then {@link #framesDone}.
     */
    ParquetFramesWriter frames(int index, String capture) throws IOException {
        if (!frames || output == null) {
            return null;
        }
        Path dir = output.resolve(AnalysisTables.FRAMES.name());
        Files.createDirectories(dir);
        return new ParquetFramesWriter(dir.resolve(".input-" + index + ".parquet"), capture);
    }

    /** A span to give the analysis (with {@link CaptureSpan#and}), or null when no tables are written. */
    CaptureSpan span() {
        return output == null ? null : new CaptureSpan();
    }

    /** {@code analysis} was made with {@code span} from a file of {@code size} bytes (null if unknown). */
    void analysed(FileAnalysis analysis, CaptureSpan span, Long size) {
        reads.put(analysis, new Read(span, size));
    }

    /** The frames of {@code analysis} were written to {@code file}. */
    void framesDone(FileAnalysis analysis, Path file) {
        frameFiles.put(analysis, file);
    }

    /**
     * Writes the tables of the analyses, and the captures table of them and of the inputs that
     * could not be analysed ({@code failures}: name and reason, in order).
     */
    void write(List<FileAnalysis> files, List<Map.Entry<String, String>> failures, NicSettings settings)
            throws IOException {
        try {
            if (frames) {
                Path dir = output.resolve(AnalysisTables.FRAMES.name());
                Files.createDirectories(dir);
                try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, "part-*.parquet")) {
                    for (Path p : parts) {
                        Files.delete(p);
                    }
                }
                boolean any = false;
                for (int i = 0; i < files.size(); i++) {
                    Path written = frameFiles.remove(files.get(i));
                    if (written != null) {
                        Files.move(written, dir.resolve(String.format("part-%05d.parquet", i)));
                        any = true;
                    }
                }
                if (!any) {
                    ParquetTablesWriter.writeEmpty(AnalysisTables.FRAMES, output);
                }
            }
            ParquetTablesWriter.write(files, output);
            List<Map.Entry<String, CaptureRow>> captures = new ArrayList<>();
            for (FileAnalysis f : files) {
                Read r = reads.getOrDefault(f, new Read(new CaptureSpan(), null));
                captures.add(Map.entry(f.path(), CaptureRow.analysed(f, r.size(), r.span(), settings, Main.VERSION)));
            }
            for (Map.Entry<String, String> failed : failures) {
                captures.add(Map.entry(failed.getKey(),
                        CaptureRow.failed(size(failed.getKey()), failed.getValue(), settings, Main.VERSION)));
            }
            ParquetTablesWriter.writeCaptures(captures, output);
        } finally {
            reads.clear();
            for (Path p : frameFiles.values()) {
                Files.deleteIfExists(p);
            }
            frameFiles.clear();
        }
    }

    /** The length of the file of that name, or null when there is no such file. */
    private static Long size(String name) {
        try {
            return Files.size(Path.of(name));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
