package io.rdmascope.engine;

import io.rdmascope.model.Nic;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * The engine's decision stream: what the rule sets decided, published as they decide it, with what
 * they decided on (data placed in or read from a region, an STag advertised, bound or invalidated,
 * a one-shot or upper-layer transaction begun or answered, a protocol recognised, a connection torn
 * down). The rule sets only publish; whoever wants to know subscribes ({@link Engine}): the
 * {@link Narrator} words each decision as a step of the hosts' drivers and NICs for
 * {@code --explain}. With no subscriber the stream is {@link #NONE}, so that nothing is built for a
 * run no one listens to. {@code c} is the connection, {@code d} the direction of the frame
 * {@code f} (its source is {@code c.endpoint[d]}).
 *
 * <p>Every method does nothing unless overridden.
 */
interface Decisions {
    /** No one listens. */
    Decisions NONE = new Decisions() {};

    /** The stream that tells each of {@code subscribers}, in order; {@link #NONE} when there is none. */
    static Decisions of(List<Decisions> subscribers) {
        if (subscribers.isEmpty()) {
            return NONE;
        }
        if (subscribers.size() == 1) {
            return subscribers.get(0);
        }
        List<Decisions> all = List.copyOf(subscribers);
        return (Decisions) Proxy.newProxyInstance(Decisions.class.getClassLoader(), new Class<?>[] {Decisions.class},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.invoke(all, args);
                    }
                    for (Decisions d : all) {
                        try {
                            method.invoke(d, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                    return null;
                });
    }

    // MPA

    /** An MPA Request or Reply, sent from direction d. */
    default void handshake(Conn c, int d, MpaHandshake h) {}

    /** The connection closed ({@code reason}): both NICs tear down their queue pair. */
    default void teardown(Conn c, long f, String reason) {}

    /** A region still allocated as its connection closes is deallocated. */
    default void deallocated(Conn c, long f, StagEntry e) {}

    // Operations of iWARP connections ({@link Operations}), in RDMAP's words; a response's d is the responder's

    /** The MPA ready-to-receive message (RFC 6581 section 8): a zero-length operation. */
    default void readyToReceive(Conn c, int d, long f, RdmaEvent e) {}

    /** A segment of a Send placed in a receive buffer of the peer. */
    default void sendPlaced(Conn c, int d, long f, RdmaEvent e) {}

    /** A segment of an RDMA Write sent. */
    default void writeSent(Conn c, int d, long f, RdmaEvent e) {}

    /** A segment of an RDMA Write placed in the peer's region. */
    default void writePlaced(Conn c, int d, long f, RdmaEvent e) {}

    /** An RDMA Read Request sent. */
    default void readRequested(Conn c, int d, long f, RdmaEvent e) {}

    /** The peer reads its region to answer an RDMA Read Request. */
    default void readServed(Conn c, int d, long f, RdmaEvent e) {}

    /** A Read Response segment returns data of the one-shot region of {@code t}. */
    default void readReturned(Conn c, int d, long f, RdmaEvent e, Transaction t) {}

    /** A Read Response segment placed in the requester's region. */
    default void readPlaced(Conn c, int d, long f, RdmaEvent e) {}

    // Operations of transport-neutral connections (RoCE, InfiniBand: {@link Verbs})

    /** A packet of a Send placed in a receive buffer of the peer. */
    default void sendReceived(Conn c, int d, long f, RdmaEvent e) {}

    /** A packet of an RDMA Write placed in the peer's region of {@code key}. */
    default void writeReceived(Conn c, int d, long f, RdmaEvent e, long key) {}

    /** An RDMA Read Request sent. */
    default void readAsked(Conn c, int d, long f, RdmaEvent e) {}

    /** A packet of the response to {@code t} (a Read or an atomic) returned to the requester of direction d. */
    default void responseReturned(Conn c, int d, long f, RdmaEvent e, Transaction t) {}

    /** The responder acknowledged {@code t} (a Send or a Write from direction d): it is complete. */
    default void acknowledged(Conn c, int d, long f, Transaction t) {}

    /** The sender of direction d sent a packet again. */
    default void resent(Conn c, int d, long f, RdmaEvent e) {}

    /** A NIC received a copy of the request packet just before it, made on the way or by the capture. */
    default void duplicated(Conn c, int d, long f, RdmaEvent e) {}

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
