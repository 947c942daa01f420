package io.rdmascope.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DisplayFilterTest {
    /** A context from a literal map. */
    static FilterContext ctx(Object... kv) {
        Map<String, List<?>> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            m.put((String) kv[i], v instanceof List ? (List<?>) v : List.of(v));
        }
        return f -> m.getOrDefault(f, List.of());
    }

    static boolean eval(String filter, FilterContext c) throws FilterException {
        return DisplayFilter.compile(filter).test(c);
    }

    static FilterException error(String filter) {
        try {
            DisplayFilter.compile(filter);
        } catch (FilterException e) {
            return e;
        }
        throw new AssertionError("no error for " + filter);
    }

    @Test
    void comparesNumbersInDecimalAndHex() throws Exception {
        FilterContext c = ctx("ddp.stag", 0x1234L, "frame.number", 15L);
        assertThat(eval("ddp.stag == 0x1234", c)).isTrue();
        assertThat(eval("ddp.stag == 4660", c)).isTrue();
        assertThat(eval("ddp.stag != 0x1234", c)).isFalse();
        assertThat(eval("frame.number > 10 && frame.number <= 15", c)).isTrue();
        assertThat(eval("frame.number < 15", c)).isFalse();
        assertThat(eval("frame.number >= 15", c)).isTrue();
        assertThat(eval("frame.number eq 15 and not frame.number gt 20", c)).isTrue();
    }

    @Test
    void comparesUnsigned64BitOffsets() throws Exception {
        FilterContext c = ctx("ddp.to", 0xFFFF_FFFF_FFFF_0000L);
        assertThat(eval("ddp.to > 0x10000", c)).isTrue();
        assertThat(eval("ddp.to == 0xffffffffffff0000", c)).isTrue();
    }

    @Test
    void andBindsTighterThanOr() throws Exception {
        FilterContext c = ctx("frame.number", 1L);
        // true || (false && false) = true; (true || false) && false would be false
        assertThat(eval("frame.number == 1 || frame.number == 2 && frame.number == 3", c)).isTrue();
        assertThat(eval("(frame.number == 1 || frame.number == 2) && frame.number == 3", c)).isFalse();
        assertThat(eval("!frame.number == 2 && frame.number == 1", c)).isTrue();
        assertThat(eval("not (frame.number == 1 or frame.number == 2)", c)).isFalse();
    }

    @Test
    void presenceAndBooleanFields() throws Exception {
        assertThat(eval("ddp.sv", ctx("ddp.sv", true))).isTrue();
        assertThat(eval("ddp.sv", ctx("ddp.sv", false))).as("present, as in Wireshark").isTrue();
        assertThat(eval("ddp.sv", ctx())).isFalse();
        assertThat(eval("!ddp.sv", ctx("ddp.sv", false))).isFalse();
        assertThat(eval("ddp.sv == 0", ctx("ddp.sv", false))).isTrue();
        assertThat(eval("ddp.stag", ctx("ddp.stag", 0L))).isTrue();
        assertThat(eval("ddp.tagged == 1", ctx("ddp.tagged", true))).isTrue();
        assertThat(eval("ddp.tagged == false", ctx("ddp.tagged", true))).isFalse();
        assertThat(eval("mpa.crc_ok == false", ctx("mpa.crc_ok", false))).isTrue();
    }

    @Test
    void multipleValuesMatchAnyForEqualAndNoneForNotEqual() throws Exception {
        FilterContext c = ctx("ddp.stag", List.of(1L, 2L));
        assertThat(eval("ddp.stag == 2", c)).isTrue();
        assertThat(eval("ddp.stag != 2", c)).isFalse();
        assertThat(eval("ddp.stag != 3", c)).isTrue();
        assertThat(eval("ddp.stag != 3", ctx())).isFalse();
    }

    @Test
    void stringsViolationsAndTransactions() throws Exception {
        FilterContext c = ctx("violation", List.of("STAG_BOUNDS", "TCP_GAP"), "violation.code",
                List.of("STAG_BOUNDS", "TCP_GAP"), "violation.severity", List.of("error", "warning"),
                "transaction", "t3", "ip.src", "10.0.0.1");
        assertThat(eval("violation", c)).isTrue();
        assertThat(eval("violation", ctx())).isFalse();
        assertThat(eval("violation.code == \"STAG_BOUNDS\"", c)).isTrue();
        assertThat(eval("violation.code == STAG_ACCESS", c)).isFalse();
        assertThat(eval("violation.severity == \"error\"", c)).isTrue();
        assertThat(eval("transaction == t3", c)).isTrue();
        assertThat(eval("transaction == t4", c)).isFalse();
        assertThat(eval("ip.src == 10.0.0.1", c)).isTrue();
        assertThat(eval("rdmap.opcode_name == \"RDMA Write\"", ctx("rdmap.opcode_name", "RDMA Write"))).isTrue();
    }

    @Test
    void fieldAgainstField() throws Exception {
        assertThat(eval("tcp.srcport == tcp.dstport", ctx("tcp.srcport", 5L, "tcp.dstport", 5L))).isTrue();
        assertThat(eval("tcp.srcport < tcp.dstport", ctx("tcp.srcport", 5L, "tcp.dstport", 5L))).isFalse();
    }

    @Test
    void blankFilterMatchesEverything() throws Exception {
        assertThat(DisplayFilter.compile("  ").matchesAll()).isTrue();
        assertThat(eval("", ctx())).isTrue();
    }

    @Test
    void reportsTheFieldsItUses() throws Exception {
        DisplayFilter f = DisplayFilter.compile("violation.code == X || ddp.stag == 1");
        assertThat(f.uses("violation")).isTrue();
        assertThat(f.uses("transaction")).isFalse();
        assertThat(f.fields()).containsExactly("ddp.stag", "violation.code");
    }

    @Test
    void errorsNameTheColumn() {
        assertThat(error("ddp.stag == ").getMessage())
                .isEqualTo("filter: column 13: expected a value after '==', found the end of the filter");
        assertThat(error("frame.number == && ddp.sv").getMessage())
                .isEqualTo("filter: column 17: expected a value after '==', found '&&'");
        assertThat(error("ddp.stagg == 1").getMessage()).isEqualTo("filter: column 1: unknown field 'ddp.stagg'");
        assertThat(error("(ddp.sv").getMessage())
                .isEqualTo("filter: column 8: expected ')' to close the '(' at column 1, found the end of the filter");
        assertThat(error("ddp.sv)").column()).isEqualTo(7);
        assertThat(error("ddp.sv & ddp.ab").getMessage())
                .isEqualTo("filter: column 10: expected a number after '&', found 'ddp.ab'");
        assertThat(error("ddp.sv | ddp.ab").getMessage())
                .isEqualTo("filter: column 8: unexpected '|' (did you mean '||'?)");
        assertThat(error("ddp.stag = 1").column()).isEqualTo(10);
        assertThat(error("ddp.stag == abc").getMessage())
                .isEqualTo("filter: column 13: expected a number after '==' for ddp.stag, found 'abc'");
        assertThat(error("violation.code == \"X").getMessage()).isEqualTo("filter: column 19: unterminated string");
        assertThat(error("ddp.sv ddp.ab").getMessage())
                .isEqualTo("filter: column 8: expected '&&', '||' or the end of the filter, found 'ddp.ab'");
        assertThat(error("&& ddp.sv").column()).isEqualTo(1);
        assertThat(error("15 == frame.number").getMessage()).contains("column 1", "expected a field");
        assertThat(error("ddp.sv #").getMessage()).isEqualTo("filter: column 8: unexpected character '#'");
        assertThat(error("ddp.tagged == 2").reason()).startsWith("expected true, false, 1 or 0");
    }

    @Test
    void neverThrowsAnythingButFilterExceptionOnGarbage() {
        String[] inputs = {"(((", ")))", "!", "!!", "==", "a.b.c", "\"", "ddp.sv ||", "0x", "ddp.stag == 0xZZ",
            "ddp.stag == 99999999999999999999999", "not", "( )"};
        for (String s : inputs) {
            assertThatThrownBy(() -> DisplayFilter.compile(s)).as(s).isInstanceOf(FilterException.class);
        }
    }
}
