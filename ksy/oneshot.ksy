meta:
  id: oneshot
  title: One-shot extension optional DDP fields
  endian: be
  bit-endian: be
doc: |
  Optional fields of the one-shot extension. They follow the DDP header
  directly (after TO in a tagged header, after MO in an untagged one) and come
  before any RDMAP header or ULP payload. The Optional STag is present when the
  SV bit (mask 0x20) of the DDP control field is set; the advertised buffer is
  present when AB (mask 0x10) is set as well. AB without SV is malformed and
  announces no field.
doc-ref: one-shot-extension.md
types:
  optional_stag:
    doc: |
      Optional STag field.
      Present when SV is set. In a one-shot initiation it is the STag the
      sender's NIC has bound to the advertised buffer; in a one-shot
      completion it names the STag to invalidate.
    doc-ref: one-shot-extension.md
    seq:
      - id: stag
        type: u4
        doc: |
          Optional STag.
          The Steering Tag carried by a Send with SV set: advertised by an
          initiation (SV and AB), or completed and invalidated by a
          completion (SV without AB).
        doc-ref: one-shot-extension.md
  advertised_buffer:
    doc: |
      Advertised buffer field.
      Present when SV and AB are both set: the region [TO, TO + Length) of the
      sender's memory bound to the Optional STag, and how the peer may access
      it.
    doc-ref: one-shot-extension.md
    seq:
      - id: to
        type: u8
        doc: |
          Advertised Tagged Offset.
          First tagged offset of the advertised region.
        doc-ref: one-shot-extension.md
      - id: length
        type: u4
        doc: |
          Advertised Length.
          Length of the advertised region in octets.
        doc-ref: one-shot-extension.md
      - id: access
        type: u1
        doc: |
          Access.
          Access rights granted to the peer, a set of flags: 0x01 remote
          write (RDMA Write into the region), 0x02 remote read (RDMA Read
          Request with the region as Data Source).
        doc-ref: one-shot-extension.md
      - id: reserved
        type: b24
        doc: |
          Reserved.
          Three reserved octets, zero on the wire.
        doc-ref: one-shot-extension.md
    instances:
      remote_write:
        value: (access & access_flags::remote_write.to_i) != 0
        doc: |
          Remote write allowed.
          The access flag 0x01 is set.
        doc-ref: one-shot-extension.md
      remote_read:
        value: (access & access_flags::remote_read.to_i) != 0
        doc: |
          Remote read allowed.
          The access flag 0x02 is set.
        doc-ref: one-shot-extension.md
enums:
  access_flags:
    0x01:
      id: remote_write
      doc: The peer may write the region with RDMA Write.
    0x02:
      id: remote_read
      doc: The peer may read the region with RDMA Read.
