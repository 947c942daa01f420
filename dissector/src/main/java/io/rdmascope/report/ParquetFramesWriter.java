package io.rdmascope.report;

import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;

/**
 * The {@link AnalysisTables#FRAMES} table of one capture, written row by row as the pipeline
 * goes: {@link FrameRows} builds the rows of {@code dissect --format json}'s records from the
 * listeners given to the analysis ({@link #frames()}, {@link #pdus()}) and hands each one here,
 * so memory stays that of the collector's window whatever the length of the capture.
 */
public final class ParquetFramesWriter implements AutoCloseable {
    private final String capture;
    private final Path file;
    private final SimpleGroupFactory groups;
    private final ParquetWriter<Group> writer;
    private final FrameRows rows;
    private boolean finished;

    /** Opens {@code file} for the rows of {@code capture} (the file as named). */
    public ParquetFramesWriter(Path file, String capture) throws IOException {
        this.capture = capture;
        this.file = file;
        MessageType schema = ParquetTablesWriter.schema(AnalysisTables.FRAMES);
        this.groups = new SimpleGroupFactory(schema);
        this.writer = ParquetTablesWriter.open(schema, file);
        this.rows = new FrameRows(this::write);
    }

    /** The frame listener to give the analysis. */
    public FrameListener frames() {
        return rows.frames();
    }

    /** The PDU listener to give the analysis (after the engine). */
    public PduListener pdus() {
        return rows.pdus();
    }

    private void write(AnalysisTables.FrameRow row) throws IOException {
        writer.write(ParquetTablesWriter.row(AnalysisTables.FRAMES, groups, capture, row));
    }

    /** The capture ended normally: closes the file. */
    public void finish() throws IOException {
        if (!finished) {
            finished = true;
            writer.close();
        }
    }

    /** The file written. */
    public Path file() {
        return file;
    }

    /** Closes the file; when the capture did not end normally, also deletes it. */
    @Override
    public void close() throws IOException {
        if (!finished) {
            finished = true;
            try {
                writer.close();
            } finally {
                Files.deleteIfExists(file);
            }
        }
    }
}
