package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.testing.Tshark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every InfiniBand field that has a Wireshark name (BTH, DETH, RETH, AETH, the atomic headers,
 * ImmDt, IETH, the ICRC and the CM messages) has tshark's value on every frame of the RoCE
 * captures: {@code dissect -T fields} against {@code tshark -T fields}, line for line.
 */
class RoceFieldsTest {
    static List<Path> captures() throws Exception {
        return RoceCapturesTest.captures().toList();
    }

    static List<String> wiresharkNames() {
        List<String> names = new ArrayList<>();
        for (Field f : Fields.reading(IbPacket.class)) {
            if (f.wireshark() != null) {
                names.add(f.wireshark());
            }
        }
        return names;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyFieldHasTsharksValueOnEveryFrame(Path capture) {
        List<String> names = wiresharkNames();
        assertThat(names).contains("infiniband.bth.psn", "infiniband.reth.r_key", "infiniband.aeth.syndrome",
                "infiniband.deth.srcqp", "infiniband.ieth", "infiniband.immdt", "infiniband.cm.req.localqpn");
        List<String[]> truth = Tshark.fields(capture, List.of("-E", "occurrence=f"), names.toArray(String[]::new));
        assumeTrue(truth != null, "tshark is not available");
        List<String> args = new ArrayList<>(List.of("dissect", "-T", "fields", "-E", "separator=;", "-E", "occurrence=f"));
        for (String n : names) {
            args.add("-e");
            args.add(n);
        }
        args.add(capture.toString());
        String[] ours = Cli.run(args.toArray(String[]::new)).split("\n", -1);
        assertThat(ours.length - 1).as("frames of %s", capture).isEqualTo(truth.size());
        int icrc = names.indexOf("infiniband.invariant.crc");
        for (int i = 0; i < truth.size(); i++) {
            String[] row = ours[i].split(";", -1);
            String[] want = truth.get(i);
            assertThat(row).hasSameSizeAs(want);
            for (int k = 0; k < want.length; k++) {
                if (k == icrc && want[k].isEmpty()) {
                    // tshark leaves the ICRC out of a packet whose payload an upper-layer heuristic
                    // claimed and failed on (perftest's 4-octet Sends as RPC-over-RDMA): docs/cli.md
                    continue;
                }
                assertThat(row[k]).as("%s of frame %d of %s", names.get(k), i + 1, capture.getFileName())
                        .isEqualTo(want[k]);
            }
        }
    }
}
