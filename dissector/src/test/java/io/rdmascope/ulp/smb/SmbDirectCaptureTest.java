package io.rdmascope.ulp.smb;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.UlpMessage;
import io.rdmascope.ulp.tools.UlpReplay;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The decoder on the kernel's cifs client and ksmbd over siw (cifs mount vers=3.0, rdma). */
class SmbDirectCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_smbdirect_mtu1500_tso.pcap");
    static List<UlpReplay.Decoded> decoded;
    static List<UlpReplay.Access> accesses;

    @BeforeAll
    static void replay() throws IOException {
        decoded = UlpReplay.decode(new SmbDirect(), CAPTURE);
        accesses = UlpReplay.accesses(CAPTURE);
    }

    @Test
    void dump() {
        for (UlpReplay.Decoded d : decoded) {
            UlpMessage m = d.message();
            System.out.println(d.frame() + " " + (d.fromInitiator() ? ">" : "<") + " " + m.role + " " + m.correlation + " "
                    + m.fields + " " + m.summary + " " + m.advertisements + " " + m.problems);
        }
        accesses.stream().limit(20).forEach(System.out::println);
    }
}
