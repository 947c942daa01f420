package io.rdmascope.gui.model;

/**
 * One MPA connection as the Conversations table shows it: what its handshake negotiated and the
 * FPDUs and payload octets each way, "A" being the initiator (the endpoint that sent the SYN). A
 * RoCE queue pair fills it as its analogue: its InfiniBand packets (the CM's aside) as the FPDUs,
 * the ICRC as the CRC, no MPA revision or markers, each side's responder resources and initiator
 * depth as IRD/ORD, "A" the side that sent the ConnectRequest.
 *
 * @param revision the negotiated MPA revision, 0 when no handshake was captured
 * @param markers which senders insert MPA markers: "none", "both", "A\u2192B" or "B\u2192A"
 * @param irdOrd the IRD/ORD each side announced ("A 16/16, B 16/16"), or "-"
 * @param firstNanos capture time of its first MPA message, 0 when it has none
 * @param lastNanos capture time of its last MPA message
 */
public record Conversation(ConnectionInfo connection, int revision, boolean crc, String markers, String irdOrd,
                           long fpdusAtoB, long bytesAtoB, long fpdusBtoA, long bytesBtoA, long firstNanos,
                           long lastNanos) {

    public long durationNanos() {
        return Math.max(0, lastNanos - firstNanos);
    }

    /** Payload bits per second both ways over the duration, 0 when it lasted no time. */
    public double bitsPerSecond() {
        long d = durationNanos();
        return d == 0 ? 0 : (bytesAtoB + bytesBtoA) * 8e9 / d;
    }
}
