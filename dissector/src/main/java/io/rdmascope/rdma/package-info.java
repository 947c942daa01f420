/**
 * Transport-neutral RDMA messages: what the judge sees of a transport. A transport's stages produce
 * {@link RdmaEvent}s: the RoCE and InfiniBand stage in {@code io.rdmascope.roce} on
 * {@link RdmaConnection}s for an {@link RdmaListener}, iWARP's DDP stage
 * ({@link io.rdmascope.ddp.DdpEvents}) one per DDP segment placed in its message, with its
 * {@link MessageNotes}. The engine judges both with the same NIC/driver model, STag table and
 * upper-layer decoders whatever the wire was.
 */
package io.rdmascope.rdma;
