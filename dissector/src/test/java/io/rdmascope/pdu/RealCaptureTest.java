package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Decodes the ULPDUs of a real capture (one FPDU per TCP segment, no markers) and compares every
 * field with what tshark's iWARP dissector shows.
 */
class RealCaptureTest {
    private static final Path CAPTURE = io.rdmascope.testing.RealCaptures.file("softuiwarp-send-read.pcap");

    /** Frame number to decoded segment, taking the FPDU after the 20-octet MPA Request and Reply. */
    private static Map<Integer, DdpSegment> decodeCapture(byte[] pcap) {
        Map<Integer, DdpSegment> out = new HashMap<>();
        boolean little = (pcap[0] & 0xff) == 0xd4;
        int pos = 24;
        int frame = 0;
        while (pos + 16 <= pcap.length) {
            frame++;
            int incl = u32(pcap, pos + 8, little);
            int p = pos + 16;
            int ip = p + 14;
            int ihl = (pcap[ip] & 0x0f) * 4;
            int totalLength = ((pcap[ip + 2] & 0xff) << 8) | (pcap[ip + 3] & 0xff);
            int tcp = ip + ihl;
            int dataOffset = ((pcap[tcp + 12] & 0xf0) >> 4) * 4;
            int payload = tcp + dataOffset;
            int payloadLength = totalLength - ihl - dataOffset;
            if (payloadLength > 20) {
                int ulpduLength = ((pcap[payload] & 0xff) << 8) | (pcap[payload + 1] & 0xff);
                out.put(frame, PduDecoder.decode(pcap, payload + 2, ulpduLength));
            }
            pos += 16 + incl;
        }
        return out;
    }

    private static int u32(byte[] b, int at, boolean little) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int octet = b[at + (little ? 3 - i : i)] & 0xff;
            v = (v << 8) | octet;
        }
        return v;
    }

    private static boolean tsharkAvailable() {
        try {
            Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void fieldsMatchTshark() throws Exception {
        assumeTrue(Files.isReadable(CAPTURE), "capture not present");
        assumeTrue(tsharkAvailable(), "tshark not on PATH");
        Map<Integer, DdpSegment> ours = decodeCapture(Files.readAllBytes(CAPTURE));

        List<String> cmd = List.of("tshark", "-r", CAPTURE.toString(), "-Y", "iwarp_ddp", "-T", "fields",
                "-E", "separator=,", "-e", "frame.number", "-e", "iwarp_ddp.tagged_flag", "-e", "iwarp_ddp.last_flag",
                "-e", "iwarp_ddp.dv", "-e", "iwarp_ddp.qn", "-e", "iwarp_ddp.msn", "-e", "iwarp_ddp.mo",
                "-e", "iwarp_rdma.version", "-e", "iwarp_rdma.opcode", "-e", "iwarp_rdma.sinkstag",
                "-e", "iwarp_rdma.sinkto", "-e", "iwarp_rdma.rdmardsz", "-e", "iwarp_rdma.srcstag",
                "-e", "iwarp_rdma.srcto");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                rows.add(line.split(",", -1));
            }
        }
        p.waitFor(60, TimeUnit.SECONDS);
        assertThat(rows).hasSize(5);
        assertThat(ours).hasSize(rows.size());

        for (String[] f : rows) {
            int frame = Integer.parseInt(f[0]);
            DdpSegment s = ours.get(frame);
            assertThat(s).as("frame %d", frame).isNotNull();
            assertThat(s.malformed).as("frame %d", frame).isNull();
            assertThat(s.tagged).isEqualTo(f[1].equals("1") || f[1].equalsIgnoreCase("true"));
            assertThat(s.last).isEqualTo(f[2].equals("1") || f[2].equalsIgnoreCase("true"));
            assertThat((long) s.dv).isEqualTo(Long.decode(f[3]));
            assertThat(s.qn).isEqualTo(Long.decode(f[4]));
            assertThat(s.msn).isEqualTo(Long.decode(f[5]));
            assertThat(s.mo).isEqualTo(Long.decode(f[6]));
            assertThat((long) s.rdmapVersion).isEqualTo(Long.decode(f[7]));
            assertThat((long) s.opcode).isEqualTo(Long.decode(f[8]));
            if (!f[9].isEmpty()) {
                assertThat(s.readRequest).isNotNull();
                assertThat(PduSummary.stag(s.readRequest.sinkStag())).isEqualTo(f[9]);
                assertThat(PduSummary.to(s.readRequest.sinkTo())).isEqualTo(f[10]);
                assertThat(s.readRequest.readSize()).isEqualTo(Long.decode(f[11]));
                assertThat(PduSummary.stag(s.readRequest.sourceStag())).isEqualTo(f[12]);
                assertThat(PduSummary.to(s.readRequest.sourceTo())).isEqualTo(f[13]);
            } else {
                assertThat(s.readRequest).isNull();
            }
        }
    }
}
