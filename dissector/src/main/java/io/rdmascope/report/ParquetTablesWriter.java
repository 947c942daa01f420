package io.rdmascope.report;

import io.rdmascope.pipeline.FileAnalysis;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * {@code analyze --format parquet}: the {@link AnalysisTables} as Apache Parquet files, one folder
 * per table and one file per capture ({@code DIR/transactions/part-00000.parquet} for the first
 * capture named, and so on), written through parquet's {@link LocalOutputFile} without a Hadoop
 * file system. The schema is the one Spark's writer gives the same tables (the spark module's
 * job), so that both outputs can be read as one table: every column optional, strings as UTF-8
 * {@code BINARY (STRING)}, STags and tagged offsets as plain {@code INT64} holding their 64 bits,
 * times as {@code INT64 (TIMESTAMP(MICROS,true))} beside an {@code INT64} column of nanoseconds,
 * frame and id lists as three-level {@code LIST}s, the upper-layer fields as a {@code MAP} of
 * strings. Files are compressed with zstd.
 */
public final class ParquetTablesWriter {
    private ParquetTablesWriter() {}

    /** The Parquet schema of a table: {@code capture} first, then the table's columns. */
    public static <T> MessageType schema(AnalysisTables.Table<T> table) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        b.addField(Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                .named(AnalysisTables.CAPTURE));
        for (AnalysisTables.Column<T> c : table.columns()) {
            b.addField(type(c.name(), c.type()));
        }
        return b.named(table.name());
    }

    private static Type type(String name, AnalysisTables.Type t) {
        return switch (t) {
            case STRING -> Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(name);
            case INT32 -> Types.optional(PrimitiveTypeName.INT32).named(name);
            case INT64, UINT64 -> Types.optional(PrimitiveTypeName.INT64).named(name);
            case BOOLEAN -> Types.optional(PrimitiveTypeName.BOOLEAN).named(name);
            case TIMESTAMP_NANOS -> Types.optional(PrimitiveTypeName.INT64)
                    .as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS)).named(name);
            case INT64_LIST -> Types.optionalList().requiredElement(PrimitiveTypeName.INT64).named(name);
            case STRING_LIST -> Types.optionalList().requiredElement(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType()).named(name);
            case STRING_MAP -> Types.optionalMap()
                    .key(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                    .optionalValue(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                    .named(name);
        };
    }

    /**
     * Writes the tables of the analyses under {@code dir}, replacing the part files a previous
     * run left in the table folders. Every table gets a file per capture, with no rows when the
     * capture has none, and one file without rows when there is no analysis, so that readers
     * always find the schema.
     */
    public static void write(List<FileAnalysis> files, Path dir) throws IOException {
        for (AnalysisTables.Table<?> t : List.of(AnalysisTables.CONNECTIONS, AnalysisTables.TRANSACTIONS,
                AnalysisTables.VIOLATIONS)) {
            clear(dir.resolve(t.name()));
            if (files.isEmpty()) {
                writeEmpty(t, dir);
            }
        }
        for (int i = 0; i < files.size(); i++) {
            FileAnalysis f = files.get(i);
            String part = String.format("part-%05d.parquet", i);
            write(AnalysisTables.CONNECTIONS, f.path(), ConnectionRow.of(f), dir, part);
            write(AnalysisTables.TRANSACTIONS, f.path(), f.transactions(), dir, part);
            write(AnalysisTables.VIOLATIONS, f.path(), f.violations(), dir, part);
        }
    }

    /**
     * Writes the captures table under {@code dir}, one file per capture (name and row) in order,
     * replacing the part files a previous run left.
     */
    public static void writeCaptures(List<Map.Entry<String, CaptureRow>> captures, Path dir) throws IOException {
        clear(dir.resolve(AnalysisTables.CAPTURES.name()));
        for (int i = 0; i < captures.size(); i++) {
            Map.Entry<String, CaptureRow> c = captures.get(i);
            write(AnalysisTables.CAPTURES, c.getKey(), List.of(c.getValue()), dir, String.format("part-%05d.parquet", i));
        }
    }

    /** Writes a file of {@code table} without rows, {@code dir/table/part-00000.parquet}. */
    public static void writeEmpty(AnalysisTables.Table<?> table, Path dir) throws IOException {
        write(table, null, List.of(), dir, String.format("part-%05d.parquet", 0));
    }

    /** Creates the folder of a table, or deletes the part files in it. */
    static void clear(Path tableDir) throws IOException {
        Files.createDirectories(tableDir);
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(tableDir, "part-*.parquet")) {
            for (Path p : parts) {
                Files.delete(p);
            }
        }
    }

    /** Writes one capture's rows of one table to {@code dir/table/part}. */
    public static <T> void write(AnalysisTables.Table<T> table, String capture, Iterable<T> rows, Path dir,
                                 String part) throws IOException {
        MessageType schema = schema(table);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> w = open(schema, dir.resolve(table.name()).resolve(part))) {
            for (T row : rows) {
                w.write(row(table, groups, capture, row));
            }
        }
    }

    /** A writer of {@code file} with the settings of every table. */
    static ParquetWriter<Group> open(MessageType schema, Path file) throws IOException {
        return ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(schema)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCodecFactory(new ZstdPages())
                .withCompressionCodec(CompressionCodecName.ZSTD)
                .build();
    }

    /** One row of a table, its columns read from {@code row}. */
    static <T> Group row(AnalysisTables.Table<T> table, SimpleGroupFactory groups, String capture, T row) {
        Group g = groups.newGroup();
        g.append(AnalysisTables.CAPTURE, capture);
        for (AnalysisTables.Column<T> c : table.columns()) {
            Object v = c.value().apply(row);
            if (v != null) {
                append(g, c.name(), c.type(), v);
            }
        }
        return g;
    }

    @SuppressWarnings("unchecked")
    private static void append(Group g, String name, AnalysisTables.Type type, Object v) {
        switch (type) {
            case STRING -> g.append(name, (String) v);
            case INT32 -> g.append(name, (Integer) v);
            case INT64, UINT64 -> g.append(name, (Long) v);
            case TIMESTAMP_NANOS -> g.append(name, Math.floorDiv((Long) v, 1000L));
            case BOOLEAN -> g.append(name, (Boolean) v);
            case INT64_LIST -> {
                Group list = g.addGroup(name);
                for (long x : (long[]) v) {
                    list.addGroup("list").append("element", x);
                }
            }
            case STRING_LIST -> {
                Group list = g.addGroup(name);
                for (String x : (List<String>) v) {
                    list.addGroup("list").append("element", x);
                }
            }
            case STRING_MAP -> {
                Group map = g.addGroup(name);
                for (Map.Entry<String, String> e : ((Map<String, String>) v).entrySet()) {
                    Group kv = map.addGroup("key_value").append("key", e.getKey());
                    if (e.getValue() != null) {
                        kv.append("value", e.getValue());
                    }
                }
            }
        }
    }
}
