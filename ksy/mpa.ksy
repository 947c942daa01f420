meta:
  id: mpa
  title: MPA (Marker PDU Aligned framing for TCP)
  endian: be
  license: MIT
doc: |
  Marker PDU Aligned framing (MPA) carries DDP segments over a TCP byte stream.
  A connection starts with an MPA Request frame from the initiator and an MPA
  Reply frame from the responder; after them each direction is a sequence of
  FPDUs (Framed Protocol Data Units). When negotiated, the sender inserts a
  4-octet marker every 512 octets of its stream; the types below describe an
  FPDU with those markers already removed.
doc-ref:
  - RFC 5044
  - RFC 6581
types:
  request_reply:
    doc: |
      MPA Request or Reply frame, the first octets each endpoint sends after
      the TCP connection is established. The frame is 20 octets of header
      followed by PD_Length octets of private data. The private data given to
      this parser may be shorter than PD_Length when the frame is truncated or
      its private data is larger than the analyser keeps.
    doc-ref: RFC 5044 section 7.1
    seq:
      - id: key
        size: 16
        doc: |
          Identifies the frame: the ASCII text "MPA ID Req Frame" for a
          Request, "MPA ID Rep Frame" for a Reply.
        doc-ref: RFC 5044 section 7.1
      - id: marker_flag
        type: b1
        doc: |
          M: the sender of this frame wants to receive markers, so its peer
          inserts markers into the FPDUs it sends.
        doc-ref: RFC 5044 section 7.1
      - id: crc_flag
        type: b1
        doc: |
          C: the sender of this frame wants CRC32c on FPDUs. CRC is in use on
          the connection when either the Request or the Reply has C set.
        doc-ref: RFC 5044 section 7.1
      - id: reject_flag
        type: b1
        doc: |
          R: set in a Reply that rejects the connection; no FPDUs follow.
          Zero in a Request.
        doc-ref: RFC 5044 section 7.1
      - id: enhanced_flag
        type: b1
        doc: |
          Enhanced connection establishment (MPA revision 2): the private data
          starts with the IRD and ORD words. Reserved in revision 1.
        doc-ref: RFC 6581 section 3
      - id: reserved_flags
        type: b4
        doc: Reserved flag bits; sent as zero.
        doc-ref: RFC 5044 section 7.1
      - id: revision
        type: u1
        doc: |
          MPA revision: 1 for RFC 5044, 2 for the enhanced connection
          establishment of RFC 6581. The Reply's revision is the one in use.
        doc-ref: RFC 5044 section 7.1
      - id: pd_length
        type: u2
        doc: |
          Length in octets of the private data that follows; at most 512.
        doc-ref: RFC 5044 section 7.1
      - id: ird_ord
        type: ird_ord
        if: enhanced_flag and revision >= 2 and pd_length >= 4 and not _io.eof
        doc: |
          IRD and ORD of the sender, first 4 octets of the private data of an
          enhanced (revision 2) Request or Reply.
        doc-ref: RFC 6581 section 3
      - id: private_data
        size-eos: true
        doc: |
          Private data for the upper layer (after IRD/ORD in revision 2), as
          far as present: PD_Length octets in a complete frame.
        doc-ref: RFC 5044 section 7.1
    instances:
      is_request:
        value: key == [0x4d, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52, 0x65, 0x71, 0x20, 0x46, 0x72, 0x61, 0x6d, 0x65]
        doc: The key reads "MPA ID Req Frame".
        doc-ref: RFC 5044 section 7.1
      is_reply:
        value: key == [0x4d, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52, 0x65, 0x70, 0x20, 0x46, 0x72, 0x61, 0x6d, 0x65]
        doc: The key reads "MPA ID Rep Frame".
        doc-ref: RFC 5044 section 7.1
  ird_ord:
    doc: |
      The two 16-bit words that begin the private data of an enhanced MPA
      Request or Reply. In each, the top two bits are flags and the low 14 bits
      the value; 0x3FFF means no value given.
    doc-ref: RFC 6581 section 3
    seq:
      - id: ird_peer_to_peer_a
        type: b1
        doc: |
          Flag A of the IRD word: peer-to-peer connection setup requested
          (the sender supports the RTR (ready to receive) message).
        doc-ref: RFC 6581 section 3
      - id: ird_peer_to_peer_b
        type: b1
        doc: Flag B of the IRD word (peer-to-peer connection setup).
        doc-ref: RFC 6581 section 3
      - id: ird
        type: b14
        doc: |
          IRD: the number of inbound RDMA Read Requests the sender can have
          outstanding; 0x3FFF means none given.
        doc-ref: RFC 6581 section 3
      - id: ord_peer_to_peer_c
        type: b1
        doc: Flag C of the ORD word (peer-to-peer RTR message type).
        doc-ref: RFC 6581 section 3
      - id: ord_peer_to_peer_d
        type: b1
        doc: Flag D of the ORD word (peer-to-peer RTR message type).
        doc-ref: RFC 6581 section 3
      - id: ord
        type: b14
        doc: |
          ORD: the number of outbound RDMA Read Requests the sender will have
          outstanding; 0x3FFF means none given.
        doc-ref: RFC 6581 section 3
  marker:
    doc: |
      A marker, inserted by the sender at every stream position S with
      (S - S0) mod 512 = 0, S0 being the first octet after its Request or
      Reply. A marker on an FPDU's first octet belongs to that FPDU.
    doc-ref: RFC 5044 section 5
    seq:
      - id: reserved
        type: u2
        doc: Reserved, sent as zero.
        doc-ref: RFC 5044 section 5
      - id: fpduptr
        type: u2
        doc: |
          FPDUPTR: the distance in octets from the marker back to the first
          octet of the FPDU it sits in (0 when the marker is that octet).
        doc-ref: RFC 5044 section 5
  fpdu:
    doc: |
      An FPDU with its markers removed: ULPDU_Length, the ULPDU (a DDP
      segment), pad so that ULPDU_Length + ULPDU + pad is a multiple of 4, and
      the CRC. The CRC field is present even when CRC was not negotiated (then
      zero and not checked). The ULPDU is an instance so that reading the
      header does not copy it.
    doc-ref: RFC 5044 section 4.1
    seq:
      - id: ulpdu_length
        type: u2
        doc: ULPDU_Length, the number of octets of the ULPDU (pad and CRC not counted).
        doc-ref: RFC 5044 section 4.1
    instances:
      pad_length:
        value: (4 - (ulpdu_length + 2) % 4) % 4
        doc: |
          Pad: 0 to 3 zero octets after the ULPDU so that ULPDU_Length (2) +
          ULPDU + pad is a multiple of 4.
        doc-ref: RFC 5044 section 4.1
      ulpdu:
        pos: 2
        size: ulpdu_length
        doc: The ULPDU carried by the FPDU, a DDP segment.
        doc-ref: RFC 5044 section 4.1
      pad:
        pos: 2 + ulpdu_length
        size: pad_length
        doc: The pad octets (zero).
        doc-ref: RFC 5044 section 4.1
      crc:
        pos: 2 + ulpdu_length + pad_length
        type: u4le
        doc: |
          CRC32c (Castagnoli) over ULPDU_Length, ULPDU, pad and every marker
          inside the FPDU, sent least significant octet first. Zero when CRC
          was not negotiated.
        doc-ref: RFC 5044 section 4.1
