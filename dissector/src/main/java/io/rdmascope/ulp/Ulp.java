package io.rdmascope.ulp;

/**
 * An upper-layer protocol carried over RDMAP whose messages advertise STags (RPC-over-RDMA,
 * NVMe/RDMA, iSER, SMB Direct, and the payload formats of widely used tools). A protocol claims a
 * connection by its registered port or, elsewhere, by recognising the shape of the connection's
 * first messages; each claimed connection gets a {@link Decoder} of its own.
 *
 * <p>Decoders only parse: they say what a message advertises, which call it begins or answers and
 * what does not hold together. Judging the accesses against the advertisements is the engine's.
 */
public interface Ulp {
    int[] NO_PORTS = {};

    /** The protocol's name, also the transaction kind of its call/reply pairs ("rpc", "nvme", ...). */
    String name();

    /** The protocol's name for people ("RPC-over-RDMA"); its {@link #name} by default. */
    default String displayName() {
        return name();
    }

    /**
     * Whether the protocol's calls, with their replies and the RDMA operations that moved their
     * data, are transactions of their own kind (named {@link #name}); false by default (the tools'
     * formats only advertise regions).
     */
    default boolean pairsCalls() {
        return false;
    }

    /** The prefix of the ids of the protocol's call transactions ("rpc" for "rpc1"); its {@link #name} by default. */
    default String idPrefix() {
        return name();
    }

    /** The colour of the protocol's call transactions in the desktop's timeline ("#ef6c00"), or null for grey. */
    default String colour() {
        return null;
    }

    /**
     * Where the layout of the protocol's messages is specified, as a malformed message's violation
     * cites it ("RFC 8166 section 4"); null to cite the violation's own reference.
     */
    default String reference() {
        return null;
    }

    /** The TCP ports the protocol is registered on (the responder's side). */
    default int[] ports() {
        return NO_PORTS;
    }

    /**
     * Whether a connection to one of {@link #ports} speaks this protocol whatever it sends; false
     * when other programs listen on the same port by default: the protocol is then taken there
     * only once its MPA private data or a message ({@link #recognizesOnItsPort}) says so.
     */
    default boolean portIsEnough() {
        return true;
    }

    /**
     * For a protocol whose port is not enough: whether a message on a connection to its port is
     * one of its own (a shape too common to be told apart anywhere else).
     */
    default boolean recognizesOnItsPort(UlpInput message) {
        return false;
    }

    /** Whether a Send message of a connection no port claims looks like one of this protocol's. */
    default boolean recognizes(UlpInput message) {
        return false;
    }

    /**
     * Whether the private data of an MPA Request or Reply (after RFC 6581's IRD and ORD, when
     * present) looks like this protocol's connection data.
     */
    default boolean recognizesPrivateData(byte[] buf, int off, int len, boolean request) {
        return false;
    }

    /** A decoder for one connection. */
    Decoder decoder();

    /** Decodes the messages of one connection, both directions, in capture order. */
    interface Decoder {
        /**
         * One untagged Send message (any Send opcode), assembled from its DDP segments.
         *
         * @return what it says, or null when it is not a message of this protocol
         */
        UlpMessage send(UlpInput message);

        /** One RDMA Write message (for protocols that advertise through Writes); null by default. */
        default UlpMessage write(UlpInput message) {
            return null;
        }

        /** The connection data in an MPA Request's or Reply's private data; null by default. */
        default UlpMessage privateData(byte[] buf, int off, int len, boolean fromInitiator) {
            return null;
        }
    }
}
