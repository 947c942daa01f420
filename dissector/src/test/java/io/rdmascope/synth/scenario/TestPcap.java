package io.rdmascope.synth.scenario;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Minimal pcap reading for tests: records and their TCP fields. */
final class TestPcap {
    record Frame(int capLen, int origLen, byte[] data) {
        int tcpOff() { return 14 + 20; }
        int seq() { return ByteBuffer.wrap(data, tcpOff() + 4, 4).getInt(); }
        int flags() { return data[tcpOff() + 13] & 0xFF; }
        int srcPort() { return ((data[tcpOff()] & 0xFF) << 8) | (data[tcpOff() + 1] & 0xFF); }
        int payloadOff() { return tcpOff() + ((data[tcpOff() + 12] & 0xF0) >> 2); }
        int payloadLen() { return data.length - payloadOff(); }
        byte[] payload() { return java.util.Arrays.copyOfRange(data, payloadOff(), data.length); }
    }

    static List<Frame> read(byte[] pcap) {
        List<Frame> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(pcap);
        b.position(24);
        while (b.remaining() >= 16) {
            b.getInt();
            b.getInt();
            int cap = b.getInt();
            int orig = b.getInt();
            byte[] d = new byte[cap];
            b.get(d);
            out.add(new Frame(cap, orig, d));
        }
        return out;
    }

    static Scenario parse(String yaml) throws Exception {
        return new ScenarioParser().parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "scenario.yaml");
    }

    static byte[] synth(String yaml) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Synthesizer.write(parse(yaml), out);
        return out.toByteArray();
    }

    static List<Frame> dataFrames(byte[] pcap) {
        List<Frame> out = new ArrayList<>();
        for (Frame f : read(pcap)) {
            if (f.capLen() == f.origLen() && f.payloadLen() > 0) {
                out.add(f);
            }
        }
        return out;
    }

    static final String HEAD = String.join("\n",
            "hosts:",
            "  - {name: a, ip: 10.0.0.1}",
            "  - {name: b, ip: 10.0.0.2}",
            "connections:",
            "  - {name: c1, from: a:40000, to: b:4791, crc: true, markers: none}",
            "steps:",
            "");
}
