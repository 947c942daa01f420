/**
 * The RoCE and InfiniBand transport: packets found by {@link io.rdmascope.net.PacketDecoder}
 * (RoCEv2 on UDP port 4791, RoCEv1, native InfiniBand) are read by {@link IbDecoder} through the
 * parsers generated from {@code ksy/infiniband.ksy} and {@code ksy/ib_cm.ksy}, their ICRC checked
 * ({@link Icrc}); {@link QueuePairs} ties each reliable-connection queue pair to the connection the
 * Communication Manager set up, follows each direction's packet sequence numbers (retransmissions,
 * losses) and assembles the packets into transport-neutral {@link io.rdmascope.rdma.RdmaEvent}s.
 * Nothing here judges: what the packets mean for the NICs is the engine's.
 */
package io.rdmascope.roce;
