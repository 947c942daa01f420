meta:
  id: rpcrdma
  title: RPC-over-RDMA version 1 transport header (RFC 8166)
  endian: be
doc: |
  The transport header that begins every RPC-over-RDMA version 1 message,
  carried in an RDMAP Send: four fixed words (XID, version, credits,
  procedure), then the body of the procedure. RDMA_MSG and RDMA_NOMSG carry
  the three chunk lists; after an RDMA_MSG header the RPC message itself
  follows inline (onc_rpc.ksy), while RDMA_NOMSG leaves it to a chunk.

  XDR encodes an optional item (`T *next`, the linked lists of the read and
  write lists, the optional reply chunk) as a boolean word, 1 when an item
  follows and 0 when none does, so a list is items preceded by 1 and ended
  by 0: `repeat: until` on the discriminator.

  A list that runs past the end of the message, or a discriminator that is
  neither 0 nor 1, makes the parse fail: such a header does not hold
  together.
doc-ref: RFC 8166 section 4.1.2
seq:
  - id: xid
    type: u4
    doc: |
      Transaction ID.
      rdma_xid: the XID of the RPC message carried (RDMA_MSG, RDMA_NOMSG),
      or of the call a reply or an error answers; the same value as the RPC
      header's XID.
    doc-ref: RFC 8166 section 4.2.1
  - id: vers
    type: u4
    doc: |
      Version.
      rdma_vers: 1 for RPC-over-RDMA version 1. The body of other versions
      is not decoded.
    doc-ref: RFC 8166 section 4.2.2
  - id: credit
    type: u4
    doc: |
      Credit value.
      rdma_credit: in a call, the credits the requester asks for; in a reply,
      the credits the responder grants (receive buffers it has posted).
    doc-ref: RFC 8166 section 4.2.3
  - id: proc
    type: u4
    enum: proc
    doc: |
      Procedure.
      rdma_proc: what the body holds and where the RPC message is.
    doc-ref: RFC 8166 section 4.2.4
  - id: chunks
    type: chunk_lists
    if: vers == 1 and (proc == proc::rdma_msg or proc == proc::rdma_nomsg)
    doc: |
      Chunk lists.
      rdma_chunks: the read list, the write list and the reply chunk.
    doc-ref: RFC 8166 section 4.3
  - id: padded
    type: padded
    if: vers == 1 and proc == proc::rdma_msgp
    doc: |
      Padded message header.
      The body of the deprecated RDMA_MSGP: alignment, threshold, then the
      chunk lists.
    doc-ref: RFC 8166 section 4.6.1, RFC 5666
  - id: error
    type: error
    if: vers == 1 and proc == proc::rdma_error
    doc: |
      Error.
      The body of RDMA_ERROR: why the peer could not process the message
      with this XID.
    doc-ref: RFC 8166 section 4.5
types:
  chunk_lists:
    doc: |
      Chunk lists.
      rpcrdma1_chunks: where the requester's memory is registered for the
      responder to read (read list) or write (write list, reply chunk).
    doc-ref: RFC 8166 section 4.3
    seq:
      - id: read_list
        type: read_list_item
        repeat: until
        repeat-until: not _.present
        doc: |
          Read list.
          rdma_reads: read segments, each with the XDR position of the data it
          holds; the segments of one position form one read chunk. The last
          item is the ending discriminator (0).
        doc-ref: RFC 8166 section 4.3.1
      - id: write_list
        type: write_list_item
        repeat: until
        repeat-until: not _.present
        doc: |
          Write list.
          rdma_writes: write chunks, one for each DDP-eligible result the
          responder may write. The last item is the ending discriminator (0).
        doc-ref: RFC 8166 section 4.3.2
      - id: reply_chunk
        type: optional_write_chunk
        doc: |
          Reply chunk.
          rdma_reply: where the responder may write a whole reply too long to
          send inline; absent (discriminator 0) otherwise.
        doc-ref: RFC 8166 section 4.3.3
  read_list_item:
    doc: |
      Read list item.
      One link of rpcrdma1_read_list: the discriminator, then a read segment
      when it is 1.
    doc-ref: RFC 8166 section 4.1.2
    seq:
      - id: discriminator
        type: u4
        valid:
          max: 1
        doc: |
          Item follows.
          XDR boolean: 1 when a read segment follows, 0 at the end of the list.
        doc-ref: RFC 4506 section 4.19
      - id: segment
        type: read_segment
        if: present
        doc: |
          Read segment.
          rdma_entry of the list.
        doc-ref: RFC 8166 section 4.1.2
    instances:
      present:
        value: discriminator == 1
        doc: |
          Present.
          Whether this item holds a segment (false for the item that ends the list).
  write_list_item:
    doc: |
      Write list item.
      One link of rpcrdma1_write_list: the discriminator, then a write chunk
      when it is 1.
    doc-ref: RFC 8166 section 4.1.2
    seq:
      - id: discriminator
        type: u4
        valid:
          max: 1
        doc: |
          Item follows.
          XDR boolean: 1 when a write chunk follows, 0 at the end of the list.
        doc-ref: RFC 4506 section 4.19
      - id: chunk
        type: write_chunk
        if: present
        doc: |
          Write chunk.
          rdma_entry of the list.
        doc-ref: RFC 8166 section 4.1.2
    instances:
      present:
        value: discriminator == 1
        doc: |
          Present.
          Whether this item holds a chunk (false for the item that ends the list).
  optional_write_chunk:
    doc: |
      Optional write chunk.
      The XDR optional-data form of the reply chunk (rpcrdma1_write_chunk *).
    doc-ref: RFC 8166 section 4.1.2
    seq:
      - id: discriminator
        type: u4
        valid:
          max: 1
        doc: |
          Chunk follows.
          XDR boolean: 1 when a chunk follows, 0 when there is none.
        doc-ref: RFC 4506 section 4.19
      - id: chunk
        type: write_chunk
        if: present
        doc: |
          Write chunk.
          The chunk, when present.
    instances:
      present:
        value: discriminator == 1
        doc: |
          Present.
          Whether the chunk is there.
  write_chunk:
    doc: |
      Write chunk.
      rpcrdma1_write_chunk: a counted array of RDMA segments that together
      receive one data item (or, as the reply chunk, a whole reply). In a
      reply, the responder echoes the requester's segments with the lengths
      it actually wrote.
    doc-ref: RFC 8166 section 4.3.2
    seq:
      - id: num_segments
        type: u4
        doc: |
          Segment count.
          The number of RDMA segments in the chunk.
      - id: segments
        type: segment
        repeat: expr
        repeat-expr: num_segments
        doc: |
          Segments.
          rdma_target: the chunk's RDMA segments, in the order the data fills them.
  read_segment:
    doc: |
      Read segment.
      rpcrdma1_read_segment: an RDMA segment the responder reads with RDMA
      Read, and the XDR position where its data belongs.
    doc-ref: RFC 8166 section 3.4.5
    seq:
      - id: position
        type: u4
        doc: |
          Position.
          rdma_position: the offset in the unreduced RPC message where the
          data of this chunk goes; 0 for a Position-Zero Read chunk, which
          holds the whole RPC message (RDMA_NOMSG).
        doc-ref: RFC 8166 section 3.4.5
      - id: target
        type: segment
        doc: |
          Target.
          rdma_target: the requester's registered memory.
  segment:
    doc: |
      RDMA segment.
      rpcrdma1_segment: a registered region of the requester's memory.
    doc-ref: RFC 8166 section 3.4.3
    seq:
      - id: handle
        type: u4
        doc: |
          Handle.
          rdma_handle: the STag (R_key) of the region.
        doc-ref: RFC 8166 section 3.4.3
      - id: length
        type: u4
        doc: |
          Length.
          rdma_length: the region's length in octets; in a reply's echo, the
          octets the responder wrote.
        doc-ref: RFC 8166 section 3.4.3
      - id: offset
        type: u8
        doc: |
          Offset.
          rdma_offset: the tagged offset (virtual address) where the region
          starts.
        doc-ref: RFC 8166 section 3.4.3
  padded:
    doc: |
      Padded message header.
      rpcrdma1_padded, the body of RDMA_MSGP (RFC 5666): the RPC message
      follows inline, split at a requested alignment.
    doc-ref: RFC 5666
    seq:
      - id: align
        type: u4
        doc: |
          Alignment.
          rdma_align: the alignment the receiver asked for.
      - id: thresh
        type: u4
        doc: |
          Threshold.
          rdma_thresh: the smallest data item that is aligned.
      - id: chunks
        type: chunk_lists
        doc: |
          Chunk lists.
          rdma_achunks: as in RDMA_MSG.
  error:
    doc: |
      Error.
      rpcrdma1_error: the error code and, for a version mismatch, the
      versions the sender supports.
    doc-ref: RFC 8166 section 4.5
    seq:
      - id: code
        type: u4
        enum: errcode
        doc: |
          Error code.
          rdma_err.
        doc-ref: RFC 8166 section 4.5
      - id: vers_low
        type: u4
        if: code == errcode::err_vers
        doc: |
          Lowest version.
          rdma_vers_low: the lowest RPC-over-RDMA version the sender supports.
        doc-ref: RFC 8166 section 4.5.1
      - id: vers_high
        type: u4
        if: code == errcode::err_vers
        doc: |
          Highest version.
          rdma_vers_high: the highest RPC-over-RDMA version the sender supports.
        doc-ref: RFC 8166 section 4.5.1
  connect_private:
    doc: |
      Connection private data.
      The Linux extension to RPC-over-RDMA version 1 carried in the RDMA CM
      private data (on iWARP, the MPA Request's and Reply's private data
      after RFC 6581's IRD and ORD): a magic word, then each peer's inline
      buffer sizes, so that both can exceed the 1024-octet default.
    doc-ref: Linux include/linux/sunrpc/rpc_rdma.h, struct rpcrdma_connect_private
    seq:
      - id: magic
        contents: [0xf6, 0xab, 0x0e, 0x18]
        doc: |
          Magic.
          0xf6ab0e18, which marks RPC-over-RDMA connection data.
      - id: version
        type: u1
        doc: |
          Version.
          The version of this private data format (1).
      - id: flags
        type: u1
        doc: |
          Flags.
          Bit 0 (0x01): the sender accepts replies sent with Send with Invalidate.
      - id: send_size_code
        type: u1
        doc: |
          Send size.
          The sender's inline send buffer: (code + 1) * 1024 octets.
      - id: recv_size_code
        type: u1
        doc: |
          Receive size.
          The sender's inline receive buffer: (code + 1) * 1024 octets.
    instances:
      send_with_invalidate:
        value: (flags & 1) != 0
        doc: |
          Send with Invalidate accepted.
          Whether the sender lets its peer invalidate its STags with the reply.
      send_size:
        value: (send_size_code + 1) * 1024
        doc: |
          Inline send size.
          Octets.
      recv_size:
        value: (recv_size_code + 1) * 1024
        doc: |
          Inline receive size.
          Octets.
enums:
  proc:
    0:
      id: rdma_msg
      doc: RDMA_MSG, an RPC message follows the header inline
    1:
      id: rdma_nomsg
      doc: RDMA_NOMSG, the RPC message is in a chunk (a Position-Zero Read chunk for a call, the reply chunk for a reply)
    2:
      id: rdma_msgp
      doc: RDMA_MSGP, an RPC message with padding (RFC 5666; no longer used)
    3:
      id: rdma_done
      doc: RDMA_DONE, the requester is done with a reply chunk (RFC 5666; no longer used)
    4:
      id: rdma_error
      doc: RDMA_ERROR, the message with this XID could not be processed
  errcode:
    1:
      id: err_vers
      doc: ERR_VERS, the RPC-over-RDMA version is not supported
    2:
      id: err_chunk
      doc: ERR_CHUNK, the header or its chunks could not be decoded
