package io.rdmascope.filter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields display filters know, with their value types. The MPA, DDP and RDMAP names are the
 * names of the dissect JSON objects, prefixed with their layer; the others describe the frame, its
 * addresses and what the analysis said about it.
 */
public final class FilterFields {
    /** The kind of values a field holds. */
    public enum Type { NUMBER, BOOLEAN, STRING }

    private static final Map<String, Type> FIELDS = new LinkedHashMap<>();

    static {
        num("frame.number");
        str("ip.src"); str("ip.dst"); str("ip.addr");
        num("tcp.srcport"); num("tcp.dstport"); num("tcp.port");
        str("connection");
        str("mpa.key"); bool("mpa.marker_flag"); bool("mpa.crc_flag"); bool("mpa.reject_flag");
        num("mpa.revision"); num("mpa.pd_length"); num("mpa.ird"); num("mpa.ord");
        num("mpa.ulpdu_length"); num("mpa.pad_length"); num("mpa.crc"); bool("mpa.crc_ok");
        num("mpa.markers"); bool("mpa.truncated");
        bool("ddp.tagged"); bool("ddp.last"); bool("ddp.sv"); bool("ddp.ab"); num("ddp.dv");
        num("ddp.reserved"); num("ddp.stag"); num("ddp.to"); num("ddp.qn"); num("ddp.msn"); num("ddp.mo");
        num("ddp.optional_stag"); num("ddp.advertised.to"); num("ddp.advertised.length");
        num("ddp.advertised.access"); str("ddp.malformed");
        num("rdmap.version"); num("rdmap.opcode"); str("rdmap.opcode_name"); num("rdmap.invalidate_stag");
        num("rdmap.sink_stag"); num("rdmap.sink_to"); num("rdmap.read_size"); num("rdmap.source_stag");
        num("rdmap.source_to"); num("rdmap.layer"); num("rdmap.etype"); num("rdmap.error_code");
        num("rdmap.immediate_data");
        str("violation"); str("violation.code"); str("violation.severity"); str("violation.message");
        str("transaction");
    }

    private FilterFields() {}

    private static void num(String name) {
        FIELDS.put(name, Type.NUMBER);
    }

    private static void bool(String name) {
        FIELDS.put(name, Type.BOOLEAN);
    }

    private static void str(String name) {
        FIELDS.put(name, Type.STRING);
    }

    /** Every known field, in documentation order. */
    public static Map<String, Type> all() {
        return Collections.unmodifiableMap(FIELDS);
    }

    public static boolean known(String name) {
        return FIELDS.containsKey(name);
    }
}
