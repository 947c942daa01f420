package io.rdmascope.net;

/**
 * Where a captured frame holds an InfiniBand transport packet, filled by {@link PacketDecoder}:
 * RoCEv2 (UDP to port 4791 over IPv4 or IPv6), RoCEv1 (EtherType 0x8915, a GRH first) or native
 * InfiniBand (link type 247, an LRH first). One instance is reused for every frame of a capture;
 * its octets are valid only until the next frame is decoded.
 */
public final class IbFrame {
    /** How the packet was carried. */
    public enum Encapsulation {
        ROCE_V2_IPV4, ROCE_V2_IPV6, ROCE_V1, INFINIBAND
    }

    public Encapsulation encapsulation;
    public long frame;
    public long timestampNanos;
    public byte[] data;
    /** The network header the ICRC covers: the IPv4 or IPv6 header (RoCEv2), the GRH (RoCEv1), the LRH (InfiniBand). */
    public int networkOffset;
    /** Where the BTH starts. */
    public int transportOffset;
    /**
     * Where the transport packet ends by its length fields (the ICRC's end); may lie past
     * {@link #captured} when the snapshot length cut the frame.
     */
    public int end;
    /** Where the captured octets end. */
    public int captured;
    /**
     * Whether the capture kept fewer octets of the frame than it had on the wire (its snapshot
     * length cut the record): octets past {@link #captured} were there, only not kept.
     */
    public boolean snapped;
    /** The source and destination addresses (IP, GID as IPv6, or LID as "LID 0x..."). */
    public String source;
    public String destination;
    /** UDP ports (RoCEv2), else 0. */
    public int sourcePort;
    public int destinationPort;
    /** The ECN bits of the IP header or GRH traffic class (3: congestion experienced). */
    public int ecn;

    /** Octets of the transport packet by its length fields (BTH to ICRC). */
    public int length() {
        return end - transportOffset;
    }

    /** Whether the capture holds the whole transport packet. */
    public boolean whole() {
        return captured >= end;
    }
}
