package io.rdmascope.engine;

import io.rdmascope.model.Nic;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;

/**
 * What the rule sets decided, told as the steps of the hosts' drivers and NICs ({@code --explain}).
 * The rule sets call it as they decide, with what they decided on; an implementation words it
 * ({@link Narrator}) or ignores it ({@link #SILENT}, when no one listens), so that nothing is worded
 * for a run that does not narrate. {@code c} is the connection, {@code d} the direction of the
 * frame {@code f} (its source is {@code c.endpoint[d]}).
 *
 * <p>Every method does nothing unless overridden.
 */
interface Narration {
    /** Tells nothing. */
    Narration SILENT = new Narration() {};

    // MPA

    /** An MPA Request or Reply, sent from direction d. */
    default void handshake(Conn c, int d, MpaHandshake h) {}

    /**
     * What a NIC did for an operation of a transport-neutral connection ({@link Verbs}), in words:
     * the sender's NIC of direction d ({@code peer} false) or its peer's ({@code peer} true).
     */
    default void nic(Conn c, int d, long f, boolean peer, String text) {}

    /** The connection closed ({@code reason}): both NICs tear down their queue pair. */
    default void teardown(Conn c, long f, String reason) {}

    /** A region still allocated as its connection closes is deallocated. */
    default void deallocated(Conn c, long f, StagEntry e) {}

    // RDMAP operations

    /** The MPA ready-to-receive message (RFC 6581 section 8): a zero-length {@code op}. */
    default void readyToReceive(Conn c, int d, long f, Opcode op) {}

    /** A segment of a Send placed in a receive buffer of the peer. */
    default void sendPlaced(Conn c, int d, long f, DdpSegment s, Opcode op) {}

    /** A segment of an RDMA Write sent. */
    default void writeSent(Conn c, int d, long f, DdpSegment s, Opcode op) {}

    /** A segment of an RDMA Write placed in the peer's region. */
    default void writePlaced(Conn c, int d, long f, DdpSegment s) {}

    /** An RDMA Read Request sent. */
    default void readRequested(Conn c, int d, long f, DdpSegment.ReadRequest rr) {}

    /** The peer reads its region to answer an RDMA Read Request. */
    default void readServed(Conn c, int d, long f, DdpSegment.ReadRequest rr) {}

    /** A Read Response segment returns data of the one-shot region of {@code t}. */
    default void readReturned(Conn c, int d, long f, DdpSegment s, Transaction t) {}

    /** A Read Response segment placed in the requester's region. */
    default void readPlaced(Conn c, int d, long f, DdpSegment s) {}

    // One-shot extension and STag table

    /** A one-shot initiation: the advertiser's driver posts its command. */
    default void oneShotAdvertised(Conn c, int d, long f, Transaction t) {}

    /** The advertiser's NIC bound the STag of a one-shot initiation. */
    default void oneShotBound(Conn c, int d, long f, Nic nic, Transaction t) {}

    /** The advertiser's NIC refused a one-shot initiation: its STag is still valid. */
    default void bindRefusedInUse(Conn c, long f, Transaction t) {}

    /** The advertiser's NIC refused a one-shot initiation: no buffer left. */
    default void bindRefusedNoBuffer(Conn c, long f, Transaction t) {}

    /** A completion (Send with Invalidate, Send with SV) from direction d reaches the peer. */
    default void completionReceived(Conn c, int d, long f, long stag, Opcode op) {}

    /** The completion named an STag that no open command sent. */
    default void completionNotSent(Conn c, int d, long f, long stag) {}

    /** The completion named an STag sent on another connection or by the other side. */
    default void completionDifferent(Conn c, int d, long f) {}

    /** The completion invalidated {@code stag}; {@code ending} is the open transaction it ends, or null. */
    default void invalidated(Conn c, int d, long f, Nic nic, long stag, Transaction ending) {}

    /** A Send with Invalidate invalidated a region an upper-layer message advertised. */
    default void remoteInvalidated(Conn c, int d, long f, StagEntry e, UpperLayer.Advert advert, Opcode op) {}

    // Upper-layer protocols

    /** The protocol of a connection recognised from its messages. */
    default void ulpRecognised(Conn c, long f, Ulp u) {}

    /** An upper-layer call sent. */
    default void ulpCall(Conn c, int d, long f, String protocol, UlpMessage msg, Transaction call) {}

    /** An upper-layer reply answers {@code call}. */
    default void ulpReply(Conn c, int d, long f, Transaction call, UlpMessage msg) {}

    /** The requester's driver invalidates a region of a call as its reply arrives. */
    default void ulpInvalidated(Conn c, int requester, long f, StagEntry e, UpperLayer.Advert a, Transaction call,
                                boolean stagStillValid) {}

    /** An upper-layer message advertised a region. */
    default void ulpAdvertised(Conn c, int d, long f, Advertisement a, int access) {}
}
