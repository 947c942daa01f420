/**
 * Transport-neutral RDMA messages: what the judge sees of a transport. A transport's stages (the
 * RoCE and InfiniBand stage in {@code io.rdmascope.roce}) produce {@link RdmaEvent}s on
 * {@link RdmaConnection}s and hand them to an {@link RdmaListener}; the engine judges them with the
 * same NIC/driver model, STag table and upper-layer decoders whatever the wire was.
 */
package io.rdmascope.rdma;
