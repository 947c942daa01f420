package io.rdmascope.roce;

import io.rdmascope.net.IbFrame;

/**
 * One InfiniBand transport packet as its headers say (read through the parser generated from
 * {@code ksy/infiniband.ksy}): the BTH, the extension headers of its opcode, its payload's place
 * and, for a UD packet to QP1, its CM message. Fields of headers the packet does not carry are -1
 * (or null). Kept whole, so it may cross to another thread: the payload octets a judge needs are
 * copied into {@link #head}.
 */
public final class IbPacket {
    public long frame;
    public long timeNanos;
    public IbFrame.Encapsulation encapsulation;
    public String source;
    public String destination;
    public int sourcePort;
    /** The IP header's ECN bits (3: congestion experienced). */
    public int ecn;
    /** Octets of the transport packet (BTH to ICRC). */
    public int length;

    // BTH
    public int opcode = -1;
    public boolean solicitedEvent;
    public boolean migReq;
    public int padCount;
    public int transportVersion;
    public int partitionKey;
    public boolean fecn;
    public boolean becn;
    public long destQp = -1;
    public boolean ackRequest;
    public long psn = -1;
    public int reserved6;
    public int reserved7;

    // extension headers
    public long qKey = -1;
    public long srcQp = -1;
    public boolean hasReth;
    public long va;
    public long rKey;
    public long dmaLength;
    public int syndrome = -1;
    public long msn = -1;
    public boolean hasAtomicEth;
    public long swapAddData;
    public long compareData;
    public boolean hasAtomicAck;
    public long originalRemoteData;
    public Long immediate;
    public Long invalidateKey;

    /** Payload octets (without the pad); -1 when the packet is too short for its headers, pad and ICRC. */
    public int payloadLength = -1;
    /** The first payload octets, for Sends and the first packet of a Write (at most {@link #MAX_HEAD}). */
    public byte[] head;
    public static final int MAX_HEAD = io.rdmascope.ulp.UlpInput.MAX_HEAD;

    /** The ICRC carried and the one computed, or -1 where the capture does not hold them. */
    public long icrc = -1;
    public long icrcComputed = -1;
    /** Why the packet could not be read whole, or null. */
    public String malformed;
    /**
     * The capture's snapshot length cut the packet: its headers were read from the octets kept and
     * its payload length is the one its length fields give ({@link #payloadLength} stays -1 when the
     * cut fell inside its headers); the payload past the cut and the ICRC were not captured, so
     * neither is checked. Not a fault of the packet.
     */
    public boolean snapped;
    /** The CM message of a MAD to QP1, or null. */
    public CmMessage cm;
    /** The connection the queue-pair stage tied the packet to ("q1"), or null. */
    public String connection;
    /** Whether it travels from the connection's initiator (null when it belongs to no connection). */
    public Boolean fromInitiator;

    /** The transport service: 0 RC, 1 UC, 2 RD, 3 UD, 4 CNP, 5 XRC. */
    public int transport() {
        return opcode < 0 ? -1 : opcode >> 5;
    }

    /** The operation bits of the opcode. */
    public int operation() {
        return opcode < 0 ? -1 : opcode & 0x1f;
    }

    /** Whether the ICRC was checked and differs. */
    public boolean icrcBad() {
        return icrc >= 0 && icrcComputed >= 0 && icrc != icrcComputed;
    }

    /** A RoCEv2 Congestion Notification Packet. */
    public boolean cnp() {
        return opcode == Opcodes.CNP;
    }
}
