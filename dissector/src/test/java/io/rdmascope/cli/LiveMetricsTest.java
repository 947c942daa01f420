package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.testing.Loopback;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics of a live analysis served to Prometheus ({@code --metrics-port}) and its summaries
 * per period ({@code --summary-interval}): a scrape after the traffic stops and before the
 * capture ends counts what the final report counts.
 */
class LiveMetricsTest {
    private static final Pattern SAMPLE = Pattern.compile("^(\\w+)(\\{([^}]*)\\})? (\\S+)$");

    @TempDir
    Path dir;

    @BeforeAll
    static void loopbackCanBeCaptured() {
        Loopback.assumeCapturable();
    }

    static int port(LiveCaptureTest.Running r) throws InterruptedException {
        Pattern p = Pattern.compile("Metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics");
        while (true) {
            Matcher m = p.matcher(r.err());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            assertThat(r.status).as(r.err()).isNotDone();
            Thread.sleep(20);
        }
    }

    /** Each sample of a scrape: {@code name{labels}} to its value. */
    static Map<String, Double> scrape(int port) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, Double> out = new HashMap<>();
        for (String line : response.body().lines().toList()) {
            Matcher m = SAMPLE.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                out.put(m.group(1) + (m.group(2) != null ? m.group(2) : ""), Double.parseDouble(m.group(4)));
            }
        }
        return out;
    }

    /**
     * Sends the sample's conversation to a command that serves its metrics, scrapes them once the
     * counts were read twice after the last frame, then stops the command as Ctrl-C does.
     */
    static Map<String, Double> scrapeAfterTheTraffic(LiveCaptureTest.Running r, Loopback replay) throws Exception {
        int port = port(r);
        r.awaitCapturing();
        replay.run();
        Thread.sleep(2500);
        Map<String, Double> m = scrape(port);
        Live.stopAll();
        assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
        return m;
    }

    private static double sum(Map<String, Double> samples, String prefix) {
        return samples.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).mapToDouble(Map.Entry::getValue).sum();
    }

    @Test
    void aScrapeBeforeTheEndCountsWhatTheReportCounts() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("analyze", "--format", "json", "-i", "lo",
                        "-f", replay.filter(), "--metrics-port", "0", "--summary-interval", "0.5");
                Map<String, Double> m = scrapeAfterTheTraffic(r, replay);

                JsonNode f = new ObjectMapper().readTree(r.out()).get("files").get(0);
                assertThat(m.get("rdmascope_frames_total")).isEqualTo(f.get("frames").asDouble());
                assertThat(m.get("rdmascope_bytes_total")).isPositive();
                assertThat(m.get("rdmascope_capture_dropped_total{by=\"kernel\"}")).isZero();
                assertThat(m.get("rdmascope_capture_dropped_total{by=\"interface\"}")).isNotNull();
                assertThat(m.get("rdmascope_capture_received_total")).isGreaterThanOrEqualTo(f.get("frames").asDouble());

                Map<String, Integer> codes = new HashMap<>();
                for (JsonNode v : f.get("violations")) {
                    codes.merge(v.get("code").asText() + "," + v.get("severity").asText(), 1, Integer::sum);
                }
                assertThat(codes).isNotEmpty();
                for (Map.Entry<String, Integer> e : codes.entrySet()) {
                    String[] cs = e.getKey().split(",");
                    assertThat(m.get("rdmascope_violations_total{code=\"" + cs[0] + "\",severity=\"" + cs[1] + "\"}"))
                            .as(e.getKey()).isEqualTo(e.getValue().doubleValue());
                }
                assertThat(sum(m, "rdmascope_violations_total")).isEqualTo(f.get("violations").size());

                Map<String, Integer> kinds = new HashMap<>();
                Map<String, Integer> completed = new HashMap<>();
                for (JsonNode t : f.get("transactions")) {
                    kinds.merge(t.get("kind").asText(), 1, Integer::sum);
                    if (t.hasNonNull("completionFrame")) {
                        completed.merge(t.get("kind").asText(), 1, Integer::sum);
                    }
                }
                assertThat(sum(m, "rdmascope_transactions_total")).isEqualTo(f.get("transactions").size());
                for (Map.Entry<String, Integer> e : kinds.entrySet()) {
                    assertThat(sum(m, "rdmascope_transactions_total{kind=\"" + e.getKey() + "\""))
                            .as(e.getKey()).isEqualTo(e.getValue().doubleValue());
                }
                for (Map.Entry<String, Integer> e : completed.entrySet()) {
                    assertThat(m.get("rdmascope_transaction_latency_seconds_count{kind=\"" + e.getKey() + "\"}"))
                            .as(e.getKey()).isEqualTo(e.getValue().doubleValue());
                    assertThat(m.get("rdmascope_transaction_latency_seconds_bucket{kind=\"" + e.getKey()
                            + "\",le=\"+Inf\"}")).isEqualTo(e.getValue().doubleValue());
                }

                // the summaries: JSON lines on standard error, whose frames add up to the capture's
                long frames = 0;
                int lines = 0;
                ObjectMapper json = new ObjectMapper();
                for (String line : r.err().lines().filter(l -> l.startsWith("{\"summary\"")).toList()) {
                    JsonNode s = json.readTree(line).get("summary");
                    frames += s.get("frames").asLong();
                    lines++;
                }
                assertThat(lines).isGreaterThanOrEqualTo(4);
                assertThat(frames).isEqualTo(f.get("frames").asLong());
            }
        });
    }

    /**
     * dissect -i prints each frame as it comes and, asked for them, judges the frames too: its
     * metrics and summaries count what the analysis of the file it wrote counts.
     */
    @Test
    void dissectServesTheMetricsOfTheFramesItPrints() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                Path file = dir.resolve("d.pcapng");
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("dissect", "-i", "lo", "-f", replay.filter(),
                        "-w", file.toString(), "--metrics-port", "0", "--summary-interval", "0.5");
                Map<String, Double> m = scrapeAfterTheTraffic(r, replay);

                LiveCaptureTest.Running a = new LiveCaptureTest.Running("analyze", "--format", "json", file.toString());
                assertThat(a.status.get(30, TimeUnit.SECONDS)).as(a.err()).isZero();
                JsonNode f = new ObjectMapper().readTree(a.out()).get("files").get(0);
                assertThat(r.out().lines().count()).isEqualTo(f.get("frames").asLong());
                assertThat(m.get("rdmascope_frames_total")).isEqualTo(f.get("frames").asDouble());
                assertThat(sum(m, "rdmascope_violations_total")).isEqualTo(f.get("violations").size()).isPositive();
                assertThat(sum(m, "rdmascope_transactions_total")).isEqualTo(f.get("transactions").size()).isPositive();
                assertThat(r.err().lines().filter(l -> l.matches("\\S+Z  \\d+ frames?, \\d+ B, 0 dropped .*")).count())
                        .as(r.err()).isGreaterThanOrEqualTo(2);
            }
        });
    }

    @Test
    void dissectTellsThatMetricsNeedALiveCapture() throws Exception {
        LiveCaptureTest.Running a = new LiveCaptureTest.Running("dissect", "--metrics-port", "0", "../samples/send.pcap");
        assertThat(a.status.get(30, TimeUnit.SECONDS)).isEqualTo(Main.EXIT_INPUT);
        assertThat(a.err()).contains("--metrics-port tells about a live capture: it needs -i IFACE");
    }

    /** Several connections one after another: the live report is the report of the file written beside it. */
    @Test
    void theLiveReportIsTheAnalysisOfTheFileWritten() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path file = dir.resolve("live.pcapng");
            String live;
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("analyze", "--format", "json", "-i", "lo",
                        "-f", replay.filter(), "-w", file.toString(), "--metrics-port", "0");
                r.awaitCapturing();
                for (int i = 0; i < 5; i++) {
                    replay.run();
                }
                Thread.sleep(300);
                Live.stopAll();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                live = r.out();
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            assertThat(Main.run(new String[] {"analyze", "--format", "json", file.toString()},
                    new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8), System.err)).isZero();
            ObjectMapper json = new ObjectMapper();
            com.fasterxml.jackson.databind.node.ObjectNode fromLive =
                    (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(live).get("files").get(0);
            com.fasterxml.jackson.databind.node.ObjectNode fromFile =
                    (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(out.toByteArray()).get("files").get(0);
            assertThat(fromLive.remove("capture")).isNotNull();
            fromLive.remove("path");
            fromFile.remove("path");
            assertThat(fromLive.get("connections")).hasSize(5);
            assertThat(fromLive).isEqualTo(fromFile);
        });
    }

    /** SIGTERM while the analysis keeps its records in temporary files: they last until the report is written. */
    @Test
    void terminationWritesTheWholeReportFromTheSpillFiles() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                Path java = Path.of(System.getProperty("java.home"), "bin", "java");
                Path err = dir.resolve("err.txt");
                Path out = dir.resolve("out.json");
                Process p = new ProcessBuilder(java.toString(), "-Drdmascope.spill.limit=2", "-cp",
                        System.getProperty("java.class.path"), "io.rdmascope.cli.Main", "analyze", "--format", "json",
                        "-i", "lo", "-f", replay.filter(), "--summary-interval", "0.2")
                        .redirectError(err.toFile()).redirectOutput(out.toFile()).start();
                while (!Files.readString(err).contains("Capturing on 'lo'")) {
                    assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
                    Thread.sleep(50);
                }
                for (int i = 0; i < 3; i++) {
                    replay.run();
                }
                LiveCaptureTest.awaitTaken(p, err);
                new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
                JsonNode f = new ObjectMapper().readTree(out.toFile()).get("files").get(0);
                assertThat(f.get("transactions")).as(Files.readString(err)).hasSize(15);
                assertThat(f.get("violations")).hasSize(3);
            }
        });
    }

    @Test
    void textSummariesOfACapture() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("capture", "-i", "lo", "-f", replay.filter(),
                        "-w", dir.resolve("c.pcapng").toString(), "--summary-interval", "0.3", "-a", "duration:2");
                r.awaitCapturing();
                replay.run();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                assertThat(r.err().lines().filter(l -> l.matches("\\S+Z  \\d+ frames?, \\d+ B, 0 dropped .*")).count())
                        .as(r.err()).isGreaterThanOrEqualTo(3);
            }
        });
    }
}
