package io.rdmascope.synth.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * A capture described in YAML: hosts, iWARP or RoCE connections between them and the steps that
 * happen on those connections, in order. See the example scenario in the tests for the full language.
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
        /** Optional; derived from the IP address when absent (02:00 followed by its last four octets). */
        public String mac;
        /** The port's LID on native InfiniBand. */
        public Integer lid;
    }

    /**
     * One connection from {@code from} to {@code to}: iWARP (TCP, the initiator sends SYN and the MPA
     * Request) or RoCE (a reliable-connection queue pair set up by rdma_cm's CM MADs, the initiator
     * being the active side).
     */
    public static final class Connection extends Located {
        public String name;
        /** iwarp or roce. */
        public String transport = "iwarp";
        /** RoCE: rocev2 (over UDP, IPv4 or IPv6 as the hosts' addresses are), rocev1 or infiniband. */
        public String encapsulation = "rocev2";
        /**
         * RoCE: the queue pairs' service, rc (Reliable Connection), uc (Unreliable Connection:
         * Sends and RDMA Writes only, nothing answering them, a lost packet never sent again) or ud
         * (datagram queue pairs resolved by rdma_cm's SIDR exchange: Sends of one packet each).
         */
        public String service = "rc";
        /** RoCE: the path MTU, 256 to 4096. */
        public int mtu = 1024;
        /** RoCE: the QPNs of the initiator and of the responder (derived from the seed when absent). */
        public Long qpn;
        public Long responderQpn;
        /** RoCE: the first PSN of the initiator's and of the responder's requests (from the seed when absent). */
        public Long psn;
        public Long responderPsn;
        /** RoCE: Responder Resources and Initiator Depth of the REQ and the REP. */
        public int responderResources = 16;
        public int initiatorDepth = 16;
        /** Native InfiniBand: a GRH in every packet. */
        public boolean grh;
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
        /** Private data text after the IRD/ORD words (RoCE: after rdma_cm's IP header in the REQ, and in the REP). */
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

        public boolean roce() {
            return "roce".equals(transport);
        }
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
        /**
         * Cut the ULPDU of the segment to this many octets (a segment too short for its headers); RoCE:
         * keep this many octets after the BTH of packet {@code segment} (default 0).
         */
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
            @JsonProperty("cut") CUT,
            @JsonProperty("rnr-nak") RNR_NAK,
            @JsonProperty("nak") NAK,
            @JsonProperty("bad-icrc") BAD_ICRC,
            @JsonProperty("ecn-ce") ECN_CE,
            @JsonProperty("cnp") CNP,
            @JsonProperty("capture-loss") CAPTURE_LOSS,
            @JsonProperty("middle-without-first") MIDDLE_WITHOUT_FIRST,
            @JsonProperty("cm-reject") CM_REJECT,
            @JsonProperty("mra") MRA;

            /** Faults of RoCE connections (drop and duplicate are both). */
            public boolean roce() {
                return this == DROP || this == DUPLICATE || ordinal() >= RNR_NAK.ordinal();
            }

            /** Faults of RoCE connections that change the CM exchange, not a message. */
            public boolean cm() {
                return this == CM_REJECT || this == MRA;
            }
        }

        public Kind kind;
        /** DDP segment (bad-crc, bad-marker, bad-pad, missing-crc: all when absent) or TCP segment (others: 0 when absent). */
        public Integer segment;
        /** msn-skip: how many MSNs to skip (default 1). */
        public Integer by;
        /** cut: octets of the frame kept (default 60). */
        public Integer bytes;
        /** RoCE: the request packet of the message the fault hits (default 0). */
        public Integer packet;
        /** nak: the AETH syndrome, 0x61 invalid request, 0x62 remote access error, 0x63 remote operational error. */
        public Integer code;
        /** rnr-nak: the RNR timer code (default 14, 1.28 ms). */
        public Integer timer;
    }
}
