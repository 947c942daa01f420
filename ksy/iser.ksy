meta:
  id: iser
  title: iSER header and iSCSI Basic Header Segment (RFC 7145, RFC 7143)
  endian: be
  bit-endian: be
doc: |
  The messages of iSCSI Extensions for RDMA. Every RDMA Send carries an
  iSER header; an iSCSI control-type PDU follows it: the 48-octet Basic
  Header Segment, any Additional Header Segments, then the data segment.
  iSER uses neither header nor data digests. In the iSER header of a SCSI
  Command the initiator names the buffers the target moves the data
  through: the Write STag and Base Offset for the Data-Out the target reads
  with RDMA Read, the Read STag and Base Offset for the Data-In it places
  with RDMA Write.
doc-ref: RFC 7145 section 9.2; RFC 7143 section 11
seq:
  - id: header
    type: iser_header
    doc: |
      iSER header.
      The 28 octets at the start of every iSER message.
    doc-ref: RFC 7145 section 9.2
  - id: bhs
    type: bhs
    if: header.message_type == 1
    doc: |
      iSCSI Basic Header Segment.
      Follows the iSER header of an iSCSI control-type PDU.
    doc-ref: RFC 7145 section 9.2; RFC 7143 section 11.2
types:
  iser_header:
    doc: |
      iSER header, 28 octets.
      A flags octet, then three octets that are reserved in an iSCSI
      control-type PDU and carry the versions and the iSER-IRD or iSER-ORD
      in a Hello or Hello Reply, then the Write and Read STags and Base
      Offsets (reserved in a Hello and Hello Reply). Linux's struct
      iser_ctrl has the same layout.
    doc-ref: RFC 7145 sections 9.2, 9.3 and 9.4
    seq:
      - id: message_type
        type: b4
        doc: |
          Message type (flags bits 7:4).
          0x1 iSCSI control-type PDU, 0x2 iSER Hello, 0x3 iSER Hello Reply.
        doc-ref: RFC 7145 section 9.2
      - id: write_valid
        type: b1
        doc: |
          W: Write STag valid (flags mask 0x08).
          In an iSCSI control-type PDU, the Write STag and Write Base Offset
          name the buffer of the solicited Data-Out.
        doc-ref: RFC 7145 section 9.2
      - id: read_valid
        type: b1
        doc: |
          R: Read STag valid (flags mask 0x04).
          In an iSCSI control-type PDU, the Read STag and Read Base Offset
          name the buffer for the Data-In.
        doc-ref: RFC 7145 section 9.2
      - id: flags_reserved
        type: b1
        doc: |
          Reserved (flags mask 0x02).
        doc-ref: RFC 7145 section 9.2
      - id: reject
        type: b1
        doc: |
          Reject (flags mask 0x01).
          In a Hello Reply, the target rejects the connection; reserved in
          the other messages.
        doc-ref: RFC 7145 section 9.4
      - id: version
        type: u1
        doc: |
          Versions (octet 1).
          In a Hello, MaxVer in the high nibble and MinVer in the low; in a
          Hello Reply, MaxVer and CurVer; 10 for RFC 7145. Reserved in an
          iSCSI control-type PDU.
        doc-ref: RFC 7145 sections 9.3 and 9.4
      - id: ird_ord
        type: u2
        doc: |
          iSER-IRD or iSER-ORD (octets 2 and 3).
          In a Hello, the initiator's inbound RDMA Read queue depth; in a
          Hello Reply, the target's outbound RDMA Read queue depth. Reserved
          in an iSCSI control-type PDU.
        doc-ref: RFC 7145 sections 9.3 and 9.4
      - id: write_stag
        type: u4
        doc: |
          Write STag.
          Names the initiator's buffer holding the solicited Data-Out, which
          the target fetches with RDMA Read Requests; valid when W is set.
        doc-ref: RFC 7145 section 9.2
      - id: write_base_offset
        type: u8
        doc: |
          Write Base Offset.
          The tagged offset in the Write STag's region where the solicited
          Data-Out starts (Linux's initiator advances it past the
          unsolicited data it sent in the command); valid when W is set.
        doc-ref: RFC 7145 section 9.2
      - id: read_stag
        type: u4
        doc: |
          Read STag.
          Names the initiator's buffer for the Data-In, which the target
          fills with RDMA Writes; valid when R is set.
        doc-ref: RFC 7145 section 9.2
      - id: read_base_offset
        type: u8
        doc: |
          Read Base Offset.
          The tagged offset in the Read STag's region where the Data-In
          starts; valid when R is set.
        doc-ref: RFC 7145 section 9.2
  bhs:
    doc: |
      iSCSI Basic Header Segment, 48 octets.
      Octets 20 to 47 depend on the opcode; those of a SCSI Command and a
      SCSI Response are parsed, those of other PDUs are kept as words.
    doc-ref: RFC 7143 section 11.2.1
    seq:
      - id: octet0
        type: u1
        doc: |
          Octet 0: a reserved bit (mask 0x80), I for immediate delivery
          (mask 0x40) and the opcode (mask 0x3F).
        doc-ref: RFC 7143 sections 11.2.1.1 and 11.2.1.2
      - id: octet1
        type: u1
        doc: |
          Octet 1: F, the final bit (mask 0x80), and opcode-specific flags
          (mask 0x7F): for a SCSI Command R (0x40), W (0x20) and ATTR (0x07);
          for a SCSI Response the overflow and underflow bits.
        doc-ref: RFC 7143 sections 11.2.1.3, 11.3.1 and 11.4.1
      - id: octet2
        type: u1
        doc: |
          Opcode-specific octet 2.
          A SCSI Response's Response code; a Login's versions.
        doc-ref: RFC 7143 sections 11.2.1 and 11.4.3
      - id: octet3
        type: u1
        doc: |
          Opcode-specific octet 3.
          A SCSI Response's SCSI status.
        doc-ref: RFC 7143 sections 11.2.1 and 11.4.2
      - id: total_ahs_length
        type: u1
        doc: |
          TotalAHSLength.
          Length of the Additional Header Segments in four-octet words.
        doc-ref: RFC 7143 section 11.2.1.5
      - id: data_segment_length_high
        type: u1
        doc: |
          DataSegmentLength, bits 23:16.
        doc-ref: RFC 7143 section 11.2.1.6
      - id: data_segment_length_low
        type: u2
        doc: |
          DataSegmentLength, bits 15:0.
        doc-ref: RFC 7143 section 11.2.1.6
      - id: lun
        type: u8
        doc: |
          LUN or opcode-specific fields (octets 8 to 15).
          The logical unit of a SCSI Command or Task Management request;
          the ISID and TSIH of a Login.
        doc-ref: RFC 7143 sections 11.2.1.7 and 11.12
      - id: itt
        type: u4
        doc: |
          Initiator Task Tag.
          The initiator's tag of the task; the target's responses repeat it.
          0xFFFFFFFF is reserved (a NOP that answers nothing).
        doc-ref: RFC 7143 section 11.2.1.8
      - id: specific
        type:
          switch-on: opcode
          cases:
            0x01: scsi_command_fields
            0x21: scsi_response_fields
            _: other_fields
        doc: |
          Opcode-specific fields (octets 20 to 47).
        doc-ref: RFC 7143 section 11.2.1
    instances:
      reserved_bit:
        value: (octet0 & 0x80) != 0
        doc: |
          Reserved bit of octet 0 (mask 0x80).
        doc-ref: RFC 7143 section 11.2.1
      immediate:
        value: (octet0 & 0x40) != 0
        doc: |
          I: immediate delivery (octet 0 mask 0x40).
          The request is for immediate delivery (initiator opcodes only).
        doc-ref: RFC 7143 section 11.2.1.1
      opcode:
        value: octet0 & 0x3f
        doc: |
          Opcode (octet 0 mask 0x3F).
          Initiator opcodes are 0x00 to 0x1F, target opcodes 0x20 to 0x3F.
        doc-ref: RFC 7143 section 11.2.1.2
      final_flag:
        value: (octet1 & 0x80) != 0
        doc: |
          F: final (octet 1 mask 0x80).
          The last PDU of a sequence (T, transit, in a Login).
        doc-ref: RFC 7143 section 11.2.1.3
      opcode_flags:
        value: octet1 & 0x7f
        doc: |
          Opcode-specific flags (octet 1 mask 0x7F).
        doc-ref: RFC 7143 sections 11.3.1 and 11.4.1
      kind:
        value: opcode
        enum: opcode
        doc: |
          PDU type.
          The opcode as a PDU type, null when RFC 7143 defines none.
        doc-ref: RFC 7143 section 11.2.1.2
      data_segment_length:
        value: (data_segment_length_high << 16) | data_segment_length_low
        doc: |
          DataSegmentLength.
          Octets of the data segment, without its padding.
        doc-ref: RFC 7143 section 11.2.1.6
      read_flag:
        value: (opcode_flags & 0x40) != 0
        doc: |
          SCSI Command R: the command reads (expects Data-In).
        doc-ref: RFC 7143 section 11.3.1
      write_flag:
        value: (opcode_flags & 0x20) != 0
        doc: |
          SCSI Command W: the command writes (sends Data-Out).
        doc-ref: RFC 7143 section 11.3.1
  scsi_command_fields:
    doc: |
      Octets 20 to 47 of a SCSI Command.
    doc-ref: RFC 7143 section 11.3
    seq:
      - id: expected_data_transfer_length
        type: u4
        doc: |
          Expected Data Transfer Length.
          Octets the initiator expects to move for the command (its Data-Out
          for a write, its Data-In for a read).
        doc-ref: RFC 7143 section 11.3.4
      - id: cmd_sn
        type: u4
        doc: |
          CmdSN.
          The command's sequence number in the session.
        doc-ref: RFC 7143 section 11.3.2
      - id: exp_stat_sn
        type: u4
        doc: |
          ExpStatSN.
          The next status sequence number the initiator expects.
        doc-ref: RFC 7143 section 11.3.3
      - id: cdb
        type: cdb
        doc: |
          SCSI Command Descriptor Block, 16 octets.
        doc-ref: RFC 7143 section 11.3.5
  cdb:
    doc: |
      SCSI Command Descriptor Block as iSCSI carries it: 16 octets (a
      longer CDB continues in an Extended CDB AHS).
    doc-ref: RFC 7143 section 11.3.5; SPC-4 section 4.2
    seq:
      - id: operation_code
        type: u1
        doc: |
          Operation code.
          The SCSI command (see the scsi_operation enum).
        doc-ref: SPC-4 section 4.2.5
      - id: octet1
        type: u1
        doc: |
          Octet 1.
          Flags, or in bits 4:0 the service action of SERVICE ACTION IN(16),
          MAINTENANCE IN and their kin.
        doc-ref: SPC-4 section 4.2.5.2
      - id: octets2to9
        type: u8
        doc: |
          Octets 2 to 9.
          Command specific: the LBA of a READ(10) or WRITE(10) in octets 2 to
          5, of a READ(16) or WRITE(16) in 2 to 9.
        doc-ref: SBC-3 sections 5.11 and 5.35
      - id: octets10to13
        type: u4
        doc: |
          Octets 10 to 13.
          Command specific: the transfer length of a 16-octet READ or WRITE.
        doc-ref: SBC-3 section 5.13
      - id: octets14to15
        type: u2
        doc: |
          Octets 14 and 15.
          Command specific; the CONTROL octet of a 16-octet CDB is octet 15.
        doc-ref: SPC-4 section 4.2.2
    instances:
      operation:
        value: operation_code
        enum: scsi_operation
        doc: |
          SCSI command.
          The operation code as a command, null for one not listed.
        doc-ref: SPC-4 section 4.2.5
      service_action:
        value: octet1 & 0x1f
        doc: |
          Service action.
          Bits 4:0 of octet 1 for the operation codes that carry one.
        doc-ref: SPC-4 section 4.2.5.2
  scsi_response_fields:
    doc: |
      Octets 20 to 47 of a SCSI Response.
    doc-ref: RFC 7143 section 11.4
    seq:
      - id: snack_tag
        type: u4
        doc: |
          SNACK Tag.
        doc-ref: RFC 7143 section 11.4.4
      - id: stat_sn
        type: u4
        doc: |
          StatSN.
          The status sequence number of the response.
        doc-ref: RFC 7143 section 11.4.9
      - id: exp_cmd_sn
        type: u4
        doc: |
          ExpCmdSN.
        doc-ref: RFC 7143 section 11.4.9
      - id: max_cmd_sn
        type: u4
        doc: |
          MaxCmdSN.
        doc-ref: RFC 7143 section 11.4.9
      - id: exp_data_sn
        type: u4
        doc: |
          ExpDataSN.
        doc-ref: RFC 7143 section 11.4.8
      - id: bidi_residual_count
        type: u4
        doc: |
          Bidirectional Read Residual Count.
        doc-ref: RFC 7143 section 11.4.6
      - id: residual_count
        type: u4
        doc: |
          Residual Count.
          Octets not moved (underflow) or not movable (overflow).
        doc-ref: RFC 7143 section 11.4.5
  other_fields:
    doc: |
      Octets 20 to 47 of the other PDUs, as seven words (Target Transfer
      Tag, sequence numbers and opcode-specific fields).
    doc-ref: RFC 7143 section 11.2.1
    seq:
      - id: words
        type: u4
        repeat: expr
        repeat-expr: 7
        doc: |
          Words 5 to 11 of the Basic Header Segment.
        doc-ref: RFC 7143 section 11.2.1
  ahs:
    doc: |
      Additional Header Segment header.
      AHSLength, AHSType and an opcode-specific octet; the bidirectional
      read AHS (type 2) then holds the Read Expected Data Transfer Length.
    doc-ref: RFC 7143 section 11.2.2
    seq:
      - id: ahs_length
        type: u2
        doc: |
          AHSLength.
          Octets of the AHS after its first three, without padding.
        doc-ref: RFC 7143 section 11.2.2.2
      - id: ahs_type
        type: u1
        enum: ahs_type
        doc: |
          AHSType.
          1 Extended CDB, 2 Bidirectional Read Expected Data Transfer Length.
        doc-ref: RFC 7143 section 11.2.2.1
      - id: ahs_specific
        type: u1
        doc: |
          AHS-specific octet (reserved for types 1 and 2).
        doc-ref: RFC 7143 section 11.2.2
      - id: read_expected_data_transfer_length
        type: u4
        if: ahs_type == ahs_type::bidirectional_read_length
        doc: |
          Bidirectional Read Expected Data Transfer Length.
          Octets of Data-In a bidirectional command expects.
        doc-ref: RFC 7143 section 11.2.2.4
  cm_private_data:
    doc: |
      iSER connection data.
      The private data of the RDMA CM connection request and accept (after
      MPA's IRD and ORD): a flags octet and three reserved octets. In the
      request the initiator says which optional features it lacks; in the
      accept the target says which it does not use.
    doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4; Linux include/scsi/iser.h, struct iser_cm_hdr
    seq:
      - id: zbva_not_supported
        type: b1
        doc: |
          Zero-based virtual addressing not supported (mask 0x80).
          Set by an initiator that cannot take base offsets relative to its
          region's start, and by a target that does not use them: the base
          offsets are then virtual addresses.
        doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4; Linux include/scsi/iser.h
      - id: send_with_invalidate_not_supported
        type: b1
        doc: |
          Send with Invalidate not supported (mask 0x40).
          The initiator does not want its STags invalidated by the target's
          Send with Invalidate.
        doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4; Linux include/scsi/iser.h
      - id: flags_reserved
        type: b6
        doc: |
          Reserved flag bits (mask 0x3F).
        doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4
      - id: reserved_high
        type: u1
        doc: |
          Reserved, octet 1.
        doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4
      - id: reserved_low
        type: u2
        doc: |
          Reserved, octets 2 and 3.
        doc-ref: InfiniBand Architecture Annex A12 (iSER) section A12.4
enums:
  message_type:
    0x1:
      id: iscsi_control
      doc: 'iSER message type: iSCSI control-type PDU'
      doc-ref: RFC 7145 section 9.2
    0x2:
      id: hello
      doc: 'iSER message type: iSER Hello'
      doc-ref: RFC 7145 section 9.2
    0x3:
      id: hello_reply
      doc: 'iSER message type: iSER Hello Reply'
      doc-ref: RFC 7145 section 9.2
  opcode:
    0x00:
      id: nop_out
      doc: 'iSCSI opcode: NOP-Out'
      doc-ref: RFC 7143 section 11.2.1.2
    0x01:
      id: scsi_command
      doc: 'iSCSI opcode: SCSI Command'
      doc-ref: RFC 7143 section 11.2.1.2
    0x02:
      id: task_management_request
      doc: 'iSCSI opcode: Task Management Function Request'
      doc-ref: RFC 7143 section 11.2.1.2
    0x03:
      id: login_request
      doc: 'iSCSI opcode: Login Request'
      doc-ref: RFC 7143 section 11.2.1.2
    0x04:
      id: text_request
      doc: 'iSCSI opcode: Text Request'
      doc-ref: RFC 7143 section 11.2.1.2
    0x05:
      id: scsi_data_out
      doc: 'iSCSI opcode: SCSI Data-Out'
      doc-ref: RFC 7143 section 11.2.1.2
    0x06:
      id: logout_request
      doc: 'iSCSI opcode: Logout Request'
      doc-ref: RFC 7143 section 11.2.1.2
    0x10:
      id: snack_request
      doc: 'iSCSI opcode: SNACK Request'
      doc-ref: RFC 7143 section 11.2.1.2
    0x20:
      id: nop_in
      doc: 'iSCSI opcode: NOP-In'
      doc-ref: RFC 7143 section 11.2.1.2
    0x21:
      id: scsi_response
      doc: 'iSCSI opcode: SCSI Response'
      doc-ref: RFC 7143 section 11.2.1.2
    0x22:
      id: task_management_response
      doc: 'iSCSI opcode: Task Management Function Response'
      doc-ref: RFC 7143 section 11.2.1.2
    0x23:
      id: login_response
      doc: 'iSCSI opcode: Login Response'
      doc-ref: RFC 7143 section 11.2.1.2
    0x24:
      id: text_response
      doc: 'iSCSI opcode: Text Response'
      doc-ref: RFC 7143 section 11.2.1.2
    0x25:
      id: scsi_data_in
      doc: 'iSCSI opcode: SCSI Data-In'
      doc-ref: RFC 7143 section 11.2.1.2
    0x26:
      id: logout_response
      doc: 'iSCSI opcode: Logout Response'
      doc-ref: RFC 7143 section 11.2.1.2
    0x31:
      id: ready_to_transfer
      doc: 'iSCSI opcode: Ready To Transfer (R2T)'
      doc-ref: RFC 7143 section 11.2.1.2
    0x32:
      id: asynchronous_message
      doc: 'iSCSI opcode: Asynchronous Message'
      doc-ref: RFC 7143 section 11.2.1.2
    0x3f:
      id: reject
      doc: 'iSCSI opcode: Reject'
      doc-ref: RFC 7143 section 11.2.1.2
  ahs_type:
    1:
      id: extended_cdb
      doc: 'AHS type: Extended Cdb'
      doc-ref: RFC 7143 section 11.2.2.2
    2:
      id: bidirectional_read_length
      doc: 'AHS type: Bidirectional Read Length'
      doc-ref: RFC 7143 section 11.2.2.2
  scsi_operation:
    0x00:
      id: test_unit_ready
      doc: 'SCSI operation code: TEST UNIT READY'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x03:
      id: request_sense
      doc: 'SCSI operation code: REQUEST SENSE'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x04:
      id: format_unit
      doc: 'SCSI operation code: FORMAT UNIT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x08:
      id: read_6
      doc: 'SCSI operation code: READ(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x0a:
      id: write_6
      doc: 'SCSI operation code: WRITE(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x12:
      id: inquiry
      doc: 'SCSI operation code: INQUIRY'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x15:
      id: mode_select_6
      doc: 'SCSI operation code: MODE SELECT(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x16:
      id: reserve_6
      doc: 'SCSI operation code: RESERVE(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x17:
      id: release_6
      doc: 'SCSI operation code: RELEASE(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x1a:
      id: mode_sense_6
      doc: 'SCSI operation code: MODE SENSE(6)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x1b:
      id: start_stop_unit
      doc: 'SCSI operation code: START STOP UNIT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x1c:
      id: receive_diagnostic_results
      doc: 'SCSI operation code: RECEIVE DIAGNOSTIC RESULTS'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x1d:
      id: send_diagnostic
      doc: 'SCSI operation code: SEND DIAGNOSTIC'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x1e:
      id: prevent_allow_medium_removal
      doc: 'SCSI operation code: PREVENT ALLOW MEDIUM REMOVAL'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x25:
      id: read_capacity_10
      doc: 'SCSI operation code: READ CAPACITY(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x28:
      id: read_10
      doc: 'SCSI operation code: READ(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x2a:
      id: write_10
      doc: 'SCSI operation code: WRITE(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x2e:
      id: write_and_verify_10
      doc: 'SCSI operation code: WRITE AND VERIFY(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x2f:
      id: verify_10
      doc: 'SCSI operation code: VERIFY(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x35:
      id: synchronize_cache_10
      doc: 'SCSI operation code: SYNCHRONIZE CACHE(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x3b:
      id: write_buffer
      doc: 'SCSI operation code: WRITE BUFFER'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x3c:
      id: read_buffer
      doc: 'SCSI operation code: READ BUFFER'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x41:
      id: write_same_10
      doc: 'SCSI operation code: WRITE SAME(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x42:
      id: unmap
      doc: 'SCSI operation code: UNMAP'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x4c:
      id: log_select
      doc: 'SCSI operation code: LOG SELECT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x4d:
      id: log_sense
      doc: 'SCSI operation code: LOG SENSE'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x55:
      id: mode_select_10
      doc: 'SCSI operation code: MODE SELECT(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x5a:
      id: mode_sense_10
      doc: 'SCSI operation code: MODE SENSE(10)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x5e:
      id: persistent_reserve_in
      doc: 'SCSI operation code: PERSISTENT RESERVE IN'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x5f:
      id: persistent_reserve_out
      doc: 'SCSI operation code: PERSISTENT RESERVE OUT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x7f:
      id: variable_length
      doc: 'SCSI operation code: VARIABLE LENGTH'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x83:
      id: extended_copy
      doc: 'SCSI operation code: EXTENDED COPY'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x84:
      id: receive_copy_results
      doc: 'SCSI operation code: RECEIVE COPY RESULTS'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x88:
      id: read_16
      doc: 'SCSI operation code: READ(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x89:
      id: compare_and_write
      doc: 'SCSI operation code: COMPARE AND WRITE'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x8a:
      id: write_16
      doc: 'SCSI operation code: WRITE(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x8f:
      id: verify_16
      doc: 'SCSI operation code: VERIFY(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x91:
      id: synchronize_cache_16
      doc: 'SCSI operation code: SYNCHRONIZE CACHE(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x93:
      id: write_same_16
      doc: 'SCSI operation code: WRITE SAME(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x9e:
      id: service_action_in_16
      doc: 'SCSI operation code: SERVICE ACTION IN(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0x9f:
      id: service_action_out_16
      doc: 'SCSI operation code: SERVICE ACTION OUT(16)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xa0:
      id: report_luns
      doc: 'SCSI operation code: REPORT LUNS'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xa2:
      id: security_protocol_in
      doc: 'SCSI operation code: SECURITY PROTOCOL IN'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xa3:
      id: maintenance_in
      doc: 'SCSI operation code: MAINTENANCE IN'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xa4:
      id: maintenance_out
      doc: 'SCSI operation code: MAINTENANCE OUT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xa8:
      id: read_12
      doc: 'SCSI operation code: READ(12)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xaa:
      id: write_12
      doc: 'SCSI operation code: WRITE(12)'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
    0xb5:
      id: security_protocol_out
      doc: 'SCSI operation code: SECURITY PROTOCOL OUT'
      doc-ref: SPC-4 section 4.2.5 and annex D; SBC-3 section 5
  scsi_status:
    0x00:
      id: good
      doc: 'SCSI status: GOOD'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x02:
      id: check_condition
      doc: 'SCSI status: CHECK CONDITION'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x04:
      id: condition_met
      doc: 'SCSI status: CONDITION MET'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x08:
      id: busy
      doc: 'SCSI status: BUSY'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x18:
      id: reservation_conflict
      doc: 'SCSI status: RESERVATION CONFLICT'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x28:
      id: task_set_full
      doc: 'SCSI status: TASK SET FULL'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x30:
      id: aca_active
      doc: 'SCSI status: ACA ACTIVE'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
    0x40:
      id: task_aborted
      doc: 'SCSI status: TASK ABORTED'
      doc-ref: SAM-5 section 5.3.1; RFC 7143 section 11.4.2
