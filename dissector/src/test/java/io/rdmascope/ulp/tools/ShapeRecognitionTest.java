package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.smb.SmbDirect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shape recognisers of rping, perftest, rsockets and SMB Direct against every siw capture:
 * each claims messages of its own captures and nothing of the others' (NFS, NVMe/RDMA, iSER,
 * ucmatose and the other tools).
 */
class ShapeRecognitionTest {
    static final Map<String, List<CapturedMessages.Message>> CAPTURES = new TreeMap<>();

    @BeforeAll
    static void load() throws IOException {
        try (Stream<Path> files = Files.list(RealCaptures.file("siw"))) {
            files.filter(p -> p.toString().endsWith(".pcap")).forEach(p -> {
                try {
                    CAPTURES.put(p.getFileName().toString(), CapturedMessages.of(p));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        assertThat(CAPTURES).hasSize(15);
    }

    static long claimedSends(Ulp ulp, List<CapturedMessages.Message> messages) {
        return messages.stream().filter(CapturedMessages.Message::isSend).filter(m -> ulp.recognizes(m.input())).count();
    }

    static long claimedPrivateData(Ulp ulp, List<CapturedMessages.Message> messages) {
        return messages.stream().filter(CapturedMessages.Message::handshake)
                .filter(m -> ulp.recognizesPrivateData(m.payload(), 0, m.payload().length, m.fromInitiator())).count();
    }

    @Test
    void rpingClaimsOnlyTheClientsBufferInfoOfTheRpingCaptures() {
        Ulp u = new Rping();
        CAPTURES.forEach((name, messages) -> {
            long claimed = claimedSends(u, messages);
            assertThat(claimed).as(name).isEqualTo(name.contains("rping") ? 6 : 0);
        });
    }

    @Test
    void perftestClaimsOnlyThePingpongDestsOfThePerftestCaptures() {
        Ulp u = new Perftest();
        CAPTURES.forEach((name, messages) -> {
            boolean own = name.matches("std_(write|read|send)_(bw|lat)_.*");
            long claimed = claimedSends(u, messages);
            if (own) {
                assertThat(claimed).as(name).isGreaterThanOrEqualTo(2);
            } else {
                assertThat(claimed).as(name).isZero();
            }
        });
    }

    @Test
    void rsocketsClaimsOnlyTheConnectionDataOfTheRstreamCapture() {
        Ulp u = new Rsockets();
        CAPTURES.forEach((name, messages) -> {
            assertThat(claimedPrivateData(u, messages)).as(name).isEqualTo(name.contains("rstream") ? 2 : 0);
            assertThat(claimedSends(u, messages)).as(name).isZero();
        });
    }

    @Test
    void smbDirectClaimsOnlyTheMessagesOfTheSmbDirectCapture() {
        Ulp u = new SmbDirect();
        CAPTURES.forEach((name, messages) -> {
            long claimed = claimedSends(u, messages);
            if (name.contains("smbdirect")) {
                assertThat(claimed).as(name).isGreaterThan(80);
            } else {
                assertThat(claimed).as(name).isZero();
            }
        });
    }

    @Test
    void smbDirectClaimsTheNegotiationThatOpensAConnection() {
        Ulp u = new SmbDirect();
        List<CapturedMessages.Message> sends = CAPTURES.get("std_smbdirect_mtu1500_tso.pcap").stream()
                .filter(CapturedMessages.Message::isSend).limit(2).toList();
        assertThat(sends).allSatisfy(m -> assertThat(u.recognizes(m.input())).isTrue());
    }
}
