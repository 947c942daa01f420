meta:
  id: smb_direct
  title: SMB2 Direct (RDMA) Transport Protocol messages (MS-SMBD)
  endian: le
doc: |
  The three messages of SMB Direct, each carried in one RDMA Send: the
  negotiate request that opens a connection (from the initiator), the
  negotiate response (from the responder), and the data transfer message
  that carries all later traffic: credits, flags and a piece of an upper
  layer message (an SMB2 message, possibly split over several data transfer
  messages). All fields are little-endian.
doc-ref: MS-SMBD section 2.2
types:
  negotiate_request:
    doc: |
      SMB Direct negotiate request.
      The first message the initiator sends; 20 octets.
    doc-ref: MS-SMBD section 2.2.1
    seq:
      - id: min_version
        type: u2
        doc: |
          MinVersion.
          Lowest protocol version the sender supports; 0x0100 for version 1.0.
        doc-ref: MS-SMBD section 2.2.1
      - id: max_version
        type: u2
        doc: |
          MaxVersion.
          Highest protocol version the sender supports; 0x0100 for version 1.0.
        doc-ref: MS-SMBD section 2.2.1
      - id: reserved
        type: u2
        doc: |
          Reserved.
          Zero on the wire, ignored by the receiver.
        doc-ref: MS-SMBD section 2.2.1
      - id: credits_requested
        type: u2
        doc: |
          CreditsRequested.
          Send credits the sender asks the peer to grant.
        doc-ref: MS-SMBD section 2.2.1
      - id: preferred_send_size
        type: u4
        doc: |
          PreferredSendSize.
          Largest Send, in octets, the sender intends to send.
        doc-ref: MS-SMBD section 2.2.1
      - id: max_receive_size
        type: u4
        doc: |
          MaxReceiveSize.
          Largest Send, in octets, the sender can receive.
        doc-ref: MS-SMBD section 2.2.1
      - id: max_fragmented_size
        type: u4
        doc: |
          MaxFragmentedSize.
          Largest upper-layer message, in octets, the sender can reassemble
          from data transfer messages.
        doc-ref: MS-SMBD section 2.2.1
  negotiate_response:
    doc: |
      SMB Direct negotiate response.
      The responder's answer to the negotiate request; 32 octets.
    doc-ref: MS-SMBD section 2.2.2
    seq:
      - id: min_version
        type: u2
        doc: |
          MinVersion.
          Lowest protocol version the responder supports; 0x0100.
        doc-ref: MS-SMBD section 2.2.2
      - id: max_version
        type: u2
        doc: |
          MaxVersion.
          Highest protocol version the responder supports; 0x0100.
        doc-ref: MS-SMBD section 2.2.2
      - id: negotiated_version
        type: u2
        doc: |
          NegotiatedVersion.
          The version chosen for the connection; 0x0100.
        doc-ref: MS-SMBD section 2.2.2
      - id: reserved
        type: u2
        doc: |
          Reserved.
          Zero on the wire, ignored by the receiver.
        doc-ref: MS-SMBD section 2.2.2
      - id: credits_requested
        type: u2
        doc: |
          CreditsRequested.
          Send credits the responder asks the initiator to grant.
        doc-ref: MS-SMBD section 2.2.2
      - id: credits_granted
        type: u2
        doc: |
          CreditsGranted.
          Send credits the responder grants the initiator.
        doc-ref: MS-SMBD section 2.2.2
      - id: status
        type: u4
        doc: |
          Status.
          NTSTATUS of the negotiation: 0 (STATUS_SUCCESS) or
          0xC00000BB (STATUS_NOT_SUPPORTED) when no version is common.
        doc-ref: MS-SMBD section 2.2.2
      - id: max_read_write_size
        type: u4
        doc: |
          MaxReadWriteSize.
          Largest RDMA Read or Write, in octets, the responder performs for
          one upper-layer request.
        doc-ref: MS-SMBD section 2.2.2
      - id: preferred_send_size
        type: u4
        doc: |
          PreferredSendSize.
          Largest Send, in octets, the responder intends to send.
        doc-ref: MS-SMBD section 2.2.2
      - id: max_receive_size
        type: u4
        doc: |
          MaxReceiveSize.
          Largest Send, in octets, the responder can receive.
        doc-ref: MS-SMBD section 2.2.2
      - id: max_fragmented_size
        type: u4
        doc: |
          MaxFragmentedSize.
          Largest upper-layer message, in octets, the responder can
          reassemble.
        doc-ref: MS-SMBD section 2.2.2
  data_transfer:
    doc: |
      SMB Direct data transfer message header.
      20 octets of header, then padding up to DataOffset and DataLength
      octets of upper-layer data. A message without data (DataLength 0,
      DataOffset 0) only grants credits or keeps the connection alive. An
      upper-layer message longer than one Send is split: every piece but
      the last says how many octets still follow in RemainingDataLength.
    doc-ref: MS-SMBD section 2.2.3
    seq:
      - id: credits_requested
        type: u2
        doc: |
          CreditsRequested.
          Send credits the sender asks the peer to grant.
        doc-ref: MS-SMBD section 2.2.3
      - id: credits_granted
        type: u2
        doc: |
          CreditsGranted.
          Send credits the sender grants the peer.
        doc-ref: MS-SMBD section 2.2.3
      - id: flags
        type: u2
        doc: |
          Flags.
          0x0001 SMB_DIRECT_RESPONSE_REQUESTED: the peer is to answer at
          once (for credits or a keep-alive); other bits are reserved.
        doc-ref: MS-SMBD section 2.2.3
      - id: reserved
        type: u2
        doc: |
          Reserved.
          Zero on the wire, ignored by the receiver.
        doc-ref: MS-SMBD section 2.2.3
      - id: remaining_data_length
        type: u4
        doc: |
          RemainingDataLength.
          Octets of the upper-layer message that follow in later data
          transfer messages; 0 in the last (or only) piece.
        doc-ref: MS-SMBD section 2.2.3
      - id: data_offset
        type: u4
        doc: |
          DataOffset.
          Where the data starts, in octets from the start of this message;
          a multiple of 8 (24 in practice), or 0 when there is no data.
        doc-ref: MS-SMBD section 2.2.3
      - id: data_length
        type: u4
        doc: |
          DataLength.
          Octets of upper-layer data in this message.
        doc-ref: MS-SMBD section 2.2.3
    instances:
      response_requested:
        value: (flags & 0x0001) != 0
        doc: |
          SMB_DIRECT_RESPONSE_REQUESTED.
          The sender asks the peer to send a message at once.
        doc-ref: MS-SMBD section 2.2.3
