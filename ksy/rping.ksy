meta:
  id: rping
  title: rping buffer advertisement (rdma-core librdmacm/examples/rping.c)
  endian: be
doc: |
  The only message rping sends: 16 octets that name one buffer of the
  sender by address, STag and size, in network byte order. The client
  sends it twice per iteration: first for its start buffer (which the
  server reads with RDMA Read), then for its RDMA buffer (which the server
  writes with RDMA Write). The server answers each with the same 16-octet
  Send left unfilled (all zero) as its go-ahead. Both buffers are
  registered for local write, remote read and remote write.
doc-ref: rdma-core librdmacm/examples/rping.c, struct rping_rdma_info and rping_format_send()
types:
  rdma_info:
    doc: |
      struct rping_rdma_info.
      Address, STag and size of one buffer; 16 octets.
    doc-ref: rdma-core librdmacm/examples/rping.c, struct rping_rdma_info
    seq:
      - id: buf
        type: u8
        doc: |
          buf.
          The buffer's virtual address, the tagged offset of its first
          octet (htobe64).
        doc-ref: rdma-core librdmacm/examples/rping.c, rping_format_send()
      - id: rkey
        type: u4
        doc: |
          rkey.
          The STag of the buffer's registration (htobe32).
        doc-ref: rdma-core librdmacm/examples/rping.c, rping_format_send()
      - id: size
        type: u4
        doc: |
          size.
          The buffer's length in octets, rping's -S option: 26
          (RPING_MIN_BUFSIZE) to 65535 (RPING_BUFSIZE - 1), 64 by default
          (htobe32).
        doc-ref: rdma-core librdmacm/examples/rping.c, rping_format_send()
