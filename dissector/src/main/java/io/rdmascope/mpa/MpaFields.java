package io.rdmascope.mpa;

import io.rdmascope.fields.FieldNode;

/**
 * Detail-tree nodes of MPA. Offsets are relative to the first octet of the handshake frame or of
 * the FPDU with its markers removed.
 */
public final class MpaFields {
    private MpaFields() {}

    public static FieldNode handshake(MpaHandshake handshake) {
        throw new UnsupportedOperationException("not yet");
    }

    /** The MPA layer of an FPDU: ULPDU length, pad, CRC with its check, markers. */
    public static FieldNode fpdu(Fpdu fpdu) {
        throw new UnsupportedOperationException("not yet");
    }
}
