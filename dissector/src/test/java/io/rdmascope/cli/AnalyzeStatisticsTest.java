package io.rdmascope.cli;

import static io.rdmascope.cli.TsharkFieldsTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Tshark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code analyze -z}: the statistics, with tshark's counts where tshark has the same thing; and {@code -c}. */
class AnalyzeStatisticsTest {
    static final Path WRITE = RealCaptures.file("siw/std_write_bw_4096_mtu1500_tso.pcap");
    static final Path RPING = RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap");
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode analyze(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "analyze";
        all[1] = "--format";
        all[2] = "json";
        System.arraycopy(args, 0, all, 3, args.length);
        return JSON.readTree(run(0, all)).get("files").get(0);
    }

    @Test
    void conversationsCountTheFpdusBytesAndMessagesTsharkDecodes() throws Exception {
        JsonNode c = analyze("-z", "conv,iwarp", WRITE.toString()).get("statistics").get("conversations").get(0);
        List<String[]> rows = Tshark.fields(WRITE, List.of("-Y", "iwarp_mpa.ulpdulength"), "ip.src", "tcp.srcport",
                "iwarp_mpa.ulpdulength", "iwarp_ddp.last_flag");
        assumeTrue(rows != null, "tshark is not available");
        Map<String, long[]> perSender = new HashMap<>();
        for (String[] r : rows) {
            long[] v = perSender.computeIfAbsent(r[0] + ":" + r[1], k -> new long[3]);
            for (String len : r[2].split(",")) {
                long n = Long.parseLong(len);
                v[0]++;
                v[1] += 2 + n + (4 - (2 + n) % 4) % 4 + 4;
            }
            for (String last : r[3].split(",")) {
                v[2] += last.equals("1") ? 1 : 0;
            }
        }
        long[] fromInitiator = perSender.get(c.get("initiator").asText());
        long[] fromResponder = perSender.get(c.get("responder").asText());
        assertThat(c.get("fpdus").get("fromInitiator").asLong()).isEqualTo(fromInitiator[0]);
        assertThat(c.get("bytes").get("fromInitiator").asLong()).isEqualTo(fromInitiator[1]);
        assertThat(c.get("messages").get("fromInitiator").asLong()).isEqualTo(fromInitiator[2]);
        assertThat(c.get("fpdus").get("fromResponder").asLong()).isEqualTo(fromResponder[0]);
        assertThat(c.get("bytes").get("fromResponder").asLong()).isEqualTo(fromResponder[1]);
        assertThat(c.get("messages").get("fromResponder").asLong()).isEqualTo(fromResponder[2]);
        assertThat(c.get("revision").asInt()).isEqualTo(2);
        assertThat(c.get("duration").decimalValue().signum()).isPositive();
        assertThat(c.get("bitsPerSecond").asLong()).isPositive();
        String text = run(0, "analyze", "-z", "conv,iwarp", WRITE.toString());
        assertThat(text).contains("iWARP Conversations", c.get("initiator").asText(), c.get("responder").asText());
    }

    @Test
    void ioStatCountsTheFramesOfEachIntervalAsTsharkDoes() throws Exception {
        JsonNode io = analyze("-z", "io,stat,0.5", RPING.toString()).get("statistics").get("io");
        assertThat(io.get("interval").decimalValue()).isEqualByComparingTo("0.5");
        List<Long> frames = new ArrayList<>();
        io.get("intervals").forEach(i -> frames.add(i.get("frames").asLong()));
        List<String[]> times = Tshark.fields(RPING, List.of(), "frame.time_relative");
        assumeTrue(times != null, "tshark is not available");
        List<Long> expected = new ArrayList<>();
        for (String[] t : times) {
            int i = (int) (Double.parseDouble(t[0]) / 0.5);
            while (expected.size() <= i) {
                expected.add(0L);
            }
            expected.set(i, expected.get(i) + 1);
        }
        assertThat(frames).isEqualTo(expected).isEqualTo(List.of(1L, 0L, 34L, 1L));
        long ops = 0;
        for (JsonNode i : io.get("intervals")) {
            ops += i.get("operations").asLong();
        }
        assertThat(ops).isEqualTo(analyze(RPING.toString()).get("transactions").size());
        assertThat(run(0, "analyze", "-z", "io,stat,0.5", RPING.toString()))
                .contains("Interval: 0.5 secs", "0.0 <> 0.5  ", "1.0 <> 1.5  ", "1.5 <> 1.57881");
    }

    @Test
    void latencyIsTheKindTableOfTheTransactions() throws Exception {
        JsonNode f = analyze("-z", "rdma,lat", RPING.toString());
        JsonNode lat = f.get("statistics").get("latency");
        Map<String, Integer> counts = new HashMap<>();
        f.get("transactions").forEach(t -> counts.merge(t.get("kind").asText(), 1, Integer::sum));
        assertThat(lat.size()).isEqualTo(counts.size());
        for (JsonNode r : lat) {
            assertThat(r.get("count").asInt()).isEqualTo(counts.get(r.get("kind").asText()));
            assertThat(r.get("minNs").asLong()).isLessThanOrEqualTo(r.get("medianNs").asLong());
            assertThat(r.get("medianNs").asLong()).isLessThanOrEqualTo(r.get("p99Ns").asLong());
            assertThat(r.get("p99Ns").asLong()).isLessThanOrEqualTo(r.get("maxNs").asLong());
        }
        JsonNode read = lat.get(0);
        assertThat(read.get("kind").asText()).isEqualTo("read");
        assertThat(read.get("minNs").asLong()).isEqualTo(131_000);
        assertThat(read.get("maxNs").asLong()).isEqualTo(1_310_000);
        assertThat(run(0, "analyze", "-z", "rdma,lat", RPING.toString()))
                .containsPattern("read +c1 +3 +3 +192 +131\\.0 +197\\.0 +1310\\.0 +1310\\.0");
    }

    @Test
    void expertGroupsTheViolationsBySeverityThenCode() throws Exception {
        String sample = Path.of("..", "samples", "ddp-mo-gap.pcap").toString();
        JsonNode f = analyze("-z", "expert", sample);
        JsonNode errors = f.get("statistics").get("expert").get("error");
        assertThat(errors.size()).isEqualTo(1);
        assertThat(errors.get(0).get("code").asText()).isEqualTo("DDP_MO_GAP");
        assertThat(errors.get(0).get("count").asInt()).isEqualTo(1);
        assertThat(errors.get(0).get("firstFrame").asLong()).isEqualTo(f.get("violations").get(0).get("frame").asLong());
        assertThat(f.get("statistics").get("expert").get("warning").size()).isZero();
        String text = run(0, "analyze", "-z", "expert", sample);
        assertThat(text).contains("Expert Information", "Errors (1)")
                .containsPattern(" +1 +12  DDP_MO_GAP +Send from");
        assertThat(run(0, "analyze", "-z", "expert", RPING.toString())).contains("No violations.");
    }

    @Test
    void withoutZTheReportIsUnchangedAndUnknownStatisticsAreRefused() throws Exception {
        String plain = run(0, "analyze", RPING.toString());
        assertThat(plain).doesNotContain("=====");
        assertThat(analyze(RPING.toString()).has("statistics")).isFalse();
        assertThat(run(0, "analyze", "-z", "expert", "-z", "rdma,lat", RPING.toString())).startsWith(plain)
                .containsSubsequence("Expert Information", "RDMA Operation Latency");
        String err = run(2, "analyze", "-z", "conv,tcp", RPING.toString());
        assertThat(err).contains("-z conv,tcp", "conv,iwarp, conv,roce, rdma,lat, io,stat,INTERVAL, expert");
        assertThat(run(2, "analyze", "-z", "io,stat,x", RPING.toString())).contains("INTERVAL in seconds");
        assertThat(run(2, "analyze", "-z", "io,stat,1", "-z", "io,stat,2", RPING.toString()))
                .contains("one io,stat interval");
    }

    @Test
    void dashCStopsAfterNFrames() throws Exception {
        assertThat(analyze("-c", "12", RPING.toString()).get("frames").asLong()).isEqualTo(12);
        assertThat(analyze("-c", "1000", RPING.toString()).get("frames").asLong()).isEqualTo(36);
        JsonNode frames = JSON.readTree(run(0, "dissect", "--format", "json", "-c", "5", RPING.toString()));
        assertThat(frames.size()).isEqualTo(5);
        assertThat(frames.get(4).get("frame").asLong()).isEqualTo(5);
        List<String[]> tshark = Tshark.fields(RPING, List.of("-c", "11"), "frame.number", "iwarp_rdma.opcode");
        String ours = run(0, "dissect", "-T", "fields", "-e", "frame.number", "-e", "rdmap.opcode", "-E",
                "separator=;", "-c", "11", RPING.toString());
        if (tshark != null) {
            StringBuilder b = new StringBuilder();
            tshark.forEach(r -> b.append(String.join(";", r)).append('\n'));
            assertThat(ours).isEqualTo(b.toString());
        }
        assertThat(run(2, "analyze", "-c", "0", RPING.toString())).contains("at least 1");
        assertThat(run(2, "dissect", "-c", "-3", RPING.toString())).contains("at least 1");
    }
}
