package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.testing.RealCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --format parquet --parquet-frames}: the frames table holds one row per record
 * of {@code dissect --format json}, with the same times, lengths, addresses, ports and PDUs; its
 * TCP streams are numbered in order of their first frames, and the record of PDUs completed at
 * the end of the capture is there once, as {@code dissect} has it (the split Spark job's frames
 * are compared with these).
 */
class ParquetFramesTest {
    @TempDir
    static Path dir;
    static List<String> captures = new ArrayList<>();

    @BeforeAll
    static void analyse() {
        captures.add(Path.of("..", "samples", "markers-and-crc.pcap").toString());
        captures.add(RealCaptures.file("softuiwarp-mixed.pcap").toString());
        captures.add(Path.of("..", "samples", "mpa-truncated.pcap").toString());
        List<String> args = new ArrayList<>(List.of("analyze", "-j", "2", "--format", "parquet", "--parquet-frames",
                "--output", dir.toString()));
        args.addAll(captures);
        assertThat(run(new ByteArrayOutputStream(), args.toArray(String[]::new))).isIn(0, 1);
    }

    private static int run(ByteArrayOutputStream out, String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private static JsonNode dissect(String capture) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(run(out, "dissect", "--format", "json", capture)).isZero();
        return new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .readTree(out.toByteArray());
    }

    @Test
    void onePartFilePerCaptureAndNothingElse() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("frames"))) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("part-00000.parquet", "part-00001.parquet", "part-00002.parquet");
        }
    }

    @Test
    void sampleRowsMatchDissectJson() throws IOException {
        assertMatches(0);
    }

    @Test
    void realCaptureRowsMatchDissectJson() throws IOException {
        assertMatches(1);
    }

    @Test
    void endOfCaptureRowMatchesDissectJson() throws IOException {
        List<Group> rows = assertMatches(2);
        assertThat(rows.stream().filter(g -> g.getBoolean("endOfCapture", 0)).count()).isEqualTo(1);
        assertThat(rows.get(rows.size() - 1).getBoolean("endOfCapture", 0)).isTrue();
    }

    /** The rows of a capture, checked against its records in {@code dissect --format json}. */
    private static List<Group> assertMatches(int index) throws IOException {
        String capture = captures.get(index);
        JsonNode json = dissect(capture);
        List<Group> rows = read(dir.resolve("frames").resolve(String.format("part-%05d.parquet", index)));
        assertThat(rows).hasSize(json.size()).isNotEmpty();
        int rdmap = 0;
        long streams = 0;
        for (int i = 0; i < rows.size(); i++) {
            Group g = rows.get(i);
            JsonNode f = json.get(i);
            String at = capture + " row " + i;
            assertThat(g.getString("capture", 0)).as(at).isEqualTo(capture);
            assertThat(g.getLong("frame", 0)).as(at).isEqualTo(f.get("frame").asLong());
            assertThat(g.getBoolean("endOfCapture", 0)).as(at).isEqualTo(f.path("end_of_capture").asBoolean());
            assertThat(g.getInteger("pdus", 0)).as(at).isEqualTo(f.get("pdus").size());
            assertThat(g.getInteger("issues", 0)).as(at).isEqualTo(f.path("issues").size());
            if (f.has("len")) {
                assertThat(g.getLong("length", 0)).as(at).isEqualTo(f.get("len").asLong());
                assertThat(g.getLong("timeNs", 0)).as(at)
                        .isEqualTo(f.get("time_epoch").decimalValue().movePointRight(9).longValueExact());
                assertThat(g.getLong("time", 0)).as(at).isEqualTo(g.getLong("timeNs", 0) / 1000);
            } else {
                assertThat(g.getFieldRepetitionCount("timeNs")).as(at).isZero();
                assertThat(g.getFieldRepetitionCount("time")).as(at).isZero();
            }
            if (f.has("ip")) {
                assertThat(g.getString("source", 0)).as(at).isEqualTo(f.get("ip").get("src").asText());
                assertThat(g.getString("destination", 0)).as(at).isEqualTo(f.get("ip").get("dst").asText());
                assertThat(g.getInteger("sourcePort", 0)).as(at).isEqualTo(f.get("tcp").get("srcport").asInt());
                assertThat(g.getInteger("destinationPort", 0)).as(at).isEqualTo(f.get("tcp").get("dstport").asInt());
                assertThat(g.getLong("tcpStream", 0)).as(at).isEqualTo(f.get("tcp").get("stream").asLong());
                // numbered in order of first frames: a stream not seen yet is the next number
                assertThat(g.getLong("tcpStream", 0)).as(at).isLessThanOrEqualTo(streams);
                streams = Math.max(streams, g.getLong("tcpStream", 0) + 1);
            } else {
                assertThat(g.getFieldRepetitionCount("source")).as(at).isZero();
                assertThat(g.getFieldRepetitionCount("tcpStream")).as(at).isZero();
            }
            String protocol = g.getString("protocol", 0);
            if (f.get("pdus").size() > 0 && f.get("pdus").get(0).has("rdmap")) {
                assertThat(protocol).as(at).isEqualTo("DDP/RDMAP");
                rdmap++;
            } else if (f.get("pdus").size() == 0 && f.has("ip")) {
                assertThat(protocol).as(at).isEqualTo("TCP");
            }
        }
        assertThat(rdmap).isPositive();
        return rows;
    }

    private static List<Group> read(Path file) throws IOException {
        return ParquetRows.read(file);
    }
}
