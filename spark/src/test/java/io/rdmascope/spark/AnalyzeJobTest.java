package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.cli.Main;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.synth.BulkCapture;
import io.rdmascope.testing.AnalysisRows;
import io.rdmascope.testing.RealCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job on local[2] against the command line's JSON: the same rows, table by table, for
 * the samples and the real captures; unreadable captures as error rows; one large capture split
 * by connection gives the rows of its whole-file analysis.
 */
class AnalyzeJobTest {
    @TempDir
    static Path tmp;
    static List<String> inputs;
    static RdmascopeTables tables;
    static AnalyzeJob.Summary summary;
    static JsonNode json;

    @BeforeAll
    static void runJob() throws IOException {
        Path broken = tmp.resolve("broken.pcap");
        Files.writeString(broken, "not a capture\n");
        // folders: the real captures' subfolders (siw, rxe) are searched too
        inputs = List.of(Path.of("..", "samples").toString(), RealCaptures.dir().toString());
        List<String> all = new ArrayList<>(inputs);
        all.add(broken.toString());
        all.add(tmp.resolve("missing.pcap").toString());
        Path out = tmp.resolve("out");
        summary = AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(all, out.toString(), false));
        tables = RdmascopeTables.read(LocalSpark.get(), out.toString());
        json = jsonOf(inputs);
        assertThat(json.get("files")).anyMatch(f -> f.get("path").asText().contains("/siw/"));
    }

    /** The command line's {@code analyze --format json} of the inputs. */
    static JsonNode jsonOf(List<String> files) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json"));
        args.addAll(files);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(out.toByteArray());
    }

    @Test
    void oneTaskPerCapture() {
        assertThat(summary.captures()).isEqualTo(json.get("files").size() + 2);
        assertThat(summary.tasks()).isEqualTo(summary.captures());
    }

    @Test
    void connectionsAreTheCommandLines() {
        assertThat(tables.connections().count()).isPositive();
        assertSameRows(AnalysisTables.CONNECTIONS, tables.connections(), json, Set.of());
    }

    @Test
    void transactionsAreTheCommandLines() {
        assertThat(tables.transactions().count()).isPositive();
        assertSameRows(AnalysisTables.TRANSACTIONS, tables.transactions(), json, Set.of());
        assertThat(tables.transactions().filter("startTime is null").count()).isZero();
    }

    @Test
    void violationsAreTheCommandLines() {
        assertThat(tables.violations().count()).isPositive();
        assertSameRows(AnalysisTables.VIOLATIONS, tables.violations(), json, Set.of());
    }

    @Test
    void unreadableCapturesAreErrorRows() {
        List<Row> errors = tables.errors().orderBy("capture").collectAsList();
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0).<String>getAs("capture")).endsWith("broken.pcap");
        assertThat(errors.get(1).<String>getAs("capture")).endsWith("missing.pcap");
        assertThat(errors).allSatisfy(r -> assertThat(r.<String>getAs("message")).isNotBlank());
    }

    @Test
    void capturesTableHasARowPerCapture() {
        assertThat(tables.captures().count()).isEqualTo(summary.captures());
        assertThat(tables.captures().filter("status = 'failed'").count()).isEqualTo(2);
        assertThat(tables.captures().filter("status = 'failed' and reason is null").count()).isZero();
        for (org.apache.spark.sql.Row r : tables.captures().filter("status != 'failed'").collectAsList()) {
            JsonNode file = fileOf(r.getAs("capture"));
            assertThat(r.<Long>getAs("frames")).isEqualTo(file.get("frames").asLong());
            assertThat(r.<String>getAs("status")).isEqualTo(file.hasNonNull("problem") ? "truncated" : "complete");
        }
    }

    private static JsonNode fileOf(String capture) {
        for (JsonNode f : json.get("files")) {
            if (f.get("path").asText().equals(capture)) {
                return f;
            }
        }
        throw new AssertionError("not in the JSON: " + capture);
    }

    @Test
    void oneLargeCaptureSplitByConnectionGivesTheWholeFilesRows() throws IOException {
        Path bulk = tmp.resolve("bulk.pcap");
        BulkCapture.write(bulk, 4_000_000L, 179, 4, 1400);
        Path out = tmp.resolve("split");
        AnalyzeJob.Summary s = AnalyzeJob.run(LocalSpark.get(),
                new AnalyzeJob.Options(List.of(bulk.toString()), out.toString(), true, 4, 64, 32, false)
                        .withSplitSize(1 << 20));
        assertThat(s.tasks()).isEqualTo(4);
        RdmascopeTables split = RdmascopeTables.read(LocalSpark.get(), out.toString());
        List<Row> captures = split.captures().collectAsList();
        assertThat(captures).hasSize(1);
        assertThat(captures.get(0).<String>getAs("status")).isEqualTo("complete");
        assertThat(captures.get(0).<Integer>getAs("groups")).isEqualTo(4);
        JsonNode whole = jsonOf(List.of(bulk.toString()));
        assertThat(split.connections().select("id").distinct().count()).isEqualTo(179);
        assertSameRows(AnalysisTables.CONNECTIONS, split.connections(), whole, Set.of());
        assertSameRows(AnalysisTables.TRANSACTIONS, split.transactions(), whole, Set.of());
        assertSameRows(AnalysisTables.VIOLATIONS, split.violations(), whole, Set.of());
    }

    @Test
    void framesAreDissectJsonsRecords() throws IOException {
        List<String> captures = List.of(Path.of("..", "samples", "markers-and-crc.pcap").toString(),
                RealCaptures.file("softuiwarp-mixed.pcap").toString());
        Path out = tmp.resolve("frames");
        AnalyzeJob.run(LocalSpark.get(),
                new AnalyzeJob.Options(captures, out.toString(), false, 0, 64, 32, false, true));
        Dataset<Row> frames = RdmascopeTables.read(LocalSpark.get(), out.toString()).frames();
        assertThat(tables.frames()).isNull();
        for (String capture : captures) {
            ByteArrayOutputStream dissected = new ByteArrayOutputStream();
            Main.run(new String[] {"dissect", "--format", "json", capture},
                    new PrintStream(dissected, true, StandardCharsets.UTF_8),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            JsonNode json = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .readTree(dissected.toByteArray());
            List<Row> rows = frames.filter(functions.col("capture").equalTo(capture))
                    .orderBy("frame", "endOfCapture").collectAsList();
            assertThat(rows).hasSize(json.size()).isNotEmpty();
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                JsonNode f = json.get(i);
                String at = capture + " row " + i;
                assertThat(r.<Long>getAs("frame")).as(at).isEqualTo(f.get("frame").asLong());
                assertThat(r.<Boolean>getAs("endOfCapture")).as(at).isEqualTo(f.path("end_of_capture").asBoolean());
                assertThat(r.<Integer>getAs("pdus")).as(at).isEqualTo(f.get("pdus").size());
                if (f.has("len")) {
                    assertThat(r.<Long>getAs("length")).as(at).isEqualTo(f.get("len").asLong());
                    long micros = f.get("time_epoch").decimalValue().movePointRight(6).longValue();
                    Timestamp t = r.getAs("time");
                    assertThat(t.getTime() * 1000 + t.getNanos() / 1000 % 1000).as(at).isEqualTo(micros);
                    assertThat(r.<Long>getAs("timeNs")).as(at)
                            .isEqualTo(f.get("time_epoch").decimalValue().movePointRight(9).longValueExact());
                } else {
                    assertThat(r.<Object>getAs("time")).as(at).isNull();
                    assertThat(r.<Object>getAs("timeNs")).as(at).isNull();
                }
                if (f.has("ip")) {
                    assertThat(r.<String>getAs("source")).as(at).isEqualTo(f.get("ip").get("src").asText());
                    assertThat(r.<Long>getAs("tcpStream")).as(at).isEqualTo(f.get("tcp").get("stream").asLong());
                } else {
                    assertThat(r.<Object>getAs("source")).as(at).isNull();
                }
            }
        }
    }

    /** The table holds the JSON's rows (as many, each once), ignoring the columns {@code ignored}. */
    static void assertSameRows(AnalysisTables.Table<?> table, Dataset<Row> rows, JsonNode document,
                               Set<String> ignored) {
        List<Map<String, Object>> expected = new ArrayList<>();
        for (Map<String, Object> m : AnalysisRows.expected(document, table)) {
            expected.add(plain(m, ignored));
        }
        List<Map<String, Object>> actual = new ArrayList<>();
        for (Row r : rows.collectAsList()) {
            actual.add(plain(plain(r, table), ignored));
        }
        Comparator<Map<String, Object>> byText = Comparator.comparing(Object::toString);
        expected.sort(byText);
        actual.sort(byText);
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("%s row %d", table.name(), i).isEqualTo(expected.get(i));
        }
    }

    /** Without the ignored columns, maps in key order. */
    private static Map<String, Object> plain(Map<String, Object> row, Set<String> ignored) {
        Map<String, Object> m = new LinkedHashMap<>();
        row.forEach((k, v) -> {
            if (!ignored.contains(k)) {
                m.put(k, v instanceof Map<?, ?> map ? new TreeMap<>(map) : v);
            }
        });
        return m;
    }

    /** A Spark row in the form of {@link AnalysisRows}. */
    private static <T> Map<String, Object> plain(Row r, AnalysisTables.Table<T> table) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(AnalysisTables.CAPTURE, r.getAs(AnalysisTables.CAPTURE));
        for (AnalysisTables.Column<T> c : AnalysisRows.compared(table)) {
            int i = r.fieldIndex(c.name());
            if (r.isNullAt(i)) {
                m.put(c.name(), null);
                continue;
            }
            m.put(c.name(), switch (c.type()) {
                case INT32 -> (long) r.getInt(i);
                case INT64_LIST, STRING_LIST -> new ArrayList<Object>(r.getList(i));
                case STRING_MAP -> new LinkedHashMap<>(r.getJavaMap(i));
                default -> r.get(i);
            });
        }
        return m;
    }
}
