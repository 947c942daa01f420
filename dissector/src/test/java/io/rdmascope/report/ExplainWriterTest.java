package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainWriterTest {
    @Test
    void addressDropsThePort() {
        assertThat(ExplainWriter.address("10.0.0.1:40000")).isEqualTo("10.0.0.1");
        assertThat(ExplainWriter.address("[fe80::1]:4791")).isEqualTo("fe80::1");
        assertThat(ExplainWriter.address(null)).isEqualTo("?");
    }

    @Test
    void stepsAndViolationsAreToldByFrameInTheEnginesOrder() {
        ExplainWriter w = new ExplainWriter();
        List<Violation> seen = new ArrayList<>();
        EngineListener l = w.alongside(new EngineListener() {
            @Override
            public void violation(Violation v) {
                seen.add(v);
            }

            @Override
            public void transaction(Transaction t) {}
        });
        assertThat(l.wantsSteps()).isTrue();
        l.step(8, "c1", "10.0.0.1:40000", "driver", "driver posts one command: advertise STag 0x00000001");
        Violation v = new Violation(ViolationCode.STAG_BOUNDS, Severity.ERROR, 14, "c1", 1L, "t1",
                "RDMA Write leaves the region", "RFC 5040 section 6.4");
        l.violation(v);
        l.step(10, "c1", "10.0.0.2:4791", "NIC", "NIC sends an RDMA Write");
        l.step(14, "c1", "10.0.0.1:40000", "NIC", "NIC refuses");
        assertThat(seen).containsExactly(v);

        StringWriter out = new StringWriter();
        w.write(new FileAnalysis("x.pcap", 20, List.of(), List.of(), List.of(v), null), new PrintWriter(out));
        assertThat(out.toString()).isEqualTo(String.join("\n",
                "x.pcap: what each endpoint's driver and NIC did, frame by frame",
                "",
                "frame 8     c1  10.0.0.1 driver  posts one command: advertise STag 0x00000001",
                "frame 10    c1  10.0.0.2 NIC     sends an RDMA Write",
                "frame 14    c1  violation        STAG_BOUNDS (error): RDMA Write leaves the region [RFC 5040 section 6.4]",
                "frame 14    c1  10.0.0.1 NIC     refuses",
                "",
                "20 frames, 0 transactions: 1 error, 0 warnings, 0 notes",
                ""));
    }
}
