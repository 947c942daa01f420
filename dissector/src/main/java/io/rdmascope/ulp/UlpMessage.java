package io.rdmascope.ulp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one upper-layer message says: the regions it advertises, the call it begins or the call it
 * answers, the fields that name that call, and whatever in it does not hold together.
 */
public final class UlpMessage {
    /** A call begins a ULP transaction; a reply with the same correlation ends it. */
    public enum Role { CALL, REPLY, NONE }

    public Role role = Role.NONE;
    /** What pairs a reply with its call: the RPC XID, NVMe command identifier, iSCSI ITT, SMB2 MessageId. */
    public long correlation;
    /**
     * The correlations of the other requests or responses the message holds beside the one of
     * {@link #correlation} (the MessageIds of an SMB2 compound), or null: a compounded call ends when
     * every one of them is answered, in one reply or in several.
     */
    public List<Long> moreCorrelations;
    /**
     * The fields of the call for the transaction's {@code ulp} object, in order and with the names of
     * the analysis contract (rpc: xid, program, version, procedure; nvme: cid, opcode, nsid; iser:
     * itt, opcode, cdb; smb: messageId, command). Values are String, Long, Integer or Boolean.
     */
    public final Map<String, Object> fields = new LinkedHashMap<>();
    /** One line for people: "NFSv4.1 COMPOUND: SEQUENCE PUTFH READ, xid 0x5c1d2e3f". */
    public String summary;
    /** Regions of the sender's memory this message advertises to the peer. */
    public final List<Advertisement> advertisements = new ArrayList<>();
    /** STags of the sender's peer that this message says are no longer to be used (a ULP's own invalidation). */
    public final List<Long> invalidates = new ArrayList<>();
    /** What in the message does not hold together (a count that lies, a list past the message's end). */
    public final List<String> problems = new ArrayList<>();

    public UlpMessage problem(String text) {
        problems.add(text);
        return this;
    }
}
