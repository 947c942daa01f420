package io.rdmascope.gui.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.gui.FakeCaptureModel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportsTest {
    private final FakeCaptureModel model = new FakeCaptureModel(Path.of("x.pcap"));

    @Test
    void analysisJsonUsesTheContractNames(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("a.json");
        Exports.analysisJson(model, out);
        JsonNode file = new ObjectMapper().readTree(out.toFile()).get("files").get(0);
        JsonNode t1 = file.get("transactions").get(0);
        assertThat(t1.get("stag").asText()).isEqualTo("0x0a000100");
        assertThat(t1.get("to").asText()).isEqualTo("0x0000000000100000");
        assertThat(t1.get("access").get(0).asText()).isEqualTo("write");
        assertThat(t1.get("completion").asText()).isEqualTo("send_with_invalidate");
        assertThat(t1.get("status").asText()).isEqualTo("complete");
        assertThat(file.get("transactions").get(2).get("completionFrame").isNull()).isTrue();
        assertThat(file.get("violations").get(0).get("code").asText()).isEqualTo("STAG_BOUNDS");
        assertThat(file.get("summary").get("violations").get("warning").asInt()).isEqualTo(2);
        assertThat(file.get("summary").get("transactions").get("violated").asInt()).isEqualTo(1);
    }

    @Test
    void pcapHasAClassicHeaderAndOneRecordPerFrame(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("s.pcap");
        assertThat(Exports.pcap(model, List.of(6L, 7L), out)).isEqualTo(2);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(0)).isEqualTo(0xa1b23c4d);
        assertThat(b.getShort(4)).isEqualTo((short) 2);
        assertThat(b.getInt(20)).isEqualTo(1);
        assertThat(b.getInt(24 + 8)).isEqualTo(98);
        int second = 24 + 16 + 98;
        assertThat(b.getInt(second + 8)).isEqualTo(1514);
        assertThat(b.capacity()).isEqualTo(second + 16 + 1514);
        assertThat(b.get(24 + 16 + 12)).isEqualTo((byte) 8);
    }
}
