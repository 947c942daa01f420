package io.rdmascope.spark;

import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.SpillList;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.report.CaptureRow;
import io.rdmascope.report.CaptureSpan;
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
import java.util.HashSet;
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
 * group of its TCP connections. The task reads the file in place when it is on the local file
 * system, or copies it to a local temporary file first (HDFS, S3A and the like).
 *
 * @param capture the file as it is to be named in the tables
 * @param path the file for Hadoop's file systems
 * @param group the connection group, or -1 for the whole file
 * @param connections the TCP connections of the group ({@link ConnectionSplit#key}), or null
 * @param frames whether the rows of the frames table are produced too
 * @param captureRow the capture's row of the captures table, read by the index of
 *     {@code --split-connections}, which the first group gives; null for the whole file, whose
 *     task makes it from the analysis
 */
record CaptureTask(String capture, String path, int group, ArrayList<String> connections,
                   int buffersPerQp, int maxPerOperation, boolean strict, boolean frames, CaptureRow captureRow)
        implements Serializable {

    /** A task of the whole file. */
    static CaptureTask whole(String capture, String path, AnalyzeJob.Options o) {
        return new CaptureTask(capture, path, -1, null, o.buffersPerQp(), o.maxPerOperation(), o.strict(),
                o.frames(), null);
    }

    NicSettings settings() {
        return new NicSettings(buffersPerQp, maxPerOperation, strict);
    }

    /** The local file of a Hadoop path, and whether it is a temporary copy. */
    record Local(Path file, boolean copy) {
        void delete() {
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

    /**
     * The rows of the analysis ({@link AnalyzeJob#UNION}): its connections, transactions,
     * violations, when asked frames (kept from the same pass), and its row of the captures table;
     * or, when the capture cannot be analysed, an error row and a captures row that says so.
     * Produced as they are read from the analysis; the analysis and any temporary copy are
     * deleted after the last row.
     */
    Iterator<Row> rows(Configuration conf) {
        Local local;
        FileAnalysis analysis;
        SpillList<Object[]> frameRows = frames ? FrameSpill.list() : null;
        try {
            local = local(path, conf);
        } catch (IOException | RuntimeException e) {
            if (frameRows != null) {
                frameRows.close();
            }
            return failed(e, null);
        }
        CaptureSpan span = new CaptureSpan();
        Long size = null;
        try {
            size = Files.size(local.file());
            NicSettings settings = settings();
            Analyzer analyzer = connections == null ? new Analyzer(settings)
                    : new Analyzer(settings, ConnectionSplit.source(new HashSet<>(connections), group == 0),
                    Analyzer.EngineFactory.ENGINE);
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
        String prefix = connections == null ? null : "g" + group + ".";
        CaptureRow row = connections == null
                ? CaptureRow.analysed(analysis, size, span, settings(), Main.VERSION)
                : group == 0 ? captureRow : null;
        return new Rows(analysis, frameRows, local, prefix, row);
    }

    /** The error row and the captures row of a capture that could not be analysed. */
    private Iterator<Row> failed(Throwable e, Long size) {
        String message = message(e);
        return List.of(AnalyzeJob.unionRow("errors", capture, new Object[] {message}),
                captures(CaptureRow.failed(size, message, settings(), Main.VERSION))).iterator();
    }

    private Row captures(CaptureRow row) {
        return AnalyzeJob.unionRow(AnalysisTables.CAPTURES.name(), capture,
                SparkTables.values(AnalysisTables.CAPTURES, row, null));
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
        private final String prefix;
        private final Iterator<?>[] parts;
        private int part;
        private boolean closed;

        Rows(FileAnalysis analysis, SpillList<Object[]> frames, Local local, String prefix, CaptureRow captureRow) {
            this.analysis = analysis;
            this.frames = frames;
            this.local = local;
            this.prefix = prefix;
            parts = new Iterator<?>[] {analysis.connections().iterator(), analysis.transactions().iterator(),
                analysis.violations().iterator(),
                frames == null ? Collections.emptyIterator() : frames.iterator(),
                captureRow == null ? Collections.emptyIterator() : List.of(captureRow).iterator()};
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
                local.delete();
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
                case 0 -> row(AnalysisTables.CONNECTIONS, (io.rdmascope.pipeline.ConnectionSummary) record);
                case 1 -> row(AnalysisTables.TRANSACTIONS, (io.rdmascope.engine.Transaction) record);
                case 2 -> row(AnalysisTables.VIOLATIONS, (io.rdmascope.engine.Violation) record);
                case 3 -> AnalyzeJob.unionRow(AnalysisTables.FRAMES.name(), capture,
                        SparkTables.converted(AnalysisTables.FRAMES, (Object[]) record, prefix));
                default -> captures((CaptureRow) record);
            };
        }

        private <T> Row row(AnalysisTables.Table<T> table, T record) {
            return AnalyzeJob.unionRow(table.name(), capture, SparkTables.values(table, record, prefix));
        }
    }
}
