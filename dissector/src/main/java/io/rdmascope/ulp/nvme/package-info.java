/**
 * NVMe over Fabrics on the RDMA transport: {@link io.rdmascope.ulp.nvme.NvmeRdma}. Command capsules
 * are calls keyed by their command identifier and advertise their keyed SGL data blocks; response
 * capsules answer them. The layouts are in {@code ksy/nvme_rdma.ksy}.
 */
package io.rdmascope.ulp.nvme;
