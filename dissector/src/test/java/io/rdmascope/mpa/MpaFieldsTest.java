package io.rdmascope.mpa;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.tcp.Direction;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MpaFieldsTest {
    private static String[] names(String... names) {
        return Arrays.stream(names).map(Fields::canonical).toArray(String[]::new);
    }

    @Test
    void handshakeTreeNamesEveryField() {
        MpaHandshake h = new MpaHandshake(4, 4 * 1_000_000L, Direction.FROM_INITIATOR, true, true, false, false, true, 0, 2, 8,
                new byte[8], 16, 0x3fff, 2, 0, 0, 28);
        FieldNode n = MpaFields.handshake(h);
        assertThat(n.name()).isEqualTo("mpa");
        // The tree's former names reach the same nodes through the field registry.
        assertThat(n.children()).extracting(FieldNode::name).containsExactly(names("mpa.key", "mpa.flags.marker",
                "mpa.flags.crc", "mpa.flags.reject", "mpa.flags.enhanced", "mpa.rev", "mpa.pd_length", "mpa.ird",
                "mpa.ord"));
        assertThat(n.children().get(0).value()).isEqualTo("request");
        assertThat(n.children().get(7).value()).isEqualTo(16L);
        assertThat(n.children()).allMatch(c -> c.label() != null && !c.label().isEmpty());
    }

    @Test
    void fpduTreeCarriesCrcCheckAndMarkers() {
        Fpdu f = new Fpdu();
        f.ulpduLength = 28;
        f.padLength = 2;
        f.crcField = 0x12345678L;
        f.crcComputed = 0x12345678L;
        f.crcOk = true;
        f.markers = 2;
        FieldNode n = MpaFields.fpdu(f);
        assertThat(n.children()).extracting(FieldNode::name).containsExactly("mpa.ulpdu_length", "mpa.pad_length",
                "mpa.crc", "mpa.crc_ok", "mpa.markers");
        assertThat(n.children().get(2).display()).isEqualTo("0x12345678");
        assertThat(n.children().get(3).value()).isEqualTo(true);
        f.crcOk = false;
        f.crcComputed = 0x0badc0deL;
        assertThat(MpaFields.fpdu(f).children().get(3).display()).isEqualTo("bad (computed 0x0badc0de)");
        f.crcOk = null;
        assertThat(MpaFields.fpdu(f).children().get(3).value()).isNull();
    }
}
