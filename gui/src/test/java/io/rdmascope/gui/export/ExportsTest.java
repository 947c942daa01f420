package io.rdmascope.gui.export;

import io.rdmascope.engine.NicSettings;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.gui.Samples;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportsTest {
    @TempDir
    static Path tmp;
    private static PipelineCaptureModel model;

    @org.junit.jupiter.api.BeforeAll
    static void load() throws Exception {
        model = Samples.loaded(Samples.synth("bounds.yaml", tmp));
    }

    @Test
    void analysisJsonUsesTheContractNames(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("a.json");
        Exports.analysisJson(model, NicSettings.DEFAULTS, out);
        JsonNode file = new ObjectMapper().readTree(out.toFile()).get("files").get(0);
        JsonNode t1 = file.get("transactions").get(0);
        assertThat(t1.get("stag").asText()).isEqualTo("0x00001234");
        assertThat(t1.get("to").asText()).isEqualTo("0x0000000000010000");
        assertThat(t1.get("access").get(0).asText()).isEqualTo("write");
        assertThat(t1.get("completion").asText()).isEqualTo("send_with_invalidate");
        assertThat(t1.get("status").asText()).isEqualTo("complete");
        assertThat(file.get("violations").get(0).get("code").asText()).isEqualTo("STAG_BOUNDS");
        assertThat(file.get("summary").get("violations").get("error").asInt()).isEqualTo(1);
        assertThat(file.get("summary").get("transactions").get("oneshot").get("violated").asInt()).isEqualTo(1);

        java.io.ByteArrayOutputStream cli = new java.io.ByteArrayOutputStream();
        io.rdmascope.cli.Main.run(new String[] {"analyze", "--format", "json", model.file().toString()},
                new java.io.PrintStream(cli, true), System.err);
        assertThat(new ObjectMapper().readTree(out.toFile())).isEqualTo(new ObjectMapper().readTree(cli.toByteArray()));
    }

    @Test
    void pcapHasAClassicHeaderAndOneRecordPerFrame(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("s.pcap");
        assertThat(Exports.pcap(model, List.of(3L, 18L), out)).isEqualTo(2);
        int first = model.bytes(3).length, second18 = model.bytes(18).length;
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(0)).isEqualTo(0xa1b23c4d);
        assertThat(b.getShort(4)).isEqualTo((short) 2);
        assertThat(b.getInt(20)).isEqualTo(1);
        assertThat(b.getInt(24 + 8)).isEqualTo(first);
        int second = 24 + 16 + first;
        assertThat(b.getInt(second + 8)).isEqualTo(second18);
        assertThat(b.capacity()).isEqualTo(second + 16 + second18);
        assertThat(b.get(24 + 16 + 12)).isEqualTo((byte) 8);
    }
}
