package io.rdmascope.spark;

import io.rdmascope.capture.Captures;
import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.PduListeners;
import io.rdmascope.pipeline.SpillList;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.CaptureSpan;
import io.rdmascope.report.ConnectionRow;
import io.rdmascope.report.FrameRows;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * What one Spark task analyses: a capture, or with {@code --split-connections} the frames of a
 * group of its connections ({@link CaptureIndex}). The task of a whole capture reads the file in
 * place when it is on the local file system, or copies it to a local temporary file first (HDFS,
 * S3A and the like); the task of a group reads only the byte ranges of its frames, from any file
 * system.
 *
 * @param capture the file as it is to be named in the tables
 * @param path the file for Hadoop's file systems
 * @param split the group's ranges and frames, or null for the whole file
 * @param frames whether the rows of the frames table are produced too
 * @param captureRow the capture's row of the captures table: for a group, the index's, which the
 *     first group gives; for the whole file, null (made from the analysis) or a row that says why
 *     the capture is not split, whose {@code groups} and {@code whole} the analysis's row takes
 * @param parts with {@code --stitch}, the files read one after the other as the capture (the
 *     first is {@code path}); else null
 */
record CaptureTask(String capture, String path, CaptureIndex.Group split,
                   int buffersPerQp, int maxPerOperation, boolean strict, boolean frames, CaptureRow captureRow,
                   ArrayList<String> parts)
        implements Serializable {

    /** A task of the whole file. */
    static CaptureTask whole(String capture, String path, AnalyzeJob.Options o) {
        return whole(capture, path, o, null);
    }

    /** A task of the whole file, whose captures row says why it is not split ({@code note}'s groups and whole). */
    static CaptureTask whole(String capture, String path, AnalyzeJob.Options o, CaptureRow note) {
        return new CaptureTask(capture, path, null, o.buffersPerQp(), o.maxPerOperation(), o.strict(),
                o.frames(), note, null);
    }

    /** A task of files read one after the other as one capture ({@code --stitch}). */
    static CaptureTask stitched(String capture, List<String> parts, AnalyzeJob.Options o, CaptureRow note) {
        return new CaptureTask(capture, parts.get(0), null, o.buffersPerQp(), o.maxPerOperation(), o.strict(),
                o.frames(), note, new ArrayList<>(parts));
    }

    /** The task of one group of a split capture. */
    static CaptureTask group(String capture, String path, AnalyzeJob.Options o, CaptureIndex.Group g,
                             CaptureRow row) {
        return new CaptureTask(capture, path, g, o.buffersPerQp(), o.maxPerOperation(), o.strict(), o.frames(),
                g.group() == 0 ? row : null, null);
    }

    NicSettings settings() {
        return new NicSettings(buffersPerQp, maxPerOperation, strict);
    }

    /**
     * The local file of a Hadoop path, and whether it is a temporary copy; or for a stitched
     * capture the name that stands for its parts' local files ({@link Captures#stitch}).
     */
    record Local(Path file, boolean copy, List<Local> parts) {
        Local(Path file, boolean copy) {
            this(file, copy, List.of());
        }

        /** The size of the file, or of all the parts. */
        long size() throws IOException {
            if (parts.isEmpty()) {
                return Files.size(file);
            }
            long total = 0;
            for (Local p : parts) {
                total += p.size();
            }
            return total;
        }

        void delete() {
            if (!parts.isEmpty()) {
                Captures.unstitch(file);
            }
            parts.forEach(Local::delete);
            if (copy) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // a temporary file left behind is not worth failing the task for
                }
            }
        }
    }

    /** The capture as a local file, copied from its file system when that is not the local one. */
    static Local local(String path, Configuration conf) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        FileSystem fs = p.getFileSystem(conf);
        if (fs instanceof LocalFileSystem || "file".equals(fs.getUri().getScheme())) {
            return new Local(Paths.get(fs.makeQualified(p).toUri()), false);
        }
        Path tmp = Files.createTempFile("rdmascope-", "-" + p.getName());
        try (InputStream in = fs.open(p)) {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        return new Local(tmp, true);
    }

    /** The parts of a stitched capture as local files, under a name of their own that stands for them all. */
    static Local stitched(List<String> parts, Configuration conf) throws IOException {
        List<Local> locals = new ArrayList<>();
        try {
            for (String p : parts) {
                locals.add(local(p, conf));
            }
        } catch (IOException | RuntimeException e) {
            locals.forEach(Local::delete);
            throw e;
        }
        List<Path> files = new ArrayList<>();
        locals.forEach(l -> files.add(l.file()));
        Path name = Paths.get("stitched-" + java.util.UUID.randomUUID());
        Captures.stitch(name, files);
        return new Local(name, false, locals);
    }

    /**
     * The rows of the analysis ({@link AnalyzeJob#UNION}): its connections, transactions,
     * violations, when asked frames (kept from the same pass), and its row of the captures table;
     * or, when the capture cannot be analysed, an error row and a captures row that says so.
     * Produced as they are read from the analysis; the analysis and any temporary copy are
     * deleted after the last row.
     */
    Iterator<Row> rows(Configuration conf) {
        if (split != null) {
            return groupRows(conf);
        }
        Local local;
        FileAnalysis analysis;
        SpillList<Object[]> frameRows = frames ? FrameSpill.list() : null;
        try {
            local = parts == null ? local(path, conf) : stitched(parts, conf);
        } catch (IOException | RuntimeException e) {
            if (frameRows != null) {
                frameRows.close();
            }
            return failed(e, null);
        }
        CaptureSpan span = new CaptureSpan();
        Long size = null;
        try {
            size = local.size();
            NicSettings settings = settings();
            Analyzer analyzer = new Analyzer(settings);
            FrameRows rows = frames ? new FrameRows(FrameSpill.sink(frameRows)) : null;
            analysis = analyzer.analyze(local.file(), capture, span.and(rows == null ? null : rows.frames()),
                    rows == null ? null : rows.pdus(), null, null);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            local.delete();
            if (frameRows != null) {
                frameRows.close();
            }
            return failed(e, size);
        }
        CaptureRow row = CaptureRow.analysed(analysis, size, span, settings(), Main.VERSION);
        if (captureRow != null) {
            row = row.split(captureRow.groups(), captureRow.whole());
        }
        return new Rows(analysis, frameRows, local, row, null);
    }

    /**
     * The rows of one group: the analysis of its frames only, read from the file's byte ranges
     * with their frame numbers in the file, the end of the capture told at the file's last frame;
     * the ids are the group's own, renumbered by the job after every group is done
     * ({@link Renumbering}), from the {@link Renumbering.Keys} this task gives as its last row.
     */
    private Iterator<Row> groupRows(Configuration conf) {
        SpillList<Object[]> frameRows = frames ? FrameSpill.list() : null;
        FileAnalysis analysis;
        GroupRun run = new GroupRun(split);
        try {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
            FileSystem fs = p.getFileSystem(conf);
            Analyzer analyzer = new Analyzer(settings(), run.source(fs, p), run.engines());
            FrameRows rows = frames ? new FrameRows(run.frames(FrameSpill.sink(frameRows))) : null;
            analysis = analyzer.analyze(Paths.get(capture), capture, rows == null ? null : rows.frames(),
                    rows == null ? run.keys() : PduListeners.tee(run.keys(), rows.pdus()), null, null);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            if (frameRows != null) {
                frameRows.close();
            }
            return failed(e, null);
        }
        Renumbering.Keys keys = run.result(capture);
        return new Rows(analysis, frameRows, new Local(null, false), captureRow, keys);
    }

    /** The name of a table in the rows of this task: {@code GROUP/TABLE} for a group ({@link AnalyzeJob#renumbered}). */
    private String table(String name) {
        return split == null ? name : split.group() + "/" + name;
    }

    /** The error row and the captures row of a capture that could not be analysed. */
    private Iterator<Row> failed(Throwable e, Long size) {
        String message = message(e);
        return List.of(AnalyzeJob.unionRow("errors", capture, new Object[] {message}),
                captures(CaptureRow.failed(size, message, settings(), Main.VERSION))).iterator();
    }

    private Row captures(CaptureRow row) {
        return AnalyzeJob.unionRow(AnalysisTables.CAPTURES.name(), capture,
                SparkTables.values(AnalysisTables.CAPTURES, row));
    }

    private static String message(Throwable e) {
        String message = e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage();
        return message == null || message.isBlank() ? e.toString() : message;
    }

    /** The rows of one analysis, table after table. */
    private final class Rows implements Iterator<Row> {
        private final FileAnalysis analysis;
        private final SpillList<Object[]> frames;
        private final Local local;
        private final Iterator<?>[] parts;
        private int part;
        private boolean closed;

        Rows(FileAnalysis analysis, SpillList<Object[]> frames, Local local, CaptureRow captureRow,
             Renumbering.Keys keys) {
            this.analysis = analysis;
            this.frames = frames;
            this.local = local;
            parts = new Iterator<?>[] {ConnectionRow.of(analysis).iterator(), analysis.transactions().iterator(),
                analysis.violations().iterator(),
                frames == null ? Collections.emptyIterator() : frames.iterator(),
                captureRow == null ? Collections.emptyIterator() : List.of(captureRow).iterator(),
                keys == null ? Collections.emptyIterator() : List.of(keys).iterator()};
        }

        @Override
        public boolean hasNext() {
            while (part < parts.length && !parts[part].hasNext()) {
                part++;
            }
            if (part == parts.length && !closed) {
                closed = true;
                analysis.close();
                if (frames != null) {
                    frames.close();
                }
                if (local.file() != null) {
                    local.delete();
                }
            }
            return part < parts.length;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Object record = parts[part].next();
            return switch (part) {
                case 0 -> row(AnalysisTables.CONNECTIONS, (ConnectionRow) record);
                case 1 -> row(AnalysisTables.TRANSACTIONS, (io.rdmascope.engine.Transaction) record);
                case 2 -> row(AnalysisTables.VIOLATIONS, (io.rdmascope.engine.Violation) record);
                case 3 -> AnalyzeJob.unionRow(table(AnalysisTables.FRAMES.name()), capture,
                        SparkTables.converted(AnalysisTables.FRAMES, (Object[]) record));
                case 4 -> captures((CaptureRow) record);
                default -> RowFactory.create(AnalyzeJob.KEYS, capture, record);
            };
        }

        private <T> Row row(AnalysisTables.Table<T> table, T record) {
            return AnalyzeJob.unionRow(table(table.name()), capture, SparkTables.values(table, record));
        }
    }
}
