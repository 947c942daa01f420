meta:
  id: nvme_rdma
  title: NVMe over Fabrics capsules on the RDMA transport
  endian: le
  bit-endian: be
doc: |
  The messages of NVMe over Fabrics on an RDMA transport. Each RDMA Send
  from the host carries one command capsule: the 64-octet submission queue
  entry, then any in-capsule data; each Send from the controller carries
  one response capsule: the 16-octet completion queue entry. Data that is
  not in the capsule moves by RDMA Read and Write through the memory that a
  keyed SGL data block descriptor in the command names (address, length,
  key). The connection's queue is named in the private data of the
  connection request (RDMA CM, carried in the MPA Request) and again in the
  Fabrics Connect command. All integers are little-endian.
doc-ref: NVMe over Fabrics 1.1 section 2 and section 7.3 (RDMA transport binding); NVMe 1.4 section 4
types:
  command_capsule:
    doc: |
      Command capsule.
      The submission queue entry of a command, 64 octets; in-capsule data,
      when present, follows it in the same Send.
    doc-ref: NVMe over Fabrics 1.1 section 2.1; NVMe 1.4 section 4.2
    seq:
      - id: opcode
        type: u1
        doc: |
          Opcode (CDW0 bits 7:0).
          The command; bits 1:0 give its data transfer direction (00b none,
          01b host to controller, 10b controller to host, 11b both). Admin
          and I/O opcodes overlap: see the admin_opcode and io_opcode enums;
          0x7F is a Fabrics command on either queue.
        doc-ref: NVMe 1.4 section 4.2 and section 5
      - id: flags
        type: command_flags
        doc: |
          Flags (CDW0 bits 15:8): fused operation and PRP or SGL for data
          transfer.
        doc-ref: NVMe 1.4 section 4.2
      - id: cid
        type: u2
        doc: |
          Command identifier (CDW0 bits 31:16).
          Chosen by the host, unique among the commands outstanding on the
          queue; the response capsule repeats it.
        doc-ref: NVMe 1.4 section 4.2
      - id: nsid
        type: u4
        doc: |
          Namespace identifier (CDW1).
          The namespace the command applies to; for a Fabrics command (opcode
          0x7F) octet 4 holds the Fabrics command type instead (see fctype)
          and the rest is reserved.
        doc-ref: NVMe 1.4 section 4.2; NVMe over Fabrics 1.1 section 3.1
      - id: cdw2
        type: u4
        doc: |
          Command dword 2.
          Command specific (reserved for most commands).
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw3
        type: u4
        doc: |
          Command dword 3.
          Command specific (reserved for most commands).
        doc-ref: NVMe 1.4 section 4.2
      - id: mptr
        type: u8
        doc: |
          Metadata pointer.
          Address of a contiguous metadata buffer; unused over Fabrics.
        doc-ref: NVMe 1.4 section 4.2
      - id: dptr
        size: 16
        type: sgl_descriptor
        doc: |
          Data pointer: SGL entry 1.
          Over Fabrics always an SGL descriptor: a keyed SGL data block for
          data the controller moves by RDMA, an SGL data block with the offset
          subtype for in-capsule data, or a Last Segment descriptor with the
          offset subtype pointing at a list of descriptors in the capsule.
        doc-ref: NVMe over Fabrics 1.1 section 2.3; NVMe 1.4 section 4.2
      - id: cdw10
        type: u4
        doc: |
          Command dword 10.
          Command specific (a Read's or Write's starting LBA, low half; an
          Identify's CNS; a Get Log Page's log identifier and count).
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw11
        type: u4
        doc: |
          Command dword 11.
          Command specific.
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw12
        type: u4
        doc: |
          Command dword 12.
          Command specific (a Read's or Write's number of logical blocks,
          zero-based, in bits 15:0).
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw13
        type: u4
        doc: |
          Command dword 13.
          Command specific.
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw14
        type: u4
        doc: |
          Command dword 14.
          Command specific.
        doc-ref: NVMe 1.4 section 4.2
      - id: cdw15
        type: u4
        doc: |
          Command dword 15.
          Command specific.
        doc-ref: NVMe 1.4 section 4.2
    instances:
      fabrics:
        value: opcode == 0x7f
        doc: |
          Fabrics command.
          Whether the opcode is 0x7F, the Fabrics command opcode, whose type
          is in octet 4.
        doc-ref: NVMe over Fabrics 1.1 section 3.1
      fctype:
        value: nsid & 0xff
        doc: |
          Fabrics command type.
          Octet 4 of a Fabrics command (see the fabrics_type enum); its bits
          1:0 give the data transfer direction as an opcode's do.
        doc-ref: NVMe over Fabrics 1.1 section 3.1
      connect:
        pos: 40
        type: connect_fields
        if: fabrics and fctype == 0x01
        doc: |
          Connect command fields.
          CDW10 to CDW12 of a Fabrics Connect command.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      transfer_direction:
        value: 'fabrics ? fctype & 3 : opcode & 3'
        doc: |
          Data transfer direction.
          Bits 1:0 of the opcode (of the Fabrics command type for a Fabrics
          command): 0 none, 1 host to controller, 2 controller to host,
          3 bidirectional.
        doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3.1
  command_flags:
    doc: |
      Command flags.
      Octet 1 of the submission queue entry.
    doc-ref: NVMe 1.4 section 4.2
    seq:
      - id: psdt
        type: b2
        doc: |
          PRP or SGL for data transfer (bits 7:6).
          00b PRPs, 01b SGLs with a contiguous metadata buffer, 10b SGLs with
          an SGL metadata segment, 11b reserved. Fabrics commands use SGLs.
        doc-ref: NVMe 1.4 section 4.2; NVMe over Fabrics 1.1 section 2.1
      - id: reserved
        type: b4
        doc: |
          Reserved (bits 5:2).
          Zero on the wire.
        doc-ref: NVMe 1.4 section 4.2
      - id: fuse
        type: b2
        doc: |
          Fused operation (bits 1:0).
          00b normal, 01b first and 10b second command of a fused
          operation, 11b reserved.
        doc-ref: NVMe 1.4 section 4.2
  sgl_descriptor:
    doc: |
      SGL descriptor, 16 octets.
      The last octet is the SGL identifier (descriptor type in the high
      nibble, subtype in the low nibble); the layout of the 15 octets before
      it depends on the type. Parsed in a stream of its own 16 octets.
    doc-ref: NVMe 1.4 section 4.4
    seq:
      - id: address
        type: u8
        doc: |
          Address.
          For a keyed data block, the tagged offset (virtual address) of the
          host's buffer; for the offset subtype, the offset of the data or
          descriptor list from the start of the in-capsule data.
        doc-ref: NVMe 1.4 section 4.4; NVMe over Fabrics 1.1 section 2.3
      - id: body
        type:
          switch-on: identifier >> 4
          cases:
            4: keyed_fields
            _: unkeyed_fields
        doc: |
          Type specific fields.
          Length and key of a keyed data block; length and reserved octets
          of every other type.
        doc-ref: NVMe 1.4 section 4.4
      - id: sgl_type
        type: b4
        enum: sgl_type
        doc: |
          SGL descriptor type (identifier bits 7:4).
          0x0 data block, 0x1 bit bucket, 0x2 segment, 0x3 last segment,
          0x4 keyed data block, 0x5 transport data block.
        doc-ref: NVMe 1.4 section 4.4
      - id: subtype
        type: b4
        doc: |
          SGL descriptor subtype (identifier bits 3:0).
          0x0 address, 0x1 offset (in-capsule), 0xF invalidate key (keyed
          only: the controller sends the response with Send with Invalidate
          naming the key).
        doc-ref: NVMe 1.4 section 4.4; NVMe over Fabrics 1.1 section 7.3
    instances:
      identifier:
        pos: 15
        type: u1
        doc: |
          SGL identifier.
          The last octet, read ahead of the fields whose layout it decides.
        doc-ref: NVMe 1.4 section 4.4
  keyed_fields:
    doc: |
      Keyed SGL data block fields.
      Octets 8 to 14 of a keyed SGL data block descriptor.
    doc-ref: NVMe 1.4 section 4.4
    seq:
      - id: length_low
        type: u2
        doc: |
          Length, bits 15:0.
          The low 16 bits of the 24-bit length of the block in octets.
        doc-ref: NVMe 1.4 section 4.4
      - id: length_high
        type: u1
        doc: |
          Length, bits 23:16.
          The high 8 bits of the 24-bit length.
        doc-ref: NVMe 1.4 section 4.4
      - id: key
        type: u4
        doc: |
          Key.
          The remote key (STag) of the host's memory region holding the block.
        doc-ref: NVMe 1.4 section 4.4
    instances:
      length:
        value: length_low | (length_high << 16)
        doc: |
          Length.
          The length of the block in octets, 24 bits.
        doc-ref: NVMe 1.4 section 4.4
  unkeyed_fields:
    doc: |
      Fields of an SGL descriptor that is not keyed.
      Octets 8 to 14 of a data block, bit bucket, segment, last segment or
      transport data block descriptor.
    doc-ref: NVMe 1.4 section 4.4
    seq:
      - id: length
        type: u4
        doc: |
          Length.
          Octets in the data block or the bit bucket, or in the next segment
          of descriptors.
        doc-ref: NVMe 1.4 section 4.4
      - id: reserved_low
        type: u2
        doc: |
          Reserved, octets 12 and 13.
        doc-ref: NVMe 1.4 section 4.4
      - id: reserved_high
        type: u1
        doc: |
          Reserved, octet 14.
        doc-ref: NVMe 1.4 section 4.4
  connect_fields:
    doc: |
      Fabrics Connect command specific fields (CDW10 to CDW12).
    doc-ref: NVMe over Fabrics 1.1 section 3.3
    seq:
      - id: recfmt
        type: u2
        doc: |
          Record format.
          Format of the Connect command; 0 for this version.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      - id: qid
        type: u2
        doc: |
          Queue identifier.
          The queue this connection carries: 0 for the admin queue, else an
          I/O queue.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      - id: sqsize
        type: u2
        doc: |
          Submission queue size.
          Entries in the submission queue, zero-based.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      - id: cattr
        type: u1
        doc: |
          Connect attributes.
          Bit 2 I/O queue deletion, bits 1:0 priority class.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      - id: reserved
        type: u1
        doc: |
          Reserved.
        doc-ref: NVMe over Fabrics 1.1 section 3.3
      - id: kato
        type: u4
        doc: |
          Keep alive timeout in milliseconds (admin queue only).
        doc-ref: NVMe over Fabrics 1.1 section 3.3
  response_capsule:
    doc: |
      Response capsule.
      The 16-octet completion queue entry of a command.
    doc-ref: NVMe over Fabrics 1.1 section 2.2; NVMe 1.4 section 4.6
    seq:
      - id: dw0
        type: u4
        doc: |
          Dword 0.
          Command specific result (a Connect's controller identifier in bits
          15:0, a Property Get's value).
        doc-ref: NVMe 1.4 section 4.6; NVMe over Fabrics 1.1 section 3.3
      - id: dw1
        type: u4
        doc: |
          Dword 1.
          Command specific (the high half of an 8-octet Property Get value).
        doc-ref: NVMe 1.4 section 4.6
      - id: sq_head
        type: u2
        doc: |
          Submission queue head pointer.
          How far the controller has consumed the submission queue.
        doc-ref: NVMe 1.4 section 4.6
      - id: sq_id
        type: u2
        doc: |
          Submission queue identifier.
          The queue the command was submitted to.
        doc-ref: NVMe 1.4 section 4.6
      - id: cid
        type: u2
        doc: |
          Command identifier.
          The identifier of the command this entry completes.
        doc-ref: NVMe 1.4 section 4.6
      - id: status
        type: u2
        doc: |
          Phase tag and status field.
          Bit 0 phase tag (reserved over Fabrics), bits 8:1 status code,
          bits 11:9 status code type, bits 13:12 command retry delay, bit 14
          more, bit 15 do not retry.
        doc-ref: NVMe 1.4 section 4.6
    instances:
      phase:
        value: status & 1
        doc: |
          Phase tag.
          Bit 0 of the status field; reserved (zero) over Fabrics.
        doc-ref: NVMe 1.4 section 4.6; NVMe over Fabrics 1.1 section 2.2
      status_code:
        value: (status >> 1) & 0xff
        doc: |
          Status code.
          The status within its type: 0 is success.
        doc-ref: NVMe 1.4 section 4.6.1
      status_code_type:
        value: (status >> 9) & 7
        enum: status_code_type
        doc: |
          Status code type.
          0 generic, 1 command specific, 2 media and data integrity errors,
          3 path related, 7 vendor specific.
        doc-ref: NVMe 1.4 section 4.6.1.1
      retry_delay:
        value: (status >> 12) & 3
        doc: |
          Command retry delay.
          Which of the controller's retry delay times applies.
        doc-ref: NVMe 1.4 section 4.6.1
      more:
        value: (status >> 14) & 1
        doc: |
          More.
          More status information is in the Error Information log page.
        doc-ref: NVMe 1.4 section 4.6.1
      do_not_retry:
        value: (status >> 15) & 1
        doc: |
          Do not retry.
          The same command would fail again.
        doc-ref: NVMe 1.4 section 4.6.1
  cm_request:
    doc: |
      RDMA CM request private data.
      What the host says of the queue when it connects (in the MPA Request
      after MPA's IRD and ORD); 32 octets.
    doc-ref: NVMe over Fabrics 1.1 section 7.3
    seq:
      - id: recfmt
        type: u2
        doc: |
          Record format.
          Zero for this version.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
      - id: qid
        type: u2
        doc: |
          Queue identifier.
          0 for the admin queue, else the I/O queue's identifier.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
      - id: hrqsize
        type: u2
        doc: |
          Host receive queue size.
          Receive buffers the host posts for response capsules.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
      - id: hsqsize
        type: u2
        doc: |
          Host send queue size.
          Submission queue size, zero-based.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
      - id: cntlid
        type: u2
        doc: |
          Controller identifier.
          Reserved for the admin queue; for an I/O queue, the controller it
          joins (0xFFFF any).
        doc-ref: NVMe over Fabrics 1.1 section 7.3
  cm_reply:
    doc: |
      RDMA CM accept private data.
      The controller's answer to the request (in the MPA Reply).
    doc-ref: NVMe over Fabrics 1.1 section 7.3
    seq:
      - id: recfmt
        type: u2
        doc: |
          Record format.
          Zero for this version.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
      - id: crqsize
        type: u2
        doc: |
          Controller receive queue size.
          Receive buffers the controller posts for command capsules.
        doc-ref: NVMe over Fabrics 1.1 section 7.3
enums:
  sgl_type:
    0x0:
      id: data_block
      doc: 'SGL descriptor type: Data Block'
      doc-ref: NVMe 1.4 section 4.4
    0x1:
      id: bit_bucket
      doc: 'SGL descriptor type: Bit Bucket'
      doc-ref: NVMe 1.4 section 4.4
    0x2:
      id: segment
      doc: 'SGL descriptor type: Segment'
      doc-ref: NVMe 1.4 section 4.4
    0x3:
      id: last_segment
      doc: 'SGL descriptor type: Last Segment'
      doc-ref: NVMe 1.4 section 4.4
    0x4:
      id: keyed_data_block
      doc: 'SGL descriptor type: Keyed Data Block'
      doc-ref: NVMe 1.4 section 4.4
    0x5:
      id: transport_data_block
      doc: 'SGL descriptor type: Transport Data Block'
      doc-ref: NVMe 1.4 section 4.4
  admin_opcode:
    0x00:
      id: delete_io_sq
      doc: 'Admin command: Delete I/O SQ'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x01:
      id: create_io_sq
      doc: 'Admin command: Create I/O SQ'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x02:
      id: get_log_page
      doc: 'Admin command: Get Log Page'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x04:
      id: delete_io_cq
      doc: 'Admin command: Delete I/O CQ'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x05:
      id: create_io_cq
      doc: 'Admin command: Create I/O CQ'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x06:
      id: identify
      doc: 'Admin command: Identify'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x08:
      id: abort
      doc: 'Admin command: Abort'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x09:
      id: set_features
      doc: 'Admin command: Set Features'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x0a:
      id: get_features
      doc: 'Admin command: Get Features'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x0c:
      id: asynchronous_event_request
      doc: 'Admin command: Asynchronous Event Request'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x0d:
      id: namespace_management
      doc: 'Admin command: Namespace Management'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x10:
      id: firmware_commit
      doc: 'Admin command: Firmware Commit'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x11:
      id: firmware_image_download
      doc: 'Admin command: Firmware Image Download'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x14:
      id: device_self_test
      doc: 'Admin command: Device Self Test'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x15:
      id: namespace_attachment
      doc: 'Admin command: Namespace Attachment'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x18:
      id: keep_alive
      doc: 'Admin command: Keep Alive'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x19:
      id: directive_send
      doc: 'Admin command: Directive Send'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x1a:
      id: directive_receive
      doc: 'Admin command: Directive Receive'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x1c:
      id: virtualization_management
      doc: 'Admin command: Virtualization Management'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x1d:
      id: nvme_mi_send
      doc: 'Admin command: NVMe-MI Send'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x1e:
      id: nvme_mi_receive
      doc: 'Admin command: NVMe-MI Receive'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x20:
      id: capacity_management
      doc: 'Admin command: Capacity Management'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x24:
      id: lockdown
      doc: 'Admin command: Lockdown'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x7c:
      id: doorbell_buffer_config
      doc: 'Admin command: Doorbell Buffer Config'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x7f:
      id: fabrics
      doc: 'Admin command: Fabrics'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x80:
      id: format_nvm
      doc: 'Admin command: Format NVM'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x81:
      id: security_send
      doc: 'Admin command: Security Send'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x82:
      id: security_receive
      doc: 'Admin command: Security Receive'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x84:
      id: sanitize
      doc: 'Admin command: Sanitize'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
    0x86:
      id: get_lba_status
      doc: 'Admin command: Get LBA Status'
      doc-ref: NVMe 1.4 section 5; NVMe over Fabrics 1.1 section 3
  io_opcode:
    0x00:
      id: flush
      doc: 'NVM command set I/O command: Flush'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x01:
      id: write
      doc: 'NVM command set I/O command: Write'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x02:
      id: read
      doc: 'NVM command set I/O command: Read'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x04:
      id: write_uncorrectable
      doc: 'NVM command set I/O command: Write Uncorrectable'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x05:
      id: compare
      doc: 'NVM command set I/O command: Compare'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x08:
      id: write_zeroes
      doc: 'NVM command set I/O command: Write Zeroes'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x09:
      id: dataset_management
      doc: 'NVM command set I/O command: Dataset Management'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x0c:
      id: verify
      doc: 'NVM command set I/O command: Verify'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x0d:
      id: reservation_register
      doc: 'NVM command set I/O command: Reservation Register'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x0e:
      id: reservation_report
      doc: 'NVM command set I/O command: Reservation Report'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x11:
      id: reservation_acquire
      doc: 'NVM command set I/O command: Reservation Acquire'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x15:
      id: reservation_release
      doc: 'NVM command set I/O command: Reservation Release'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x19:
      id: copy
      doc: 'NVM command set I/O command: Copy'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
    0x7f:
      id: fabrics
      doc: 'NVM command set I/O command: Fabrics'
      doc-ref: NVMe 1.4 section 6; NVMe over Fabrics 1.1 section 3
  fabrics_type:
    0x00:
      id: property_set
      doc: 'Fabrics command: Property Set'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
    0x01:
      id: connect
      doc: 'Fabrics command: Connect'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
    0x04:
      id: property_get
      doc: 'Fabrics command: Property Get'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
    0x05:
      id: authentication_send
      doc: 'Fabrics command: Authentication Send'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
    0x06:
      id: authentication_receive
      doc: 'Fabrics command: Authentication Receive'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
    0x08:
      id: disconnect
      doc: 'Fabrics command: Disconnect'
      doc-ref: NVMe over Fabrics 1.1 section 3.1
  status_code_type:
    0:
      id: generic
      doc: 'Status code type: Generic'
      doc-ref: NVMe 1.4 section 4.6.1.1
    1:
      id: command_specific
      doc: 'Status code type: Command Specific'
      doc-ref: NVMe 1.4 section 4.6.1.1
    2:
      id: media_and_data_integrity
      doc: 'Status code type: Media and Data Integrity'
      doc-ref: NVMe 1.4 section 4.6.1.1
    3:
      id: path_related
      doc: 'Status code type: Path Related'
      doc-ref: NVMe 1.4 section 4.6.1.1
    7:
      id: vendor_specific
      doc: 'Status code type: Vendor Specific'
      doc-ref: NVMe 1.4 section 4.6.1.1
  generic_status:
    0x00:
      id: successful_completion
      doc: 'Generic command status: Successful Completion'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x01:
      id: invalid_command_opcode
      doc: 'Generic command status: Invalid Command Opcode'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x02:
      id: invalid_field_in_command
      doc: 'Generic command status: Invalid Field in Command'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x03:
      id: command_id_conflict
      doc: 'Generic command status: Command ID Conflict'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x04:
      id: data_transfer_error
      doc: 'Generic command status: Data Transfer Error'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x05:
      id: commands_aborted_due_to_power_loss
      doc: 'Generic command status: Commands Aborted due to Power Loss'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x06:
      id: internal_error
      doc: 'Generic command status: Internal Error'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x07:
      id: command_abort_requested
      doc: 'Generic command status: Command Abort Requested'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x08:
      id: command_aborted_due_to_sq_deletion
      doc: 'Generic command status: Command Aborted due to SQ Deletion'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x0b:
      id: invalid_namespace_or_format
      doc: 'Generic command status: Invalid Namespace or Format'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x0d:
      id: invalid_sgl_segment_descriptor
      doc: 'Generic command status: Invalid SGL Segment Descriptor'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x0e:
      id: invalid_number_of_sgl_descriptors
      doc: 'Generic command status: Invalid Number of SGL Descriptors'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x0f:
      id: data_sgl_length_invalid
      doc: 'Generic command status: Data SGL Length Invalid'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x11:
      id: sgl_descriptor_type_invalid
      doc: 'Generic command status: SGL Descriptor Type Invalid'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x16:
      id: sgl_offset_invalid
      doc: 'Generic command status: SGL Offset Invalid'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x1b:
      id: keep_alive_timer_expired
      doc: 'Generic command status: Keep Alive Timer Expired'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x1d:
      id: sanitize_in_progress
      doc: 'Generic command status: Sanitize in Progress'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x80:
      id: lba_out_of_range
      doc: 'Generic command status: LBA Out of Range'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x81:
      id: capacity_exceeded
      doc: 'Generic command status: Capacity Exceeded'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
    0x82:
      id: namespace_not_ready
      doc: 'Generic command status: Namespace Not Ready'
      doc-ref: NVMe 1.4 section 4.6.1.2.1
  fabrics_status:
    0x80:
      id: connect_incompatible_format
      doc: 'Fabrics command specific status: Connect Incompatible Format'
      doc-ref: NVMe over Fabrics 1.1 section 3.3
    0x81:
      id: connect_controller_busy
      doc: 'Fabrics command specific status: Connect Controller Busy'
      doc-ref: NVMe over Fabrics 1.1 section 3.3
    0x82:
      id: connect_invalid_parameters
      doc: 'Fabrics command specific status: Connect Invalid Parameters'
      doc-ref: NVMe over Fabrics 1.1 section 3.3
    0x83:
      id: connect_restart_discovery
      doc: 'Fabrics command specific status: Connect Restart Discovery'
      doc-ref: NVMe over Fabrics 1.1 section 3.3
    0x84:
      id: connect_invalid_host
      doc: 'Fabrics command specific status: Connect Invalid Host'
      doc-ref: NVMe over Fabrics 1.1 section 3.3
