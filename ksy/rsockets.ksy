meta:
  id: rsockets
  title: rsockets connection data and target SGL entries (rdma-core librdmacm/rsocket.c)
  endian: be
doc: |
  How rsockets (and rstream over it) make their receive buffers known.
  Each side puts struct rs_conn_data in the private data of its connect
  request or accept (in iWARP the MPA Request and Reply, after the IRD and
  ORD of RFC 6581): its target SGL (a small array of struct rs_sge the peer
  writes into) and the first half of its receive buffer. Later, whenever
  it frees half of its receive buffer, it writes one struct rs_sge for that
  half with RDMA Write into the peer's target SGL. The connection data is
  big-endian; the entries written into the target SGL are in the byte
  order of the SGL's owner (its host order, which the connection data's
  RS_CONN_FLAG_NET bit announces: set for big-endian hosts).
doc-ref: rdma-core librdmacm/rsocket.c, struct rs_conn_data, rs_format_conn_data(), rs_send_credits()
types:
  conn_data:
    doc: |
      struct rs_conn_data.
      40 octets of connection data.
    doc-ref: rdma-core librdmacm/rsocket.c, struct rs_conn_data and rs_format_conn_data()
    seq:
      - id: version
        type: u1
        doc: |
          version.
          Version of the connection data; 1.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_format_conn_data()
      - id: flags
        type: u1
        doc: |
          flags.
          0x01 RS_CONN_FLAG_NET (the sender's host is big-endian), 0x02
          RS_CONN_FLAG_IOMAP (an iomap area follows the target SGL).
        doc-ref: rdma-core librdmacm/rsocket.c, RS_CONN_FLAG_NET and RS_CONN_FLAG_IOMAP
      - id: credits
        type: u2
        doc: |
          credits.
          The sender's receive queue size: Sends the peer may post.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_format_conn_data()
      - id: reserved
        size: 3
        doc: |
          reserved.
          Zero.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_conn_data
      - id: target_iomap_size
        type: u1
        doc: |
          target_iomap_size.
          Entries of the iomap area, scaled to 8 bits (values above 128
          are 128 plus the entry count shifted right by 8).
        doc-ref: rdma-core librdmacm/rsocket.c, rs_value_to_scale()
      - id: target_sgl
        type: sge_be
        doc: |
          target_sgl.
          The sender's target SGL: address, STag and the number of
          entries (RS_SGL_SIZE, 2) of struct rs_sge the peer writes into.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_format_conn_data()
      - id: data_buf
        type: sge_be
        doc: |
          data_buf.
          The first half of the sender's receive buffer: address, STag
          and length in octets; the peer writes its data there.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_format_conn_data()
  sge_be:
    doc: |
      struct rs_sge in network byte order.
      As carried in the connection data; 16 octets.
    doc-ref: rdma-core librdmacm/rsocket.c, struct rs_sge
    seq:
      - id: addr
        type: u8
        doc: |
          addr.
          Virtual address, the tagged offset of the first octet.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_sge
      - id: key
        type: u4
        doc: |
          key.
          The STag of the region.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_sge
      - id: length
        type: u4
        doc: |
          length.
          Octets of a buffer, or entries of an SGL.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_sge
  sge_le:
    doc: |
      struct rs_sge written by a little-endian host.
      An entry of a target SGL whose owner announced a little-endian host
      (RS_CONN_FLAG_NET clear); 16 octets.
    doc-ref: rdma-core librdmacm/rsocket.c, struct rs_sge and rs_send_credits()
    seq:
      - id: addr
        type: u8le
        doc: |
          addr.
          Virtual address of the freed half of the writer's receive buffer.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_send_credits()
      - id: key
        type: u4le
        doc: |
          key.
          The STag of the writer's receive buffer.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_send_credits()
      - id: length
        type: u4le
        doc: |
          length.
          Octets of the freed half (half the receive buffer).
        doc-ref: rdma-core librdmacm/rsocket.c, rs_send_credits()
  iomap_be:
    doc: |
      struct rs_iomap in network byte order.
      An entry of an iomap area of a big-endian owner: a file offset and
      the buffer mapped at it; 24 octets.
    doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap and rs_write_iomap()
    seq:
      - id: offset
        type: u8
        doc: |
          offset.
          The riomap offset the buffer is mapped at.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap
      - id: sge
        type: sge_be
        doc: |
          sge.
          The mapped buffer.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap
  iomap_le:
    doc: |
      struct rs_iomap written for a little-endian owner.
      As iomap_be in little-endian order; 24 octets.
    doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap and rs_write_iomap()
    seq:
      - id: offset
        type: u8le
        doc: |
          offset.
          The riomap offset the buffer is mapped at.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap
      - id: sge
        type: sge_le
        doc: |
          sge.
          The mapped buffer.
        doc-ref: rdma-core librdmacm/rsocket.c, struct rs_iomap
  msg_le:
    doc: |
      rsockets message of a little-endian sender.
      The 32-bit message that accompanies each RDMA Write, or stands
      alone, in a 4-octet Send when the QP cannot carry immediate data
      (RS_OPT_MSG_SEND, always so over iWARP); in the sender's host order.
    doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_set(), rs_post_msg() and rs_post_write_msg()
    seq:
      - id: value
        type: u4le
        doc: |
          msg.
          Operation in bits 31-29, its data in bits 28-0.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_op() and rs_msg_data()
    instances:
      op:
        value: value >> 29
        enum: op
        doc: |
          Operation.
          What the message says (op enum).
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_op()
      data:
        value: value & 0x1fffffff
        doc: |
          Data.
          Octets written (RS_OP_DATA, RS_OP_WRITE), the receive sequence
          number up to which the peer may send (RS_OP_SGL), the iomap
          index (RS_OP_IOMAP_SGL), or the control code (RS_OP_CTRL).
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_data()
  msg_be:
    doc: |
      rsockets message of a big-endian sender.
      As msg_le, from a host that announced RS_CONN_FLAG_NET.
    doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_set(), rs_post_msg() and rs_post_write_msg()
    seq:
      - id: value
        type: u4be
        doc: |
          msg.
          Operation in bits 31-29, its data in bits 28-0.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_op() and rs_msg_data()
    instances:
      op:
        value: value >> 29
        enum: op
        doc: |
          Operation.
          What the message says (op enum).
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_op()
      data:
        value: value & 0x1fffffff
        doc: |
          Data.
          The operation's data, as in msg_le.
        doc-ref: rdma-core librdmacm/rsocket.c, rs_msg_data()
enums:
  op:
    0:
      id: data
      doc: RS_OP_DATA, data written into the receive buffer
    1:
      id: rsvd_data_more
      doc: RS_OP_RSVD_DATA_MORE, reserved
    2:
      id: write
      doc: RS_OP_WRITE, direct write into a riomap buffer (not sent)
    3:
      id: rsvd_dra_more
      doc: RS_OP_RSVD_DRA_MORE, reserved
    4:
      id: sgl
      doc: RS_OP_SGL, credits (and a target SGL entry when written with it)
    5:
      id: rsvd
      doc: RS_OP_RSVD, reserved
    6:
      id: iomap_sgl
      doc: RS_OP_IOMAP_SGL, an iomap entry was written
    7:
      id: ctrl
      doc: RS_OP_CTRL, disconnect, keepalive or shutdown
