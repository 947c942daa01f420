meta:
  id: ddp
  title: DDP segment with its RDMAP header (RFC 5041, RFC 5040, one-shot extension)
  endian: be
  bit-endian: be
  imports:
    - rdmap
    - oneshot
doc: |
  One DDP segment: the ULPDU of an MPA FPDU. The DDP control octet, the RDMAP
  control octet, the tagged (14 octets) or untagged (18 octets) buffer model
  header, the one-shot optional fields announced by SV and AB, then, for
  untagged segments whose opcode has one, an RDMAP header, and the ULP
  payload.

  Every part is read only when the segment holds all of it: a part announced
  by the bits but cut off is absent (null), never read past the segment's
  end. The has_* instances tell which parts the octets hold, the *_end
  instances where each part ends, so a reader can tell a missing part from one
  that was never announced.
doc-ref: RFC 5041 section 4
seq:
  - id: control
    type: control
    if: has_controls
    doc: |
      DDP control field.
      First octet of every DDP segment.
    doc-ref: RFC 5041 section 4.2, one-shot-extension.md
  - id: rdmap_control
    type: rdmap::control
    if: has_controls
    doc: |
      RDMAP control field.
      Second octet of every DDP segment (first octet of the field reserved
      for the ULP).
    doc-ref: RFC 5040 section 4.2
  - id: tagged_header
    type: tagged_header
    if: has_header and control.tagged
    doc: |
      Tagged buffer model header.
      STag and Tagged Offset of a tagged segment.
    doc-ref: RFC 5041 section 4.3
  - id: untagged_header
    type: untagged_header
    if: has_header and not control.tagged
    doc: |
      Untagged buffer model header.
      Invalidate STag, Queue Number, Message Sequence Number and Message
      Offset of an untagged segment.
    doc-ref: RFC 5041 section 4.4
  - id: optional_stag
    type: oneshot::optional_stag
    if: has_header and control.sv and _io.size >= optional_stag_end
    doc: |
      Optional STag.
      One-shot extension: present when SV is set.
    doc-ref: one-shot-extension.md
  - id: advertised_buffer
    type: oneshot::advertised_buffer
    if: has_header and control.sv and control.ab and has_optional_fields
    doc: |
      Advertised buffer.
      One-shot extension: present when SV and AB are set. AB without SV
      announces nothing and is malformed.
    doc-ref: one-shot-extension.md
  - id: read_request
    type: rdmap::read_request
    if: has_rdmap_header and rdmap_control.opcode == rdmap::opcode::rdma_read_request.to_i
    doc: |
      RDMA Read Request header.
      Parsed only in an untagged segment with opcode RDMA Read Request.
    doc-ref: RFC 5040 section 4.4
  - id: atomic_request
    type: rdmap::atomic_request
    if: has_rdmap_header and rdmap_control.opcode == rdmap::opcode::atomic_request.to_i
    doc: |
      Atomic Request header.
      Parsed only in an untagged segment with opcode Atomic Request.
    doc-ref: RFC 7306 section 6.1
  - id: atomic_response
    type: rdmap::atomic_response
    if: has_rdmap_header and rdmap_control.opcode == rdmap::opcode::atomic_response.to_i
    doc: |
      Atomic Response header.
      Parsed only in an untagged segment with opcode Atomic Response.
    doc-ref: RFC 7306 section 6.2
  - id: immediate_data
    type: rdmap::immediate_data
    if: >-
      has_rdmap_header and
      (rdmap_control.opcode == rdmap::opcode::immediate_data.to_i or
      rdmap_control.opcode == rdmap::opcode::immediate_data_with_se.to_i)
    doc: |
      Immediate Data.
      Parsed only in an untagged segment with opcode Immediate Data or
      Immediate Data with SE.
    doc-ref: RFC 7306 section 5
  - id: terminate
    type: rdmap::terminate
    size-eos: true
    if: has_rdmap_header and rdmap_control.opcode == rdmap::opcode::terminate.to_i
    doc: |
      Terminate header.
      Parsed only in an untagged segment with opcode Terminate; takes the
      rest of the segment.
    doc-ref: RFC 5040 section 4.8
types:
  control:
    doc: |
      DDP control field.
      T, L, SV, AB, reserved bits and DDP version.
    doc-ref: RFC 5041 section 4.2, one-shot-extension.md
    seq:
      - id: tagged
        type: b1
        doc: |
          Tagged flag.
          T (mask 0x80): the tagged buffer model header follows.
        doc-ref: RFC 5041 section 4.2
      - id: last
        type: b1
        doc: |
          Last flag.
          L (mask 0x40): the last segment of its DDP message.
        doc-ref: RFC 5041 section 4.2
      - id: sv
        type: b1
        doc: |
          STag valid.
          SV (mask 0x20): the Optional STag field is present and valid.
        doc-ref: one-shot-extension.md
      - id: ab
        type: b1
        doc: |
          Advertised buffer.
          AB (mask 0x10): the advertised-buffer field is present (only with
          SV; AB without SV is malformed).
        doc-ref: one-shot-extension.md
      - id: reserved
        type: b2
        doc: |
          Reserved.
          Reserved bits (mask 0x0C), zero on the wire.
        doc-ref: RFC 5041 section 4.2, one-shot-extension.md
      - id: version
        type: b2
        doc: |
          DDP version.
          DV (mask 0x03): 1 for RFC 5041.
        doc-ref: RFC 5041 section 4.2
  tagged_header:
    doc: |
      Tagged buffer model header.
      After the two control octets: STag and Tagged Offset.
    doc-ref: RFC 5041 section 4.3
    seq:
      - id: stag
        type: u4
        doc: |
          Steering Tag.
          The (Data Sink) STag naming the tagged buffer written.
        doc-ref: RFC 5041 section 4.3
      - id: to
        type: u8
        doc: |
          Tagged Offset.
          The (Data Sink) offset in the tagged buffer of the segment's first
          payload octet.
        doc-ref: RFC 5041 section 4.3
  untagged_header:
    doc: |
      Untagged buffer model header.
      After the two control octets: the rest of the field reserved for the
      ULP (RDMAP's Invalidate STag), QN, MSN and MO.
    doc-ref: RFC 5041 section 4.4
    seq:
      - id: invalidate_stag
        type: rdmap::invalidate_stag
        doc: |
          Invalidate STag.
          The 32-bit word reserved for the ULP, used by RDMAP as the
          Invalidate STag.
        doc-ref: RFC 5040 section 4.2
      - id: qn
        type: u4
        doc: |
          Queue Number.
          The untagged queue: 0 Send, 1 RDMA Read Request, 2 Terminate.
        doc-ref: RFC 5041 section 4.4, RFC 5040 section 5.1
      - id: msn
        type: u4
        doc: |
          Message Sequence Number.
          Number of the message on its queue, from 1, one more per message.
        doc-ref: RFC 5041 section 4.4
      - id: mo
        type: u4
        doc: |
          Message Offset.
          Offset in octets of the segment's payload within its message.
        doc-ref: RFC 5041 section 4.4
    instances:
      rsvd_ulp:
        value: invalidate_stag.stag
        doc: |
          Reserved for the ULP.
          The 32-bit word of the untagged header that DDP reserves for the
          ULP (RsvdULP[8:39]) and passes to it unchanged; RDMAP reads it as
          the Invalidate STag.
        doc-ref: RFC 5041 section 4.4
instances:
  controls_length:
    value: 2
    doc: |
      Control octets.
      The DDP and RDMAP control octets that start every segment.
    doc-ref: RFC 5041 section 4.2
  has_controls:
    value: _io.size >= controls_length
    doc: |
      Controls present.
      The segment holds both control octets.
    doc-ref: RFC 5041 section 4.2
  header_end:
    value: 'controls_length + (control.tagged ? sizeof<tagged_header> : sizeof<untagged_header>)'
    if: has_controls
    doc: |
      DDP header length.
      14 octets for a tagged header, 18 for an untagged one.
    doc-ref: RFC 5041 section 4.3, RFC 5041 section 4.4
  has_header:
    value: has_controls and _io.size >= header_end
    doc: |
      Header present.
      The segment holds its whole tagged or untagged header.
    doc-ref: RFC 5041 section 4
  optional_stag_end:
    value: 'header_end + (control.sv ? sizeof<oneshot::optional_stag> : 0)'
    if: has_controls
    doc: |
      End of the Optional STag.
      Where the Optional STag ends (the header end when SV is clear).
    doc-ref: one-shot-extension.md
  optional_fields_end:
    value: 'optional_stag_end + (control.sv and control.ab ? sizeof<oneshot::advertised_buffer> : 0)'
    if: has_controls
    doc: |
      End of the one-shot fields.
      Where the optional fields announced by SV and AB end.
    doc-ref: one-shot-extension.md
  has_optional_fields:
    value: has_header and _io.size >= optional_fields_end
    doc: |
      One-shot fields present.
      The segment holds every optional field its SV and AB bits announce.
    doc-ref: one-shot-extension.md
  rdmap_header_length:
    value: >-
      control.tagged ? 0 :
      rdmap_control.opcode == rdmap::opcode::rdma_read_request.to_i ? sizeof<rdmap::read_request> :
      rdmap_control.opcode == rdmap::opcode::terminate.to_i ? 4 :
      rdmap_control.opcode == rdmap::opcode::atomic_request.to_i ? sizeof<rdmap::atomic_request> :
      rdmap_control.opcode == rdmap::opcode::atomic_response.to_i ? sizeof<rdmap::atomic_response> :
      rdmap_control.opcode == rdmap::opcode::immediate_data.to_i ? sizeof<rdmap::immediate_data> :
      rdmap_control.opcode == rdmap::opcode::immediate_data_with_se.to_i ? sizeof<rdmap::immediate_data> :
      0
    if: has_controls
    doc: |
      RDMAP header length.
      Octets of the RDMAP header after the DDP header and optional fields:
      28 for a Read Request, 52 for an Atomic Request, 12 for an Atomic
      Response, 8 for Immediate Data, at least 4 (the control word) for a
      Terminate, none for other opcodes and for tagged segments.
    doc-ref: RFC 5040 section 4, RFC 7306 section 6
  has_rdmap_header:
    value: >-
      has_optional_fields and rdmap_header_length > 0 and
      _io.size >= optional_fields_end + rdmap_header_length
    doc: |
      RDMAP header present.
      The segment is untagged, its opcode has an RDMAP header and the
      segment holds it.
    doc-ref: RFC 5040 section 4
