meta:
  id: smb2
  title: SMB2 header, READ and WRITE requests and RDMA channel information (MS-SMB2, MS-SMBD)
  endian: le
doc: |
  The parts of SMB2 that say which client buffers an SMB Direct server is to
  read or write with RDMA: the 64-octet header every SMB2 message starts
  with, the READ and WRITE requests whose Channel field asks for an RDMA
  transfer, and the buffer descriptors of their channel information. All
  fields are little-endian; offsets are counted from the start of the SMB2
  header of the message that holds them.
doc-ref: MS-SMB2 section 2.2
types:
  header:
    doc: |
      SMB2 packet header.
      64 octets in both its forms: synchronous (Reserved and TreeId) and
      asynchronous (AsyncId, when SMB2_FLAGS_ASYNC_COMMAND is set).
    doc-ref: MS-SMB2 sections 2.2.1.1 and 2.2.1.2
    seq:
      - id: protocol_id
        size: 4
        doc: |
          ProtocolId.
          0xFE 'S' 'M' 'B' for an SMB2 message (0xFD begins a transform
          header, 0xFC a compression header, 0xFF an SMB1 message).
        doc-ref: MS-SMB2 section 2.2.1
      - id: structure_size
        type: u2
        doc: |
          StructureSize.
          Always 64.
        doc-ref: MS-SMB2 section 2.2.1
      - id: credit_charge
        type: u2
        doc: |
          CreditCharge.
          Credits the request consumes (SMB 2.1 and later).
        doc-ref: MS-SMB2 section 2.2.1
      - id: status
        type: u4
        doc: |
          Status (responses), or ChannelSequence and Reserved (SMB 3.x
          requests).
          In a response the NTSTATUS of the command: 0 STATUS_SUCCESS,
          0x00000103 STATUS_PENDING in an interim response.
        doc-ref: MS-SMB2 section 2.2.1
      - id: command
        type: u2
        enum: command
        doc: |
          Command.
          The command of the request or the response.
        doc-ref: MS-SMB2 section 2.2.1
      - id: credits
        type: u2
        doc: |
          CreditRequest (requests) or CreditResponse (responses).
          Credits asked for, or granted.
        doc-ref: MS-SMB2 section 2.2.1
      - id: flags
        type: u4
        doc: |
          Flags.
          0x00000001 SMB2_FLAGS_SERVER_TO_REDIR (a response),
          0x00000002 SMB2_FLAGS_ASYNC_COMMAND, 0x00000004
          SMB2_FLAGS_RELATED_OPERATIONS, 0x00000008 SMB2_FLAGS_SIGNED,
          0x00000070 priority, 0x10000000 SMB2_FLAGS_DFS_OPERATIONS,
          0x20000000 SMB2_FLAGS_REPLAY_OPERATION.
        doc-ref: MS-SMB2 section 2.2.1
      - id: next_command
        type: u4
        doc: |
          NextCommand.
          In a compounded message, the offset of the next header from the
          start of this one (8-octet aligned); 0 in the last or only one.
        doc-ref: MS-SMB2 section 2.2.1
      - id: message_id
        type: u8
        doc: |
          MessageId.
          Identifies a request; its response carries the same value.
        doc-ref: MS-SMB2 section 2.2.1
      - id: async_id_or_tree
        type: u8
        doc: |
          AsyncId (asynchronous form), or Reserved (low 4 octets) and
          TreeId (high 4 octets) (synchronous form).
        doc-ref: MS-SMB2 sections 2.2.1.1 and 2.2.1.2
      - id: session_id
        type: u8
        doc: |
          SessionId.
          The session the command belongs to.
        doc-ref: MS-SMB2 section 2.2.1
      - id: signature
        size: 16
        doc: |
          Signature.
          Message signature when SMB2_FLAGS_SIGNED is set, else zero.
        doc-ref: MS-SMB2 section 2.2.1
    instances:
      is_smb2:
        value: protocol_id == [0xfe, 0x53, 0x4d, 0x42]
        doc: |
          SMB2 protocol identifier.
          Whether ProtocolId is 0xFE 'SMB'.
        doc-ref: MS-SMB2 section 2.2.1
      is_response:
        value: (flags & 0x00000001) != 0
        doc: |
          SMB2_FLAGS_SERVER_TO_REDIR.
          The message is a response (from server to client).
        doc-ref: MS-SMB2 section 2.2.1
      is_async:
        value: (flags & 0x00000002) != 0
        doc: |
          SMB2_FLAGS_ASYNC_COMMAND.
          The header is in its asynchronous form.
        doc-ref: MS-SMB2 section 2.2.1
  read_request:
    doc: |
      SMB2 READ request body.
      Follows the header of a READ request; 48 fixed octets, then the
      variable Buffer holding the channel information.
    doc-ref: MS-SMB2 section 2.2.19
    seq:
      - id: structure_size
        type: u2
        doc: |
          StructureSize.
          Always 49.
        doc-ref: MS-SMB2 section 2.2.19
      - id: padding
        type: u1
        doc: |
          Padding.
          Requested offset of the data in the response.
        doc-ref: MS-SMB2 section 2.2.19
      - id: flags
        type: u1
        doc: |
          Flags.
          0x01 SMB2_READFLAG_READ_UNBUFFERED, 0x02
          SMB2_READFLAG_REQUEST_COMPRESSED.
        doc-ref: MS-SMB2 section 2.2.19
      - id: length
        type: u4
        doc: |
          Length.
          Octets to read.
        doc-ref: MS-SMB2 section 2.2.19
      - id: offset
        type: u8
        doc: |
          Offset.
          Where in the file the read starts.
        doc-ref: MS-SMB2 section 2.2.19
      - id: file_id
        size: 16
        doc: |
          FileId.
          The open the read applies to (persistent and volatile parts).
        doc-ref: MS-SMB2 section 2.2.19
      - id: minimum_count
        type: u4
        doc: |
          MinimumCount.
          Fewest octets for a successful read.
        doc-ref: MS-SMB2 section 2.2.19
      - id: channel
        type: u4
        enum: channel
        doc: |
          Channel.
          How the data goes back: in the response, or with RDMA Writes into
          the buffers the channel information describes.
        doc-ref: MS-SMB2 section 2.2.19
      - id: remaining_bytes
        type: u4
        doc: |
          RemainingBytes.
          Octets the client will read next on this open.
        doc-ref: MS-SMB2 section 2.2.19
      - id: read_channel_info_offset
        type: u2
        doc: |
          ReadChannelInfoOffset.
          Where the channel information starts, from the start of the SMB2
          header.
        doc-ref: MS-SMB2 section 2.2.19
      - id: read_channel_info_length
        type: u2
        doc: |
          ReadChannelInfoLength.
          Octets of channel information.
        doc-ref: MS-SMB2 section 2.2.19
  write_request:
    doc: |
      SMB2 WRITE request body.
      Follows the header of a WRITE request; 48 fixed octets, then the
      variable Buffer holding the data or the channel information.
    doc-ref: MS-SMB2 section 2.2.21
    seq:
      - id: structure_size
        type: u2
        doc: |
          StructureSize.
          Always 49.
        doc-ref: MS-SMB2 section 2.2.21
      - id: data_offset
        type: u2
        doc: |
          DataOffset.
          Where the data in the request starts, from the start of the
          SMB2 header.
        doc-ref: MS-SMB2 section 2.2.21
      - id: length
        type: u4
        doc: |
          Length.
          Octets of data in the request (0 when the data comes by RDMA).
        doc-ref: MS-SMB2 section 2.2.21
      - id: offset
        type: u8
        doc: |
          Offset.
          Where in the file the write starts.
        doc-ref: MS-SMB2 section 2.2.21
      - id: file_id
        size: 16
        doc: |
          FileId.
          The open the write applies to.
        doc-ref: MS-SMB2 section 2.2.21
      - id: channel
        type: u4
        enum: channel
        doc: |
          Channel.
          Where the data comes from: the request, or RDMA Reads from the
          buffers the channel information describes.
        doc-ref: MS-SMB2 section 2.2.21
      - id: remaining_bytes
        type: u4
        doc: |
          RemainingBytes.
          With an RDMA channel, the octets to write (the data is not in the
          request).
        doc-ref: MS-SMB2 section 2.2.21
      - id: write_channel_info_offset
        type: u2
        doc: |
          WriteChannelInfoOffset.
          Where the channel information starts, from the start of the SMB2
          header.
        doc-ref: MS-SMB2 section 2.2.21
      - id: write_channel_info_length
        type: u2
        doc: |
          WriteChannelInfoLength.
          Octets of channel information.
        doc-ref: MS-SMB2 section 2.2.21
      - id: flags
        type: u4
        doc: |
          Flags.
          0x00000001 SMB2_WRITEFLAG_WRITE_THROUGH, 0x00000002
          SMB2_WRITEFLAG_WRITE_UNBUFFERED.
        doc-ref: MS-SMB2 section 2.2.21
  rdma_transform:
    doc: |
      SMB2_RDMA_TRANSFORM.
      The start of the channel information of a READ or WRITE request whose
      Channel is SMB2_CHANNEL_RDMA_TRANSFORM (SMB 3.1.1): where the buffer
      descriptors are, then the transforms applied to the data; 16 octets
      before the transforms.
    doc-ref: MS-SMB2 section 2.2.43
    seq:
      - id: rdma_descriptor_offset
        type: u2
        doc: |
          RdmaDescriptorOffset.
          Where the buffer descriptors start, from the start of this
          structure.
        doc-ref: MS-SMB2 section 2.2.43
      - id: rdma_descriptor_length
        type: u2
        doc: |
          RdmaDescriptorLength.
          Octets of buffer descriptors.
        doc-ref: MS-SMB2 section 2.2.43
      - id: channel
        type: u4
        enum: channel
        doc: |
          Channel.
          The kind of the descriptors: SMB2_CHANNEL_RDMA_V1 or
          SMB2_CHANNEL_RDMA_V1_INVALIDATE.
        doc-ref: MS-SMB2 section 2.2.43
      - id: transform_count
        type: u2
        doc: |
          TransformCount.
          Number of transforms that follow.
        doc-ref: MS-SMB2 section 2.2.43
      - id: reserved1
        type: u2
        doc: |
          Reserved1.
          Zero on the wire.
        doc-ref: MS-SMB2 section 2.2.43
      - id: reserved2
        type: u4
        doc: |
          Reserved2.
          Zero on the wire.
        doc-ref: MS-SMB2 section 2.2.43
  buffer_descriptor_v1:
    doc: |
      SMB_DIRECT_BUFFER_DESCRIPTOR_V1.
      One registered client buffer in the channel information of a READ or
      WRITE request whose Channel is SMB2_CHANNEL_RDMA_V1 or
      SMB2_CHANNEL_RDMA_V1_INVALIDATE: the channel information is an array
      of these, 16 octets each.
    doc-ref: MS-SMBD section 2.2.3.1; MS-SMB2 sections 2.2.19 and 2.2.21
    seq:
      - id: offset
        type: u8
        doc: |
          Offset.
          The tagged offset (address) where the buffer starts.
        doc-ref: MS-SMBD section 2.2.3.1
      - id: token
        type: u4
        doc: |
          Token.
          The STag of the buffer's registration.
        doc-ref: MS-SMBD section 2.2.3.1
      - id: length
        type: u4
        doc: |
          Length.
          Octets of the buffer.
        doc-ref: MS-SMBD section 2.2.3.1
enums:
  command:
    0x0000:
      id: negotiate
      doc: SMB2 NEGOTIATE
    0x0001:
      id: session_setup
      doc: SMB2 SESSION_SETUP
    0x0002:
      id: logoff
      doc: SMB2 LOGOFF
    0x0003:
      id: tree_connect
      doc: SMB2 TREE_CONNECT
    0x0004:
      id: tree_disconnect
      doc: SMB2 TREE_DISCONNECT
    0x0005:
      id: create
      doc: SMB2 CREATE
    0x0006:
      id: close
      doc: SMB2 CLOSE
    0x0007:
      id: flush
      doc: SMB2 FLUSH
    0x0008:
      id: read
      doc: SMB2 READ
    0x0009:
      id: write
      doc: SMB2 WRITE
    0x000a:
      id: lock
      doc: SMB2 LOCK
    0x000b:
      id: ioctl
      doc: SMB2 IOCTL
    0x000c:
      id: cancel
      doc: SMB2 CANCEL
    0x000d:
      id: echo
      doc: SMB2 ECHO
    0x000e:
      id: query_directory
      doc: SMB2 QUERY_DIRECTORY
    0x000f:
      id: change_notify
      doc: SMB2 CHANGE_NOTIFY
    0x0010:
      id: query_info
      doc: SMB2 QUERY_INFO
    0x0011:
      id: set_info
      doc: SMB2 SET_INFO
    0x0012:
      id: oplock_break
      doc: SMB2 OPLOCK_BREAK
    0x0013:
      id: server_to_client_notification
      doc: SMB2 SERVER_TO_CLIENT_NOTIFICATION
  channel:
    0x00000000:
      id: none
      doc: SMB2_CHANNEL_NONE, no RDMA
    0x00000001:
      id: rdma_v1
      doc: SMB2_CHANNEL_RDMA_V1, SMB Direct buffer descriptors
    0x00000002:
      id: rdma_v1_invalidate
      doc: SMB2_CHANNEL_RDMA_V1_INVALIDATE, descriptors; the server invalidates the token with Send with Invalidate
    0x00000003:
      id: rdma_transform
      doc: SMB2_CHANNEL_RDMA_TRANSFORM, an SMB2_RDMA_TRANSFORM that locates the descriptors
