package io.rdmascope.cli;

import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.ParquetTablesWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code analyze --format parquet}: where the tables go. The Parquet classes are
 * loaded only when {@link #write} runs, so the other formats do not pay for them.
 */
final class ParquetOutput {
    @Option(names = "--output", paramLabel = "DIR",
            description = "with --format parquet: the folder of the tables (DIR/connections, DIR/transactions, "
                    + "DIR/violations), created when missing")
    Path output;

    /** Why the options do not fit the format, or null. */
    String check(Format format) {
        if (format == Format.parquet && output == null) {
            return "--format parquet needs --output DIR";
        }
        if (format != Format.parquet && output != null) {
            return "--output is for --format parquet";
        }
        return null;
    }

    void write(List<FileAnalysis> files) throws IOException {
        ParquetTablesWriter.write(files, output);
    }
}
