package io.rdmascope.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.testing.AnalysisJson;
import io.rdmascope.testing.PcapRecords;
import io.rdmascope.testing.RealCaptures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Captures in Endace's Extensible Record Format (pcap link type 197), the form in which NVIDIA's
 * ibdump writes the traffic of InfiniBand ports: every frame's ERF record is read to the packet it
 * holds, so the analysis is that of the packets themselves.
 */
class ErfTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} as ERF type {1} with {2} extension headers")
    @CsvSource({
        "roce-infiniband.pcap, 21, 0",
        "roce-infiniband.pcap, 21, 2",
        "roce-ulp-nvme.pcap, 2, 0",
        "roce-go-back-n.pcap, 2, 1",
        "ulp-nfs.pcap, 2, 0",
        "oneshot-read.pcap, 2, 3"
    })
    void aCaptureInErfRecordsIsAnalysedAsThePacketsTheyHold(String sample, int erfType, int extensions)
            throws Exception {
        Path capture = Path.of("..", "samples", sample);
        Path erf = dir.resolve("erf-" + sample);
        Files.write(erf, PcapRecords.asErf(Files.readAllBytes(capture), erfType, extensions));
        JsonNode analysis = AnalysisJson.of(erf);
        assertThat(analysis).isEqualTo(AnalysisJson.of(capture));
        assertThat(analysis.toString()).contains("\"transactions\"");
    }

    @Test
    void aRealRoceCaptureInErfRecordsIsAnalysedAsItsFrames() throws Exception {
        Path rxe = RealCaptures.dir().resolve("rxe").resolve("rxeloss_read_bw_65536_mtu1500.pcap");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(rxe), "the rxe captures are not at hand");
        Path erf = dir.resolve("erf-rxe.pcap");
        Files.write(erf, PcapRecords.asErf(Files.readAllBytes(rxe), PcapRecords.ERF_ETHERNET, 0));
        assertThat(AnalysisJson.of(erf)).isEqualTo(AnalysisJson.of(rxe));
    }

    /** The detail tree shows the ERF record header, then the frame it holds, as Wireshark's does. */
    @Test
    void theDetailTreeShowsTheRecordHeaderThenThePacket() throws Exception {
        byte[] ethernet = PcapRecords.first(PcapRecords.asErf(Files.readAllBytes(Path.of("..", "samples", "roce-write.pcap")),
                PcapRecords.ERF_ETHERNET, 1));
        assertThat(names(NetFields.layers(packet(ethernet)))).containsExactly("frame", "erf", "eth", "ip", "udp");
        FieldNode erf = NetFields.layers(packet(ethernet)).get(1);
        assertThat(erf.length()).as("16 octets of header, one extension header").isEqualTo(24);
        assertThat(names(erf.children())).contains("erf.types.type", "erf.rlen", "erf.wlen");

        byte[] ib = PcapRecords.first(PcapRecords.asErf(Files.readAllBytes(Path.of("..", "samples", "roce-infiniband.pcap")),
                PcapRecords.ERF_INFINIBAND, 0));
        PacketDecoder decoder = new PacketDecoder();
        IbFrame frame = new IbFrame();
        assertThat(decoder.decode(packet(ib), new TcpSegment(), frame)).isEqualTo(PacketDecoder.IB);
        assertThat(frame.encapsulation).isEqualTo(IbFrame.Encapsulation.INFINIBAND);
        assertThat(frame.networkOffset).as("the LRH, after the record header").isEqualTo(16);
    }

    /** Records cut anywhere, extension headers that never end, types nobody reads: read safely, nothing found. */
    @Test
    void damagedRecordsAreReadSafely() throws Exception {
        byte[] good = PcapRecords.first(PcapRecords.asErf(Files.readAllBytes(Path.of("..", "samples", "roce-infiniband.pcap")),
                PcapRecords.ERF_INFINIBAND, 2));
        PacketDecoder decoder = new PacketDecoder();
        IbFrame frame = new IbFrame();
        byte[] endless = good.clone();
        Arrays.fill(endless, 0, Math.min(endless.length, 200), (byte) 0xff);
        assertThat(decoder.decode(packet(endless), new TcpSegment(), frame)).isEqualTo(PacketDecoder.NONE);
        Random r = new Random(11);
        for (int i = 0; i < 20000; i++) {
            byte[] f = good.clone();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                f[r.nextInt(Math.min(f.length, 48))] = (byte) r.nextInt(256);
            }
            f = Arrays.copyOf(f, r.nextInt(f.length + 1));
            decoder.decode(packet(f), new TcpSegment(), frame);
            assertThat(NetFields.layers(packet(f))).isNotEmpty();
        }
    }

    private static Packet packet(byte[] record) {
        Packet p = new Packet();
        p.frame = 1;
        p.linkType = Erf.LINK_TYPE;
        p.data = record;
        p.offset = 0;
        p.length = record.length;
        p.originalLength = record.length;
        return p;
    }

    private static List<String> names(List<FieldNode> nodes) {
        List<String> names = new ArrayList<>();
        for (FieldNode n : nodes) {
            names.add(n.name());
        }
        return names;
    }

}
