package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.report.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FieldsCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private int run(String... args) {
        Main.Env env = new Main.Env(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Fixtures.source(),
                Fixtures.engine());
        return Main.run(args, env);
    }

    @Test
    void listsOneFieldPerLineAsTsharkDoes() {
        assertThat(run("fields")).isZero();
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).anyMatch(l -> l.startsWith("ddp.stag\tnumber\tiwarp_ddp.stag\tThe (Data Sink) STag"));
        assertThat(lines).anyMatch(l -> l.startsWith("ddp.rsvdulp\tnumber\t\t"));
        assertThat(lines).anyMatch(l -> l.startsWith("ddp.rsvdulp_octets\tbytes\tiwarp_ddp.rsvdulp\t"));
        assertThat(lines).anyMatch(l -> l.startsWith("mpa.marker_flag\tboolean\tiwarp_mpa.marker_flag\t"));
        assertThat(lines).anyMatch(l -> l.equals("connection\tstring\t\tThe MPA connection of the frame's PDUs or"
                + " stream issues (c1, c2, ...)"));
        assertThat(lines).allMatch(l -> l.split("\t", -1).length == 4);
        assertThat(lines).anyMatch(l -> l.startsWith("rdmap.hdrct_m\tboolean\tiwarp_rdma.term_hdrct_m\t"));
        assertThat(lines).noneMatch(l -> l.startsWith("rdmap.add_or_swap_data\t"));
    }

    @Test
    void jsonAndAllIncludeTheTreesOwnFields() throws Exception {
        assertThat(run("fields", "--format", "json", "--all")).isZero();
        JsonNode a = new ObjectMapper().readTree(out.toByteArray());
        JsonNode m = null;
        for (JsonNode f : a) {
            if (f.get("name").asText().equals("rdmap.add_or_swap_data")) {
                m = f;
            }
        }
        assertThat(m).isNotNull();
        assertThat(m.get("filter").asBoolean()).isFalse();
        assertThat(a.get(0).get("name").asText()).isEqualTo("frame.number");
    }
}
