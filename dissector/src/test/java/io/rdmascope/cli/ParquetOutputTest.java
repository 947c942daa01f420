package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.testing.AnalysisRows;
import io.rdmascope.testing.RealCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --format parquet}: the tables read back with parquet's own reader hold, row for
 * row, what {@code analyze --format json} says about the samples and real captures.
 */
class ParquetOutputTest {
    @TempDir
    static Path dir;
    static List<String> captures = new ArrayList<>();
    static JsonNode json;

    @BeforeAll
    static void analyse() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("..", "samples"))) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(p -> captures.add(p.toString()));
        }
        for (String real : List.of("softuiwarp-mixed.pcap", "siw/std_nfs_rdma_mtu1500_tso.pcap",
                "siw/std_smbdirect_mtu1500_tso.pcap", "siw/std_iser_mtu1500_tso.pcap",
                "rxe/rxe_ucmatose_c2_mtu1500.pcap")) {
            captures.add(RealCaptures.file(real).toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(run(out, "--format", "json")).isIn(0, 1);
        json = new ObjectMapper().readTree(out.toByteArray());
        assertThat(run(new ByteArrayOutputStream(), "--format", "parquet", "--output", dir.toString())).isIn(0, 1);
    }

    private static int run(ByteArrayOutputStream out, String... options) {
        List<String> args = new ArrayList<>(List.of("analyze", "-j", "1"));
        args.addAll(List.of(options));
        args.addAll(captures);
        return Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void connectionsMatchTheJson() throws IOException {
        assertTable(AnalysisTables.CONNECTIONS);
    }

    @Test
    void transactionsMatchTheJson() throws IOException {
        assertTable(AnalysisTables.TRANSACTIONS);
    }

    @Test
    void violationsMatchTheJson() throws IOException {
        assertTable(AnalysisTables.VIOLATIONS);
    }

    @Test
    void oneFilePerCaptureInTheTableFolder() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("transactions"))) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList())
                    .hasSize(captures.size()).first().isEqualTo("part-00000.parquet");
        }
    }

    @Test
    void stagsAre64BitIntegersAndTimesMicrosecondTimestampsBesideNanoseconds() throws IOException {
        MessageType schema;
        try (ParquetFileReader r = ParquetFileReader.open(
                new LocalInputFile(dir.resolve("transactions").resolve("part-00000.parquet")),
                ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
            schema = r.getFooter().getFileMetaData().getSchema();
        }
        for (String int64 : List.of("stag", "to", "startTimeNs", "completionTimeNs")) {
            assertThat(schema.getType(int64).asPrimitiveType().getPrimitiveTypeName()).as(int64)
                    .isEqualTo(PrimitiveType.PrimitiveTypeName.INT64);
            assertThat(schema.getType(int64).getLogicalTypeAnnotation()).as(int64).isNull();
        }
        assertThat(schema.getType("startTime").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS));
        assertThat(schema.getType("frames").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.listType());
        assertThat(schema.getType("ulp").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.mapType());
    }

    @Test
    void completionMinusStartTimeIsTheLatency() throws IOException {
        int completed = 0;
        for (Group g : read("transactions")) {
            assertThat(g.getFieldRepetitionCount("startTime")).isEqualTo(1);
            assertThat(g.getLong("startTime", 0)).isEqualTo(Math.floorDiv(g.getLong("startTimeNs", 0), 1000L));
            if (g.getFieldRepetitionCount("completionTime") == 1) {
                assertThat(g.getLong("completionTimeNs", 0) - g.getLong("startTimeNs", 0))
                        .isEqualTo(g.getLong("latencyNs", 0));
                completed++;
            }
        }
        assertThat(completed).isPositive();
    }

    @Test
    void capturesTableSaysHowEachCaptureEnded() throws IOException {
        List<Group> rows = read("captures");
        assertThat(rows).hasSize(captures.size());
        for (int i = 0; i < rows.size(); i++) {
            Group g = rows.get(i);
            JsonNode file = json.get("files").get(i);
            assertThat(g.getString("capture", 0)).isEqualTo(captures.get(i));
            assertThat(g.getString("status", 0)).isEqualTo("complete");
            assertThat(g.getLong("size", 0)).isEqualTo(Files.size(Path.of(captures.get(i))));
            assertThat(g.getLong("frames", 0)).isEqualTo(file.get("frames").asLong());
            assertThat(g.getLong("firstTimeNs", 0)).isLessThanOrEqualTo(g.getLong("lastTimeNs", 0));
            assertThat(g.getLong("lastTime", 0)).isEqualTo(g.getLong("lastTimeNs", 0) / 1000);
            assertThat(g.getString("version", 0)).isEqualTo(Main.VERSION);
            assertThat(g.getString("options", 0)).isEqualTo("--buffers-per-qp 64 --max-per-operation 32");
        }
    }

    @Test
    void capturesTableNamesTruncatedAndFailedCaptures(@TempDir Path tmp) throws IOException {
        Path cut = tmp.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(Path.of("..", "samples", "ulp-nfs.pcap")), 3000));
        Path out = tmp.resolve("out");
        Main.run(new String[] {"analyze", "--format", "parquet", "--output", out.toString(), "--strict",
                cut.toString(), tmp.resolve("missing.pcap").toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        List<Group> rows = ParquetRows.read(out.resolve("captures").resolve("part-00000.parquet"));
        ParquetRows.read(out.resolve("captures").resolve("part-00001.parquet"), rows);
        assertThat(rows.get(0).getString("status", 0)).isEqualTo("truncated");
        assertThat(rows.get(0).getString("reason", 0)).contains("cut short");
        assertThat(rows.get(0).getLong("frames", 0)).isPositive();
        assertThat(rows.get(0).getString("options", 0)).endsWith(" --strict");
        assertThat(rows.get(1).getString("capture", 0)).endsWith("missing.pcap");
        assertThat(rows.get(1).getString("status", 0)).isEqualTo("failed");
        assertThat(rows.get(1).getString("reason", 0)).isNotBlank();
        assertThat(rows.get(1).getFieldRepetitionCount("frames")).isZero();
    }

    @Test
    void everyTableHasAFileWhenNoCaptureCouldBeRead(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Main.run(new String[] {"analyze", "--format", "parquet", "--parquet-frames", "--output", out.toString(),
                tmp.resolve("missing.pcap").toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        for (String table : List.of("connections", "transactions", "violations", "frames")) {
            assertThat(ParquetRows.read(out.resolve(table).resolve("part-00000.parquet"))).as(table).isEmpty();
        }
        assertThat(ParquetRows.read(out.resolve("captures").resolve("part-00000.parquet"))).hasSize(1);
    }

    @Test
    void parquetNeedsAnOutputFolderAndTheFolderNeedsParquet() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(Main.run(new String[] {"analyze", "--format", "parquet", captures.get(0)}, o, e))
                .isEqualTo(Main.EXIT_INPUT);
        assertThat(Main.run(new String[] {"analyze", "--output", dir.toString(), captures.get(0)}, o, e))
                .isEqualTo(Main.EXIT_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--format parquet needs --output DIR").contains("--output is for --format parquet");
    }

    private static void assertTable(AnalysisTables.Table<?> table) throws IOException {
        List<Map<String, Object>> expected = AnalysisRows.expected(json, table);
        List<Map<String, Object>> actual = new ArrayList<>();
        for (Group g : read(table.name())) {
            actual.add(plain(g, table));
        }
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("%s row %d", table.name(), i).isEqualTo(expected.get(i));
        }
        assertThat(expected).isNotEmpty();
    }

    /** Every row of a table, the part files in order. */
    private static List<Group> read(String table) throws IOException {
        List<Group> rows = new ArrayList<>();
        List<Path> parts;
        try (Stream<Path> s = Files.list(dir.resolve(table))) {
            parts = s.sorted().toList();
        }
        for (Path p : parts) {
            ParquetRows.read(p, rows);
        }
        return rows;
    }

    /** A Parquet row in the form of {@link AnalysisRows}. */
    private static <T> Map<String, Object> plain(Group g, AnalysisTables.Table<T> table) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(AnalysisTables.CAPTURE, g.getString(AnalysisTables.CAPTURE, 0));
        for (AnalysisTables.Column<T> c : AnalysisRows.compared(table)) {
            String n = c.name();
            if (g.getFieldRepetitionCount(n) == 0) {
                row.put(n, null);
                continue;
            }
            row.put(n, switch (c.type()) {
                case STRING -> g.getString(n, 0);
                case INT32 -> (long) g.getInteger(n, 0);
                case INT64, UINT64, TIMESTAMP_NANOS -> g.getLong(n, 0);
                case BOOLEAN -> g.getBoolean(n, 0);
                case INT64_LIST, STRING_LIST -> {
                    Group list = g.getGroup(n, 0);
                    List<Object> l = new ArrayList<>();
                    for (int i = 0; i < list.getFieldRepetitionCount("list"); i++) {
                        Group e = list.getGroup("list", i);
                        l.add(c.type() == AnalysisTables.Type.INT64_LIST
                                ? (Object) e.getLong("element", 0) : e.getString("element", 0));
                    }
                    yield l;
                }
                case STRING_MAP -> {
                    Group map = g.getGroup(n, 0);
                    Map<String, String> m = new LinkedHashMap<>();
                    for (int i = 0; i < map.getFieldRepetitionCount("key_value"); i++) {
                        Group kv = map.getGroup("key_value", i);
                        m.put(kv.getString("key", 0),
                                kv.getFieldRepetitionCount("value") == 0 ? null : kv.getString("value", 0));
                    }
                    yield m;
                }
            });
        }
        return row;
    }
}
