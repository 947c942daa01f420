package io.rdmascope.synth.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * One thing that happens on a connection. In YAML a step is a one-key mapping naming its kind:
 * {@code - write: {conn: c1, from: bob, stag: 0x100, to: 0, length: 4096}}.
 */
public abstract class Step extends Located {
    /** The connection the step happens on. */
    public String conn;
    /** The host that sends (defaults to the connection's initiator). */
    public String from;
    /** Field overrides planting violations. */
    public Scenario.Raw raw;
    /** Faults injected into this step's frames. */
    public List<Scenario.Fault> faults = new ArrayList<>();
    /** Explicit TCP segment ends, as offsets into the step's byte stream. */
    public int[] cuts;

    /** The kind as written in YAML. */
    public abstract String kind();

    /** Open the connection now (otherwise it opens at its first step). */
    public static final class Connect extends Step {
        public String kind() { return "connect"; }
    }

    /** One-shot initiation: an untagged Send with SV and AB advertising [to, to+length) under stag. */
    public static final class Advertise extends Step {
        public Long stag;
        public Long to;
        public Long length;
        /** write, read or both. */
        public String access = "write";
        /** Send with SE instead of Send. */
        public boolean se;
        /** ULP payload octets carried by the Send (default 0). */
        public int payload;
        public String kind() { return "advertise"; }
    }

    /** RDMA Write of {@code length} octets into stag at to, in DDP segments of {@code segment} octets. */
    public static final class Write extends Step {
        public Long stag;
        public Long to = 0L;
        public Long length;
        public Integer segment;
        public String kind() { return "write"; }
    }

    /**
     * RDMA Read Request and, unless {@code respond} is false, the peer's Read Response segments.
     * With {@code request: false} only the Read Response segments are sent: the answer to an
     * earlier {@code respond: false} read (several Read Requests outstanding at once), or, with no
     * such read, a Read Response that nothing asked for. On RoCE the Read Request's RETH names
     * sourceStag and sourceTo (sinkStag is not sent, and may be left out).
     */
    public static final class Read extends Step {
        public Long sinkStag;
        public Long sinkTo = 0L;
        public Long sourceStag;
        public Long sourceTo = 0L;
        public Long size;
        public Integer segment;
        public boolean respond = true;
        public boolean request = true;
        public String kind() { return "read"; }
    }

    /** A Send (or Send with SE) carrying {@code length} pattern octets or {@code text}. */
    public static final class Send extends Step {
        public Integer length;
        public String text;
        /** The payload octets in hex (white space allowed), instead of {@code text} or {@code length}. */
        public String hex;
        /** Send with Invalidate (with {@code se}: Send with SE and Invalidate) naming this STag. */
        public Long invalidate;
        public boolean se;
        public Integer segment;
        public String kind() { return "send"; }
    }

    /**
     * One-shot completion naming {@code stag}: Send with Invalidate ({@code invalidate}), Send with SE
     * and Invalidate ({@code se-invalidate}) or a Send with SV carrying the STag ({@code sv}).
     */
    public static final class Complete extends Step {
        public Long stag;
        public String how = "invalidate";
        public int payload;
        public String kind() { return "complete"; }
    }

    /** Terminate message: layer, error type and code; m/d/r say which terminated headers follow. */
    public static final class Terminate extends Step {
        public Integer layer;
        public Integer type;
        public Integer code;
        public boolean m;
        public boolean d;
        public boolean r;
        /** Then close the connection (default fin; none to keep it open). */
        public String close = "none";
        public String kind() { return "terminate"; }
    }

    /** Close: fin (orderly) or rst. */
    public static final class Close extends Step {
        public String how = "fin";
        public String kind() { return "close"; }
    }

    /**
     * Immediate Data (RFC 7306): with stag and length, an RDMA Write with Immediate Data into stag at to
     * followed by the Immediate Data message; without, the Immediate Data message alone.
     */
    public static final class Immediate extends Step {
        public long value;
        public boolean se;
        public Long stag;
        public Long to = 0L;
        public Long length;
        public Integer segment;
        public String kind() { return "immediate"; }
    }

    /**
     * Atomic Operation Request (RFC 7306) and, unless {@code respond} is false, its Response; on RoCE
     * a Compare &amp; Swap or Fetch &amp; Add on [va, va+8) under rkey and its Atomic Acknowledge.
     */
    public static final class Atomic extends Step {
        /** RoCE: the R_Key, address and swap (or add) data; stag, to and data name the same. */
        public Long rkey;
        public Long va;
        public Long swap;
        /** fetch-add or cmp-swap. */
        public String op = "fetch-add";
        public Long stag;
        public Long to = 0L;
        public long data;
        public long mask = -1L;
        public long compare;
        public long compareMask = -1L;
        public Long requestId;
        public long original;
        public boolean respond = true;
        public String kind() { return "atomic"; }
    }

    /** Let time pass without frames. */
    public static final class Wait extends Step {
        public long micros;
        public String kind() { return "wait"; }
    }
}
