package io.rdmascope.gui.model;

/**
 * One message of a followed MPA or DDP stream.
 *
 * @param frame the frame to jump to: the one that completed the message (MPA) or carried its
 *     first segment (DDP)
 * @param lastFrame the frame that carried its last octet
 * @param header a line that says what the message is: opcode, STag and TO, or QN, MSN and MO
 * @param payload the message's octets: the ULPDU of an FPDU, the private data of an MPA Request
 *     or Reply, the data of a DDP message reassembled from its segments
 * @param complete false when octets are missing (a segment not seen, a message not ended)
 */
public record StreamMessage(long frame, long lastFrame, long timeNanos, boolean fromInitiator, String header,
                            byte[] payload, boolean complete) {}
