meta:
  id: perftest
  title: perftest connection data exchanged over rdma_cm (linux-rdma/perftest)
  endian: be
doc: |
  What each side of a perftest benchmark run with -R (rdma_cm) tells the
  other before the test: struct pingpong_dest, sent in one Send on the
  connection perftest opens for the exchange. perftest converts every
  integer with htobe32/htobe64 when the build has endian.h (HAVE_ENDIAN,
  always on Linux), so the fields are big-endian; the GID is copied as is.
  The C structure is padded by the compiler: four octets after rkey align
  vaddr. perftest 4.5 (version string 6.06 in 4.5-0.18) sends 56 octets;
  releases from 26.04 add tail_markers_vaddr after vaddr, for 64.
doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest; src/perftest_communication.c rdma_write_keys()
types:
  pingpong_dest:
    doc: |
      struct pingpong_dest as perftest 4.5 sends it.
      56 octets: the sender's QP, PSN and one buffer (rkey at vaddr).
    doc-ref: linux-rdma/perftest v4.5-0.18 src/perftest_resources.h struct pingpong_dest
    seq:
      - id: lid
        type: u4
        doc: |
          lid.
          InfiniBand local identifier of the port; 0 on iWARP.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: out_reads
        type: u4
        doc: |
          out_reads.
          Outstanding RDMA Reads the sender can serve (its responder
          resources).
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: qpn
        type: u4
        doc: |
          qpn.
          The sender's QP number.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: psn
        type: u4
        doc: |
          psn.
          The sender's initial packet sequence number (random).
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: rkey
        type: u4
        doc: |
          rkey.
          The STag of the sender's test buffer.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: padding
        size: 4
        doc: |
          Padding.
          Alignment of vaddr to 8 octets, inserted by the compiler.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: vaddr
        type: u8
        doc: |
          vaddr.
          The virtual address of the sender's test buffer, the tagged
          offset the peer reads or writes at.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: gid
        size: 16
        doc: |
          gid.
          The port's GID (union ibv_gid), raw octets.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: srqn
        type: u4
        doc: |
          srqn.
          The shared receive queue number (XRC only), else 0.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: gid_index
        type: u4
        doc: |
          gid_index.
          Index of the GID in the port's table.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
  pingpong_dest_tail_markers:
    doc: |
      struct pingpong_dest of perftest 26.04 and later.
      64 octets: as pingpong_dest with tail_markers_vaddr after vaddr.
    doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest (with tail_markers_vaddr)
    seq:
      - id: lid
        type: u4
        doc: |
          lid.
          InfiniBand local identifier of the port; 0 on iWARP.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: out_reads
        type: u4
        doc: |
          out_reads.
          Outstanding RDMA Reads the sender can serve.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: qpn
        type: u4
        doc: |
          qpn.
          The sender's QP number.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: psn
        type: u4
        doc: |
          psn.
          The sender's initial packet sequence number.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: rkey
        type: u4
        doc: |
          rkey.
          The STag of the sender's test buffer.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: padding
        size: 4
        doc: |
          Padding.
          Alignment of vaddr to 8 octets, inserted by the compiler.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: vaddr
        type: u8
        doc: |
          vaddr.
          The virtual address of the sender's test buffer.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: tail_markers_vaddr
        type: u8
        doc: |
          tail_markers_vaddr.
          Address of the markers used by data validation, else 0.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: gid
        size: 16
        doc: |
          gid.
          The port's GID, raw octets.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: srqn
        type: u4
        doc: |
          srqn.
          The shared receive queue number (XRC only), else 0.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
      - id: gid_index
        type: u4
        doc: |
          gid_index.
          Index of the GID in the port's table.
        doc-ref: linux-rdma/perftest src/perftest_resources.h struct pingpong_dest
