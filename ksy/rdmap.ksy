meta:
  id: rdmap
  title: RDMAP headers (RFC 5040, RFC 7306)
  endian: be
  bit-endian: be
doc: |
  Headers of the Remote Direct Memory Access Protocol. The RDMAP control
  octet travels in the second octet of every DDP segment (the first octet of
  the DDP field reserved for the ULP); the Invalidate STag in the remaining
  four octets of that field in an untagged header. The other headers follow
  the DDP header of untagged segments only: RDMA Read Request (queue 1),
  Terminate (queue 2), Atomic Request and Response, Immediate Data.
doc-ref: RFC 5040 section 4
types:
  control:
    doc: |
      RDMAP control field.
      One octet: RDMAP version, reserved bits and opcode.
    doc-ref: RFC 5040 section 4.2
    seq:
      - id: version
        type: b2
        doc: |
          RDMAP version.
          RV, the two most significant bits (mask 0xC0); 1 for RFC 5040.
        doc-ref: RFC 5040 section 4.2
      - id: reserved
        type: b2
        doc: |
          Reserved.
          Two reserved bits (mask 0x30), zero on the wire.
        doc-ref: RFC 5040 section 4.2
      - id: opcode
        type: b4
        doc: |
          Opcode.
          The RDMA message type (mask 0x0F), one of the opcode enum.
          Values 0x8 to 0xB are assigned by RFC 7306; others are undefined.
        doc-ref: RFC 5040 section 4.3, RFC 7306 section 10.1
    instances:
      kind:
        value: opcode
        enum: opcode
        doc: |
          Message type.
          The opcode as a message type, null when undefined.
        doc-ref: RFC 5040 section 4.3
  invalidate_stag:
    doc: |
      Invalidate STag field.
      The last four octets of the untagged DDP field reserved for the ULP.
    doc-ref: RFC 5040 section 4.2
    seq:
      - id: stag
        type: u4
        doc: |
          Invalidate STag.
          For Send with Invalidate and Send with SE and Invalidate, the STag
          the receiver invalidates; reserved (zero) for other messages.
        doc-ref: RFC 5040 section 4.2
  read_request:
    doc: |
      RDMA Read Request header.
      Follows the untagged DDP header of a Read Request on queue 1; 28 octets.
    doc-ref: RFC 5040 section 4.4
    seq:
      - id: sink_stag
        type: u4
        doc: |
          Data Sink STag.
          The STag of the requester's buffer that the Read Response fills.
        doc-ref: RFC 5040 section 4.4
      - id: sink_to
        type: u8
        doc: |
          Data Sink Tagged Offset.
          Where in the Data Sink buffer the Read Response data goes.
        doc-ref: RFC 5040 section 4.4
      - id: read_size
        type: u4
        doc: |
          RDMA Read Message Size.
          Octets to read from the Data Source.
        doc-ref: RFC 5040 section 4.4
      - id: source_stag
        type: u4
        doc: |
          Data Source STag.
          The STag of the responder's buffer to read from.
        doc-ref: RFC 5040 section 4.4
      - id: source_to
        type: u8
        doc: |
          Data Source Tagged Offset.
          Where in the Data Source buffer the read starts.
        doc-ref: RFC 5040 section 4.4
  terminate:
    doc: |
      Terminate header.
      Follows the untagged DDP header of a Terminate on queue 2: the
      Terminate control word, then, as its header-control bits announce,
      the DDP Segment Length and the DDP header of the segment that caused
      the error (bit D) and its RDMAP header (bit R). Parsed in its own
      substream (the rest of the segment); parts that do not fit are absent.
    doc-ref: RFC 5040 section 4.8
    seq:
      - id: layer
        type: b4
        doc: |
          Layer.
          The layer that detected the error (mask 0xF0 of the first octet):
          RDMA, DDP or LLP (MPA); see the layer enum.
        doc-ref: RFC 5040 section 4.8
      - id: etype
        type: b4
        doc: |
          Error type.
          Error type within the layer (mask 0x0F of the first octet): see
          the rdma_error_type, ddp_error_type and llp_error_type enums.
        doc-ref: RFC 5040 section 4.8
      - id: error_code
        type: u1
        doc: |
          Error code.
          Error code within the layer and type: see the rdma_error_code,
          ddp_tagged_error_code, ddp_untagged_error_code and llp_error_code
          enums.
        doc-ref: RFC 5040 section 4.8, RFC 5041 section 7.2, RFC 5044 section 8
      - id: m
        type: b1
        doc: |
          M bit (DDP Segment Length valid).
          The DDP Segment Length field holds the length of the segment that
          caused the error.
        doc-ref: RFC 5040 section 4.8
      - id: d
        type: b1
        doc: |
          D bit (DDP header included).
          The DDP Segment Length field and the DDP header of the segment that
          caused the error follow the Terminate control word.
        doc-ref: RFC 5040 section 4.8
      - id: r
        type: b1
        doc: |
          R bit (RDMAP header included).
          The RDMAP header (28 octets, as a Read Request header) of the
          message that caused the error follows.
        doc-ref: RFC 5040 section 4.8
      - id: reserved
        type: b13
        doc: |
          Reserved.
          Thirteen reserved bits (mask 0x1FFF of the second 16-bit word).
        doc-ref: RFC 5040 section 4.8
      - id: ddp_segment_length
        type: u2
        if: d and _io.size - _io.pos >= 2
        doc: |
          DDP Segment Length.
          Length of the DDP segment that caused the error (the ULPDU_Length
          of its FPDU); present with the terminated DDP header, meaningful
          when M is set.
        doc-ref: RFC 5040 section 4.8
      - id: ddp_header
        size: len_ddp_header
        if: has_terminated_ddp_header
        doc: |
          Terminated DDP header.
          The DDP header of the segment that caused the error: 14 octets when
          its own T bit is set (tagged), 18 when clear (untagged).
        doc-ref: RFC 5040 section 4.8
      - id: rdmap_header
        size: 28
        if: r and _io.size - _io.pos >= 28
        doc: |
          Terminated RDMAP header.
          The 28 octets of the RDMAP header (a Read Request header) of the
          message that caused the error.
        doc-ref: RFC 5040 section 4.8
    instances:
      layer_kind:
        value: layer
        enum: layer
        doc: |
          Layer name.
          The layer as an enum, null when undefined.
        doc-ref: RFC 5040 section 4.8
      terminated_ddp_control:
        pos: 6
        type: u1
        if: d and _io.size >= 7
        doc: |
          Terminated DDP control octet.
          First octet of the terminated DDP header (after the 4-octet control
          word and the 2-octet segment length); its T bit (0x80) gives the
          header's length.
        doc-ref: RFC 5041 section 4.2
      len_ddp_header:
        value: '(terminated_ddp_control & 0x80) != 0 ? 14 : 18'
        doc: |
          Terminated DDP header length.
          14 octets for a tagged header, 18 for an untagged one.
        doc-ref: RFC 5041 section 4.3, RFC 5041 section 4.4
      has_terminated_ddp_header:
        value: d and _io.size >= 7 and _io.size >= 6 + len_ddp_header
        doc: |
          Terminated DDP header present.
          D is set and the segment holds the whole terminated DDP header.
        doc-ref: RFC 5040 section 4.8
  atomic_request:
    doc: |
      Atomic Request header.
      Follows the untagged DDP header of an Atomic Request on queue 1;
      52 octets.
    doc-ref: RFC 7306 section 6.1
    seq:
      - id: reserved
        type: b28
        doc: |
          Reserved.
          The 28 most significant bits of the first word, zero.
        doc-ref: RFC 7306 section 6.1
      - id: atomic_opcode
        type: b4
        doc: |
          Atomic operation.
          The atomic operation code (mask 0x0F of the first word): see the
          atomic_opcode enum.
        doc-ref: RFC 7306 section 6.1
      - id: request_id
        type: u4
        doc: |
          Request Identifier.
          Chosen by the requester, echoed by the Atomic Response.
        doc-ref: RFC 7306 section 6.1
      - id: remote_stag
        type: u4
        doc: |
          Remote STag.
          The STag of the responder's buffer holding the 64-bit target.
        doc-ref: RFC 7306 section 6.1
      - id: remote_to
        type: u8
        doc: |
          Remote Tagged Offset.
          Tagged offset of the 64-bit target in the remote buffer.
        doc-ref: RFC 7306 section 6.1
      - id: add_or_swap_data
        type: u8
        doc: |
          Add or Swap Data.
          The value added (Fetch and Add) or swapped in (Compare and Swap).
        doc-ref: RFC 7306 section 6.1
      - id: add_or_swap_mask
        type: u8
        doc: |
          Add or Swap Mask.
          Mask applied to the add or swap data.
        doc-ref: RFC 7306 section 6.1
      - id: compare_data
        type: u8
        doc: |
          Compare Data.
          The value compared with the target (Compare and Swap).
        doc-ref: RFC 7306 section 6.1
      - id: compare_mask
        type: u8
        doc: |
          Compare Mask.
          Mask applied before the compare.
        doc-ref: RFC 7306 section 6.1
    instances:
      operation:
        value: atomic_opcode
        enum: atomic_opcode
        doc: |
          Atomic operation name.
          The atomic operation code as an enum, null when undefined.
        doc-ref: RFC 7306 section 6.1
  atomic_response:
    doc: |
      Atomic Response header.
      Follows the untagged DDP header of an Atomic Response; 12 octets.
    doc-ref: RFC 7306 section 6.2
    seq:
      - id: request_id
        type: u4
        doc: |
          Original Request Identifier.
          The Request Identifier of the Atomic Request answered.
        doc-ref: RFC 7306 section 6.2
      - id: original_value
        type: u8
        doc: |
          Original Remote Data Value.
          The 64-bit target's value before the operation.
        doc-ref: RFC 7306 section 6.2
  immediate_data:
    doc: |
      Immediate Data.
      The eight octets carried by an Immediate Data (or Immediate Data with
      SE) message after its untagged DDP header.
    doc-ref: RFC 7306 section 5
    seq:
      - id: data
        type: u8
        doc: |
          Immediate Data.
          Eight octets of data delivered to the receiver's completion.
        doc-ref: RFC 7306 section 5
enums:
  opcode:
    0x0:
      id: rdma_write
      doc: RDMA Write (tagged)
    0x1:
      id: rdma_read_request
      doc: RDMA Read Request (untagged, queue 1)
    0x2:
      id: rdma_read_response
      doc: RDMA Read Response (tagged)
    0x3:
      id: send
      doc: Send (untagged, queue 0)
    0x4:
      id: send_with_invalidate
      doc: Send with Invalidate (untagged, queue 0)
    0x5:
      id: send_with_se
      doc: Send with Solicited Event (untagged, queue 0)
    0x6:
      id: send_with_se_and_invalidate
      doc: Send with Solicited Event and Invalidate (untagged, queue 0)
    0x7:
      id: terminate
      doc: Terminate (untagged, queue 2)
    0x8:
      id: immediate_data
      doc: Immediate Data (untagged, queue 0)
      doc-ref: RFC 7306 section 10.1
    0x9:
      id: immediate_data_with_se
      doc: Immediate Data with Solicited Event (untagged, queue 0)
      doc-ref: RFC 7306 section 10.1
    0xa:
      id: atomic_request
      doc: Atomic Request (untagged, queue 1)
      doc-ref: RFC 7306 section 10.1
    0xb:
      id: atomic_response
      doc: Atomic Response (untagged, queue 3)
      doc-ref: RFC 7306 section 10.1
  layer:
    0x0:
      id: rdma
      doc: RDMAP
    0x1:
      id: ddp
      doc: DDP
    0x2:
      id: llp
      doc: LLP
  rdma_error_type:
    0x0:
      id: local_catastrophic
      doc: Local Catastrophic Error
    0x1:
      id: remote_protection
      doc: Remote Protection Error
    0x2:
      id: remote_operation
      doc: Remote Operation Error
  rdma_error_code:
    0x00:
      id: invalid_stag
      doc: Invalid STag
    0x01:
      id: base_or_bounds
      doc: Base or bounds violation
    0x02:
      id: access_rights
      doc: Access rights violation
    0x03:
      id: stag_not_associated
      doc: STag not associated with RDMAP Stream
    0x04:
      id: to_wrap
      doc: TO wrap
    0x05:
      id: invalid_version
      doc: Invalid RDMAP version
    0x06:
      id: unexpected_opcode
      doc: Unexpected OpCode
    0x07:
      id: catastrophic_stream
      doc: Catastrophic error, localized to RDMAP Stream
    0x08:
      id: catastrophic_global
      doc: Catastrophic error, global
    0x09:
      id: stag_cannot_be_invalidated
      doc: STag cannot be Invalidated
    0xff:
      id: unspecified
      doc: Unspecified Error
  ddp_error_type:
    0x0:
      id: local_catastrophic
      doc: Local Catastrophic Error
    0x1:
      id: tagged_buffer
      doc: Tagged Buffer Error
    0x2:
      id: untagged_buffer
      doc: Untagged Buffer Error
    0x3:
      id: reserved_for_llp
      doc: Reserved for the use by the LLP
  ddp_tagged_error_code:
    0x00:
      id: invalid_stag
      doc: Invalid STag
    0x01:
      id: base_or_bounds
      doc: Base or bounds violation
    0x02:
      id: stag_not_associated
      doc: STag not associated with DDP Stream
    0x03:
      id: to_wrap
      doc: TO wrap
    0x04:
      id: invalid_version
      doc: Invalid DDP version
  ddp_untagged_error_code:
    0x01:
      id: invalid_qn
      doc: Invalid QN
    0x02:
      id: invalid_msn_no_buffer
      doc: Invalid MSN - no buffer available
    0x03:
      id: invalid_msn_range
      doc: Invalid MSN - MSN range is not valid
    0x04:
      id: invalid_mo
      doc: Invalid MO
    0x05:
      id: message_too_long
      doc: DDP Message too long for available buffer
    0x06:
      id: invalid_version
      doc: Invalid DDP version
  llp_error_type:
    0x0:
      id: mpa
      doc: MPA Error
  llp_error_code:
    0x01:
      id: tcp_closed
      doc: TCP connection closed, terminated or lost
    0x02:
      id: crc_error
      doc: MPA CRC Error
    0x03:
      id: marker_mismatch
      doc: MPA Marker and ULPDU Length field mismatch
    0x04:
      id: invalid_request_reply
      doc: Invalid MPA Request Frame or MPA Response Frame
    0x05:
      id: local_catastrophic
      doc: Local Catastrophic Error
    0x06:
      id: insufficient_ird
      doc: Insufficient IRD Resources
    0x07:
      id: no_matching_rtr
      doc: No Matching RTR Option
  atomic_opcode:
    0x0:
      id: fetch_and_add
      doc: Fetch and Add
    0x2:
      id: compare_and_swap
      doc: Compare and Swap
