/**
 * iSCSI Extensions for RDMA: {@link io.rdmascope.ulp.iser.Iser}. The initiator's requests with an
 * Initiator Task Tag are calls and advertise the Write and Read STags of their iSER header; the
 * target's responses answer them. The layouts are in {@code ksy/iser.ksy}.
 */
package io.rdmascope.ulp.iser;
