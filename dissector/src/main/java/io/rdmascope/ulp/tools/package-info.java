/**
 * The payload formats by which widely used RDMA tools advertise their buffers: rping's
 * {@code struct rping_rdma_info}, perftest's {@code struct pingpong_dest} (rdma_cm mode), and the
 * rsockets connection data and target SGL entries (rstream). Layouts in {@code ksy/rping.ksy},
 * {@code ksy/perftest.ksy} and {@code ksy/rsockets.ksy}.
 */
package io.rdmascope.ulp.tools;
