package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Captures written by the synthesizer, dissected by the command line exactly as users run it, and
 * every field of every FPDU compared with what the scenario meant and with an independent reading of
 * the capture's bytes ({@link WireModel}).
 */
class DissectEndToEndTest {
    @TempDir
    Path dir;

    List<Cli.Pdu> dissect(Plan plan) throws Exception {
        Path pcap = Cli.synth(plan.yaml(), dir.resolve("plan.pcap"));
        List<JsonNode> frames = Cli.dissect(pcap);
        WireModel model = new WireModel(pcap);
        assertThat(frames).hasSize(model.frames);
        for (int i = 0; i < frames.size(); i++) {
            assertThat(frames.get(i).get("frame").asInt()).isEqualTo(i + 1);
        }
        List<Cli.Pdu> pdus = Cli.pdus(frames);
        for (Cli.Pdu p : pdus) {
            assertThat(p.frame()).as("PDU delivered only at the end of the capture: %s", p.node()).isPositive();
            assertThat(p.node().has("issues")).as("issues on %s", p.node()).isFalse();
        }
        Expect.dissection(plan, pcap, pdus);
        return pdus;
    }

    /** The one-shot tour: every kind of message, both directions. */
    static Plan tour(Plan p, String c) {
        return p.advertise(c, "a", 0x1234, 0x10000, 65536, "write", "")
                .write(c, "b", 0x1234, 0x10000, 5000, 1400, "")
                .complete(c, "b", 0x1234, "invalidate")
                .advertise(c, "a", 0x2000, 0, 4096, "read", "")
                .read(c, "b", 0x77, 0x40, 0x2000, 0, 3000, 1000, "")
                .complete(c, "b", 0x2000, "sv")
                .advertise(c, "b", 0x3000, 0xFFFFFFFF00000000L, 100, "both", "")
                .write(c, "a", 0x3000, 0xFFFFFFFF00000000L, 100, 64, "")
                .complete(c, "a", 0x3000, "se-invalidate")
                .send(c, "a", 3, 3, false, "")
                .send(c, "b", 2500, 1000, true, "")
                .send(c, "a", 0, 1, false, "");
    }

    @ParameterizedTest(name = "crc {0}, markers {1}")
    @CsvSource({"true,none", "false,none", "true,both", "false,both", "true,initiator", "true,responder",
            "false,initiator", "false,responder"})
    void everyFieldOfTheTour(boolean crc, String markers) throws Exception {
        Plan p = new Plan().conn("c1", crc, markers, "");
        dissect(tour(p, "c1").close("c1", "a", "fin"));
    }

    @Test
    void revisionTwoWithIrdOrdAndPrivateData() throws Exception {
        Plan p = new Plan().conn("c1", true, "both", "revision: 2, ird: 7, ord: 300, privateData: \"hello\"");
        dissect(tour(p, "c1"));
    }

    @Test
    void sequenceNumbersWrapAround() throws Exception {
        Plan p = new Plan().conn("c1", true, "both", "isn: 4294967000, responderIsn: 4294967290, mss: 300");
        dissect(tour(p, "c1"));
    }

    @ParameterizedTest(name = "mss {0}")
    @ValueSource(ints = {64, 100, 333, 536})
    void smallMssCutsEveryFpduAcrossSegments(int mss) throws Exception {
        Plan p = new Plan().conn("c1", true, "both", "mss: " + mss);
        dissect(tour(p, "c1"));
    }

    /** Several FPDUs in one TCP segment, FPDUs straddling segment ends at any octet. */
    @ParameterizedTest(name = "markers {0}")
    @ValueSource(strings = {"none", "both"})
    void fpdusPackedIntoSegments(String markers) throws Exception {
        Plan p = new Plan().conn("c1", true, markers, "mss: 1460");
        p.write("c1", "b", 0x10, 0, 5000, 37, ", cuts: [100000]")
                .send("c1", "a", 3000, 5, false, ", cuts: [7, 30, 31, 1000000]")
                .read("c1", "a", 0x20, 0, 0x30, 0, 2000, 50, "");
        List<Cli.Pdu> pdus = dissect(p);
        // the frames of this capture hold many FPDUs each
        long frames = pdus.stream().filter(x -> !x.handshake() && x.direction().equals("responder") && x.rdmap().get("opcode").asInt() == 0)
                .mapToInt(Cli.Pdu::frame).distinct().count();
        assertThat(frames).isLessThan(10);
    }

    /** Markers at every 4-aligned offset of an FPDU: the first octet, DDP header, payload, just before the CRC. */
    @ParameterizedTest(name = "private data {0}")
    @ValueSource(ints = {0, 1, 5, 23})
    void markersAtEveryOffset(int pd) throws Exception {
        Plan p = new Plan().conn("c1", true, "both", "mss: 700" + (pd > 0 ? ", privateData: " + "x".repeat(pd) : ""));
        // FPDU 1 is 4 + 28 octets (marker at its first octet); FPDU 2 of 484 + 4 octets then has the
        // marker at stream offset 512 just before its CRC.
        p.send("c1", "a", 2, 1000, false, "").send("c1", "a", 460, 1000, false, "");
        for (int len = 0; len < 160; len++) {
            p.send("c1", len % 2 == 0 ? "a" : "b", len, 1000, false, "");
        }
        for (int len = 1; len < 200; len += 3) {
            p.write("c1", "a", 0x99, len, len, 1000, "");
        }
        List<Cli.Pdu> pdus = dissect(p);
        // where did the markers fall? offsets within the FPDU (from the model)
        WireModel m = new WireModel(dir.resolve("plan.pcap"));
        java.util.Set<String> where = new java.util.TreeSet<>();
        WireModel.Stream s = m.stream(40000, 4791);
        List<Plan.Exp> exps = p.expected("c1", "initiator");
        List<WireModel.Fpdu> f = s.fpdus(exps.stream().mapToInt(Plan.Exp::ulpduLength).toArray(), true);
        long s0 = s.mpaFrameLength();
        for (WireModel.Fpdu x : f) {
            for (long q = x.start(); q < x.end(); q++) {
                if ((q - s0) % 512 == 0) {
                    long off = q - x.start();
                    where.add(off == 0 ? "first" : off == x.end() - x.start() - 8 ? "before-crc"
                            : off < 18 ? "header" : "payload");
                }
            }
        }
        assertThat(where).contains("first", "before-crc", "header", "payload");
        assertThat(pdus).isNotEmpty();
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void randomTraffic(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        String[] markers = {"none", "both", "initiator", "responder"};
        String more = "mss: " + (64 + r.nextInt(1400)) + ", revision: " + (1 + r.nextInt(2))
                + (r.nextBoolean() ? ", isn: " + (4294967296L - r.nextInt(20000)) : "")
                + (r.nextBoolean() ? ", privateData: " + "p".repeat(1 + r.nextInt(40)) : "");
        Plan p = new Plan().conn("c1", r.nextBoolean(), markers[r.nextInt(4)], more);
        p.seed = seed;
        for (int i = 0; i < 40; i++) {
            String from = r.nextBoolean() ? "a" : "b";
            String cuts = r.nextInt(4) == 0 ? ", cuts: [" + (1 + r.nextInt(3000)) + ", 1000000]" : "";
            switch (r.nextInt(4)) {
                case 0 -> p.send("c1", from, r.nextInt(3000), 1 + r.nextInt(1500), r.nextBoolean(), cuts);
                case 1 -> p.write("c1", from, r.nextLong(1L << 32), r.nextLong(), 1 + r.nextInt(3000),
                        1 + r.nextInt(1500), cuts);
                case 2 -> p.read("c1", from, r.nextLong(1L << 32), r.nextLong(1L << 62), r.nextLong(1L << 32),
                        r.nextLong(1L << 62), 1 + r.nextInt(3000), 1 + r.nextInt(1500), "");
                default -> p.advertise("c1", from, 1 + r.nextInt(1 << 20), r.nextLong(1L << 62), r.nextInt(1 << 30),
                        "write", "");
            }
        }
        dissect(p);
    }

    /** Reordered and retransmitted TCP segments: each FPDU belongs to the frame that makes it contiguous. */
    @ParameterizedTest(name = "{0}, markers {1}")
    @CsvSource({"swap,none", "swap,both", "duplicate,none", "duplicate,both", "swap+duplicate,both"})
    void reorderedAndRetransmittedSegments(String kinds, String markers) throws Exception {
        StringBuilder f = new StringBuilder(", faults: [");
        int k = 0;
        for (String kind : kinds.split("\\+")) {
            for (int seg : new int[] {0, 2, 5}) {
                f.append(k++ == 0 ? "" : ", ").append("{kind: ").append(kind).append(", segment: ").append(seg).append('}');
            }
        }
        String faults = f.append(']').toString();
        Plan p = new Plan().conn("c1", true, markers, "mss: 300");
        p.send("c1", "a", 2000, 700, false, faults)
                .write("c1", "b", 0x10, 0, 3000, 333, faults + ", cuts: [1000000]")
                .send("c1", "b", 50, 100, false, "")
                .read("c1", "a", 0x20, 0, 0x30, 0, 1500, 200, faults);
        dissect(p);
    }
}
