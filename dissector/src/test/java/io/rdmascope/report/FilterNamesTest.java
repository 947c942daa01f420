package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.filter.FilterFields;
import org.junit.jupiter.api.Test;

/** Display filters take Wireshark's names as synonyms and test protocols for presence. */
class FilterNamesTest {
    private static int frames(String filter) throws Exception {
        return new ObjectMapper().readTree(DissectWritersTest.json(filter)).size();
    }

    @Test
    void wiresharkNamesAreSynonyms() throws Exception {
        assertThat(frames("iwarp_ddp.stag == 0x1234")).isEqualTo(frames("ddp.stag == 0x1234")).isEqualTo(3);
        assertThat(frames("iwarp_ddp.tagged_offset >= 0x11000")).isEqualTo(2);
        assertThat(frames("iwarp_rdma.opcode == 3")).isEqualTo(frames("rdmap.opcode == 3")).isEqualTo(1);
        assertThat(frames("iwarp_mpa.rev == 2 && iwarp_mpa.crc_flag")).isEqualTo(1);
        assertThat(frames("ddp.stag == iwarp_ddp.stag")).isEqualTo(3);
        DisplayFilter f = DisplayFilter.compile("iwarp_ddp.stag == 1 || iwarp_rdma.sinkstag == 2");
        assertThat(f.fields()).containsExactly("ddp.stag", "rdmap.sink_stag");
        assertThat(f.uses("ddp")).isTrue();
    }

    @Test
    void protocolsAreTestedForPresence() throws Exception {
        assertThat(frames("mpa")).isEqualTo(frames("iwarp_mpa")).isEqualTo(5);
        assertThat(frames("ddp")).isEqualTo(frames("iwarp_ddp")).isEqualTo(4);
        assertThat(frames("rdmap && ddp.tagged == 0")).isEqualTo(frames("iwarp_rdma && iwarp_ddp.tagged_flag == 0"))
                .isEqualTo(1);
        assertThat(frames("!ddp")).isEqualTo(12);
        assertThat(DisplayFilter.compile("iwarp_ddp").uses("ddp")).isTrue();
        assertThatThrownBy(() -> DisplayFilter.compile("ddp == 1")).isInstanceOf(FilterException.class)
                .hasMessageContaining("column 5").hasMessageContaining("protocol");
    }

    @Test
    void numberChecksNameTheFieldAsWritten() {
        assertThatThrownBy(() -> DisplayFilter.compile("iwarp_ddp.stag == x")).isInstanceOf(FilterException.class)
                .hasMessageContaining("for iwarp_ddp.stag");
    }

    @Test
    void theFilterTableIsTheRegistrysFilterableFields() {
        for (Field f : Fields.all()) {
            assertThat(FilterFields.known(f.name())).as(f.name()).isEqualTo(f.filterable());
            if (f.wireshark() != null) {
                assertThat(FilterFields.canonical(f.wireshark())).isEqualTo(f.filterable() ? f.name() : f.wireshark());
            }
        }
        // The names of the tree before the registry are not filter names.
        assertThat(FilterFields.known("ddp.rsvd")).isFalse();
        assertThat(FilterFields.known("mpa.flags.marker")).isFalse();
    }
}
