package io.rdmascope.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import io.rdmascope.report.ZstdPages;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/** Reads the rows of Parquet files with parquet's own example records, without Hadoop. */
final class ParquetRows {
    private ParquetRows() {}

    /** Every row of {@code file}, appended to {@code rows}. */
    static List<Group> read(Path file, List<Group> rows) throws IOException {
        try (ParquetReader<Group> r = new GroupReader(new LocalInputFile(file)).withCodecFactory(new ZstdPages()).build()) {
            for (Group g = r.read(); g != null; g = r.read()) {
                rows.add(g);
            }
        }
        return rows;
    }

    /** Every row of {@code file}. */
    static List<Group> read(Path file) throws IOException {
        return read(file, new ArrayList<>());
    }

    private static final class GroupReader extends ParquetReader.Builder<Group> {
        GroupReader(InputFile file) {
            super(file, new PlainParquetConfiguration());
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }
}
