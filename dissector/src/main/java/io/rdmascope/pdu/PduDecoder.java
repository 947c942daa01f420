package io.rdmascope.pdu;

/** Decodes a ULPDU into its DDP segment and RDMAP header with the parsers generated from ksy/. */
public final class PduDecoder {
    private PduDecoder() {}

    /** Never throws on bad input: a segment too short for its headers comes back with {@code malformed} set. */
    public static DdpSegment decode(byte[] buf, int off, int len) {
        throw new UnsupportedOperationException("not yet");
    }
}
