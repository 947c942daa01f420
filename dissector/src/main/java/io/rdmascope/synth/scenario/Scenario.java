package io.rdmascope.synth.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * A capture described in YAML: hosts, iWARP connections between them and the steps that happen on
 * those connections, in order. See the example scenario in the tests for the full language.
 */
public final class Scenario extends Located {
    /** Free text, for the reader. */
    public String name;
    public String description;
    /** Seeds everything not given explicitly (ISNs, IP identifiers, payload octets). */
    public long seed = 1;
    /** Time of the first frame, ISO-8601 (e.g. 2024-05-01T10:00:00Z). */
    public String start = "2024-01-01T00:00:00Z";
    /** Time between two frames, in microseconds. */
    @JsonProperty("tick")
    public long tickMicros = 10;
    /** Nanosecond timestamps (pcap magic a1b23c4d) instead of microseconds. */
    public boolean nanos;
    public List<Host> hosts = new ArrayList<>();
    public List<Connection> connections = new ArrayList<>();
    public List<Step> steps = new ArrayList<>();

    /** A machine on the network. */
    public static final class Host extends Located {
        public String name;
        public String ip;
        /** Optional; derived from the IP address when absent (02:00 followed by the four IP octets). */
        public String mac;
    }

    /** One iWARP connection: TCP from {@code from} (the MPA initiator) to {@code to}. */
    public static final class Connection extends Located {
        public String name;
        /** host:port of the initiator (the side sending SYN and the MPA Request). */
        public String from;
        /** host:port of the responder. */
        public String to;
        /** MPA revision: 1 (RFC 5044) or 2 (RFC 6581, with IRD/ORD). */
        public int revision = 1;
        /** CRC32c negotiated (C flag in Request and Reply). */
        public boolean crc = true;
        /** Who inserts markers: none, both, or the name of the host (or initiator / responder). */
        public String markers = "none";
        /** RFC 6581 IRD and ORD, both sides (revision 2). */
        public Integer ird;
        public Integer ord;
        /** The responder rejects the connection (R flag in the Reply); the initiator then closes. */
        public boolean reject;
        /** Private data text after the IRD/ORD words. */
        public String privateData;
        /** Private data octets after the IRD/ORD words, in hex (instead of {@code privateData}). */
        public String privateDataHex;
        /** Reserved bits of the MPA flags octet (0x01 to 0x0F) set in the Request and the Reply. */
        public Integer reservedFlags;
        /** RFC 6581 peer-to-peer mode (revision 2): the P bit in both IRD words. */
        public boolean peerToPeer;
        public int mss = 1460;
        /** Initiator ISN; the responder's is {@code responderIsn}, or derived from the seed. */
        public Long isn;
        public Long responderIsn;
        /** ACKs: per-segment (default) or delayed (one ACK per two segments). */
        public String acks = "per-segment";
        /** Faults applied to every step on this connection. */
        public List<Fault> faults = new ArrayList<>();
    }

    /** Field overrides that plant protocol violations in the DDP segments a step sends. */
    public static final class Raw extends Located {
        /** Index of the DDP segment to change; all segments when absent. */
        public Integer segment;
        public Integer dv;
        public Integer rsvd;
        public Integer rv;
        public Integer opcode;
        public Long qn;
        public Long msn;
        public Long mo;
        public Long stag;
        public Long to;
        public Long invalidateStag;
        public Boolean sv;
        public Boolean ab;
        public Boolean last;
        public Long optionalStag;
        /** Cut the ULPDU of the segment to this many octets (a segment too short for its headers). */
        public Integer truncate;
    }

    /** A fault injected into what one step (or every step of a connection) sends. */
    public static final class Fault extends Located {
        public enum Kind {
            @JsonProperty("bad-crc") BAD_CRC,
            @JsonProperty("bad-marker") BAD_MARKER,
            @JsonProperty("bad-pad") BAD_PAD,
            @JsonProperty("missing-crc") MISSING_CRC,
            @JsonProperty("msn-skip") MSN_SKIP,
            @JsonProperty("swap") SWAP,
            @JsonProperty("duplicate") DUPLICATE,
            @JsonProperty("drop") DROP,
            @JsonProperty("cut") CUT
        }

        public Kind kind;
        /** DDP segment (bad-crc, bad-marker, bad-pad, missing-crc: all when absent) or TCP segment (others: 0 when absent). */
        public Integer segment;
        /** msn-skip: how many MSNs to skip (default 1). */
        public Integer by;
        /** cut: octets of the frame kept (default 60). */
        public Integer bytes;
    }
}
