package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PduFieldsTest {
    /** Every node by its name and by the names the field registry also knows it by (its former tree names). */
    private static Map<String, FieldNode> flatten(List<FieldNode> nodes) {
        List<FieldNode> all = new ArrayList<>();
        for (FieldNode n : nodes) {
            collect(n, all);
        }
        Map<String, FieldNode> out = all.stream().collect(Collectors.toMap(FieldNode::name, Function.identity()));
        for (FieldNode n : all) {
            Field f = Fields.get(n.name());
            if (f != null) {
                f.treeNames().forEach(old -> out.put(old, n));
            }
        }
        return out;
    }

    private static void collect(FieldNode n, List<FieldNode> out) {
        out.add(n);
        for (FieldNode c : n.children()) {
            collect(c, out);
        }
    }

    @Test
    void specsAreOnTheClasspath() {
        assertThat(FieldDocs.loaded()).isTrue();
        assertThat(FieldDocs.label("ddp", "tagged_header", "stag")).isEqualTo("Steering Tag");
        assertThat(FieldDocs.get("ddp", "tagged_header", "to").description()).contains("RFC 5041 section 4.3");
        assertThat(FieldDocs.get("ddp", "untagged_header", "msn").bitOffset()).isEqualTo(64);
        assertThat(FieldDocs.enumDoc("rdmap", "rdma_error_code", 0)).isEqualTo("Invalid STag");
    }

    @Test
    void initiationTree() {
        byte[] b = Seg.untagged(0x40 | 0x20 | 0x10, 0x3, 0, 0, 1, 0).u4(0x0a000100L)
                .u8(0x100000L).u4(4096).u1(0x01).u1(0).u2(0).build();
        DdpSegment s = PduDecoder.decode(b, 0, b.length);
        List<FieldNode> nodes = PduFields.segment(s);
        assertThat(nodes).extracting(FieldNode::name).containsExactly("ddp", "rdmap");
        Map<String, FieldNode> f = flatten(nodes);
        assertThat(f).containsKeys("ddp.tagged", "ddp.last", "ddp.sv", "ddp.ab", "ddp.rsvd", "ddp.dv", "ddp.qn",
                "ddp.msn", "ddp.mo", "ddp.optional_stag", "ddp.advertised.to", "ddp.advertised.length",
                "ddp.advertised.access", "rdmap.version", "rdmap.rsvd", "rdmap.opcode", "rdmap.invalidate_stag");
        assertThat(f.get("rdmap.opcode").display()).isEqualTo("Send (3)");
        assertThat(f.get("ddp.optional_stag").display()).isEqualTo("0x0a000100");
        assertThat(f.get("ddp.optional_stag").offset()).isEqualTo(18);
        assertThat(f.get("ddp.optional_stag").length()).isEqualTo(4);
        assertThat(f.get("ddp.advertised.to").display()).isEqualTo("0x0000000000100000");
        assertThat(f.get("ddp.advertised.to").offset()).isEqualTo(22);
        assertThat(f.get("ddp.advertised.length").offset()).isEqualTo(30);
        assertThat(f.get("ddp.advertised.access").offset()).isEqualTo(34);
        assertThat(f.get("ddp.advertised.access").display()).startsWith("remote write");
        assertThat(f.get("ddp.msn").offset()).isEqualTo(10);
        assertThat(f.get("ddp.msn").label()).isEqualTo("Message Sequence Number");
        assertThat(f.get("ddp.dv").offset()).isZero();
        assertThat(f.get("ddp.dv").length()).isEqualTo(1);
        assertThat(f.get("ddp.sv").description()).contains("one-shot-extension.md");
    }

    @Test
    void taggedAndReadRequestAndTerminateTrees() {
        byte[] w = Seg.tagged(true, 0x0, 0x0a000100L, 0x100000L).build();
        Map<String, FieldNode> f = flatten(PduFields.segment(PduDecoder.decode(w, 0, w.length)));
        assertThat(f.get("ddp.stag").display()).isEqualTo("0x0a000100");
        assertThat(f.get("ddp.stag").offset()).isEqualTo(2);
        assertThat(f.get("ddp.to").offset()).isEqualTo(6);
        assertThat(f.get("ddp.to").length()).isEqualTo(8);

        byte[] rr = Seg.untagged(0x40, 0x1, 0, 1, 1, 0).u4(1).u8(2).u4(3).u4(4).u8(5).build();
        f = flatten(PduFields.segment(PduDecoder.decode(rr, 0, rr.length)));
        assertThat(f).containsKeys("rdmap.sink_stag", "rdmap.sink_to", "rdmap.read_size", "rdmap.source_stag",
                "rdmap.source_to");
        assertThat(f.get("rdmap.source_stag").offset()).isEqualTo(18 + 16);

        byte[] t = Seg.untagged(0x40, 0x7, 0, 2, 1, 0).u1(0x01).u1(0x02).u2(0x2000).bytes(28, 0).build();
        f = flatten(PduFields.segment(PduDecoder.decode(t, 0, t.length)));
        assertThat(f.get("rdmap.layer").display()).isEqualTo("RDMAP (0)");
        assertThat(f.get("rdmap.etype").display()).isEqualTo("Remote Protection Error (1)");
        assertThat(f.get("rdmap.error_code").display()).isEqualTo("Access rights violation (2)");
        assertThat(f.get("rdmap.error_code").offset()).isEqualTo(19);
        assertThat(f.get("rdmap.terminated_rdmap_header").offset()).isEqualTo(22);
    }
}
