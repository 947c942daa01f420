package io.rdmascope.ulp.iser;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.nvme.Decoded;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IserRealCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_iser_mtu1500_tso.pcap");

    @Test
    void dump() throws Exception {
        Decoded d = Decoded.of(CAPTURE, new Iser());
        for (Decoded.Message m : d.messages) {
            System.out.println(m.frame() + " " + m.connection() + " " + m.input().payload().length + " " + m.decoded().role + " " + m.decoded().correlation + " "
                    + m.decoded().summary + " " + m.decoded().fields + " " + m.decoded().advertisements + " " + m.decoded().problems);
        }
        for (Decoded.Access a : d.accesses) {
            System.out.println(a + " -> " + d.covering(a));
        }
    }
}
