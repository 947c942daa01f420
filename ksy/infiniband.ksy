meta:
  id: infiniband
  title: InfiniBand transport headers (BTH and its extension headers), as carried by RoCEv2, RoCEv1 and native InfiniBand
  endian: be
  bit-endian: be
doc: |
  The InfiniBand transport headers of one packet: the Base Transport Header
  (12 octets), the extension headers its opcode announces, the payload with
  its pad, and the 4-octet Invariant CRC. RoCEv2 carries this after a UDP
  header to port 4791 (Annex A17); RoCEv1 after a Global Route Header under
  EtherType 0x8915 (Annex A16); native InfiniBand after the Local Route
  Header and, when LNH says so, a Global Route Header, with a 2-octet
  Variant CRC after the ICRC.

  The opcode's upper three bits name the transport service (RC, UC, RD, UD,
  CNP, XRC), its lower five the operation; which extension headers follow
  is the table of IBA volume 1 section 9.2, read here through
  the has_* instances. A part the octets do not hold is absent (null),
  never read past the packet's end.
doc-ref: InfiniBand Architecture Specification volume 1 release 1.4, section 9.2; Annex A17 (RoCEv2)
seq:
  - id: bth
    type: bth
    if: _io.size >= 12
    doc: |
      Base Transport Header.
      Present in every transport packet.
    doc-ref: IBA volume 1 section 9.2
  - id: xrceth
    type: xrceth
    if: has_bth and bth.transport == 5 and _io.size >= xrceth_end
    doc: |
      XRC Extended Transport Header.
      The XRC target's SRQ number; XRC packets only.
    doc-ref: IBA volume 1 section 9.2 (XRC annex)
  - id: rdeth
    type: rdeth
    if: has_bth and bth.transport == 2 and _io.size >= rdeth_end
    doc: |
      Reliable Datagram Extended Transport Header.
      The EE context; RD packets only.
    doc-ref: IBA volume 1 section 9.3.1
  - id: deth
    type: deth
    if: has_bth and (bth.transport == 2 or bth.transport == 3) and _io.size >= deth_end
    doc: |
      Datagram Extended Transport Header.
      Q_Key and source QP of UD and RD packets (the CM MADs on QP1 among
      them).
    doc-ref: IBA volume 1 section 9.3.2
  - id: reth
    type: reth
    if: has_reth and _io.size >= reth_end
    doc: |
      RDMA Extended Transport Header.
      Virtual address, R_Key and DMA length of the first packet of an RDMA
      Write and of an RDMA Read Request.
    doc-ref: IBA volume 1 section 9.3.3
  - id: atomiceth
    type: atomiceth
    if: has_atomiceth and _io.size >= atomiceth_end
    doc: |
      Atomic Extended Transport Header.
      Virtual address, R_Key and operands of a Compare & Swap or Fetch &
      Add.
    doc-ref: IBA volume 1 section 9.3.4
  - id: aeth
    type: aeth
    if: has_aeth and _io.size >= aeth_end
    doc: |
      ACK Extended Transport Header.
      Syndrome and MSN of an Acknowledge, an Atomic Acknowledge and the
      first and last packets of a Read Response.
    doc-ref: IBA volume 1 section 9.3.5
  - id: atomicacketh
    type: atomicacketh
    if: has_atomicacketh and _io.size >= atomicacketh_end
    doc: |
      Atomic Acknowledge Extended Transport Header.
      The remote data as it was before the atomic operation.
    doc-ref: IBA volume 1 section 9.3.6
  - id: immdt
    type: immdt
    if: has_immdt and _io.size >= immdt_end
    doc: |
      Immediate Data Extended Transport Header.
      Four octets handed to the receiver's completion.
    doc-ref: IBA volume 1 section 9.3.7
  - id: ieth
    type: ieth
    if: has_ieth and _io.size >= ieth_end
    doc: |
      Invalidate Extended Transport Header.
      The R_Key that a Send with Invalidate invalidates at the receiver.
    doc-ref: IBA volume 1 section 9.3.8
  - id: cnp_reserved
    size: 16
    if: has_bth and bth.opcode == 0x81 and _io.size >= headers_end + 16
    doc: |
      CNP reserved octets.
      A RoCEv2 Congestion Notification Packet carries 16 reserved octets
      in place of a payload.
    doc-ref: Annex A17 (Congestion Notification Packet)
  - id: payload
    size: payload_length
    if: has_headers and payload_length > 0
    doc: |
      Payload.
      The message's octets carried by this packet, without the pad.
    doc-ref: IBA volume 1 section 9.4
  - id: pad
    size: bth.pad_count
    if: has_headers and payload_length >= 0
    doc: |
      Pad.
      Zero to three octets that align the payload to four octets.
    doc-ref: IBA volume 1 section 9.2.3
  - id: icrc
    type: u4
    if: has_headers and payload_length >= 0
    doc: |
      Invariant CRC.
      CRC-32 over the fields that do not change from end to end (the
      variant ones masked with ones). The CRC's least significant octet is
      sent first: read in the order of the wire, as here and in Wireshark,
      the number is the CRC with its octets reversed.
    doc-ref: IBA volume 1 section 7.8.1; Annex A17 (the ICRC of RoCEv2)
instances:
  has_bth:
    value: _io.size >= 12
  operation:
    value: 'has_bth ? bth.opcode & 0x1f : 0'
    doc: The opcode's operation bits (the lower five).
  acked_transport:
    value: 'has_bth and (bth.transport == 0 or bth.transport == 2 or bth.transport == 5)'
    doc: RC, RD and XRC acknowledge their requests.
  writes_transport:
    value: 'has_bth and (bth.transport == 0 or bth.transport == 1 or bth.transport == 2 or bth.transport == 5)'
    doc: The transports that carry RDMA Writes (all but UD).
  has_reth:
    value: 'writes_transport and (operation == 0x06 or operation == 0x0a or operation == 0x0b or (acked_transport and operation == 0x0c))'
  has_atomiceth:
    value: 'acked_transport and (operation == 0x13 or operation == 0x14)'
  has_aeth:
    value: 'acked_transport and (operation == 0x0d or operation == 0x0f or operation == 0x10 or operation == 0x11 or operation == 0x12)'
  has_atomicacketh:
    value: 'acked_transport and operation == 0x12'
  has_immdt:
    value: 'has_bth and bth.opcode != 0x81 and (operation == 0x03 or operation == 0x05 or (writes_transport and (operation == 0x09 or operation == 0x0b)))'
  has_ieth:
    value: 'acked_transport and (operation == 0x16 or operation == 0x17)'
  xrceth_end:
    value: '12 + (has_bth and bth.transport == 5 ? 4 : 0)'
  rdeth_end:
    value: 'xrceth_end + (has_bth and bth.transport == 2 ? 4 : 0)'
  deth_end:
    value: 'rdeth_end + (has_bth and (bth.transport == 2 or bth.transport == 3) ? 8 : 0)'
  reth_end:
    value: 'deth_end + (has_reth ? 16 : 0)'
  atomiceth_end:
    value: 'reth_end + (has_atomiceth ? 28 : 0)'
  aeth_end:
    value: 'atomiceth_end + (has_aeth ? 4 : 0)'
  atomicacketh_end:
    value: 'aeth_end + (has_atomicacketh ? 8 : 0)'
  immdt_end:
    value: 'atomicacketh_end + (has_immdt ? 4 : 0)'
  ieth_end:
    value: 'immdt_end + (has_ieth ? 4 : 0)'
  headers_end:
    value: 'ieth_end'
    doc: Where the headers end and the payload begins (CNP reserved octets included below).
  payload_start:
    value: 'headers_end + (has_bth and bth.opcode == 0x81 ? 16 : 0)'
  has_headers:
    value: 'has_bth and _io.size >= payload_start'
    doc: Whether the octets hold every header the opcode announces.
  payload_length:
    value: '_io.size - payload_start - (has_bth ? bth.pad_count : 0) - 4'
    doc: Payload octets between the headers and the pad; negative when the packet is too short for its pad and ICRC.
types:
  bth:
    doc: |
      Base Transport Header.
      12 octets.
    doc-ref: IBA volume 1 section 9.2
    seq:
      - id: opcode
        type: u1
        doc: |
          OpCode.
          Transport service (upper three bits: 0 RC, 1 UC, 2 RD, 3 UD,
          4 CNP, 5 XRC) and operation (lower five bits).
        doc-ref: IBA volume 1 section 9.2.1
      - id: solicited_event
        type: b1
        doc: |
          Solicited Event (SE).
          The requester asks for an event at the responder.
        doc-ref: IBA volume 1 section 9.2.2
      - id: mig_req
        type: b1
        doc: |
          MigReq (M).
          Path migration state.
        doc-ref: IBA volume 1 section 9.2.3
      - id: pad_count
        type: b2
        doc: |
          Pad Count.
          Octets of pad after the payload.
        doc-ref: IBA volume 1 section 9.2.3
      - id: transport_version
        type: b4
        doc: |
          Transport Header Version (TVer).
          0.
        doc-ref: IBA volume 1 section 9.2.4
      - id: partition_key
        type: u2
        doc: |
          Partition Key (P_Key).
          The partition the packet belongs to.
        doc-ref: IBA volume 1 section 9.2.5
      - id: fecn
        type: b1
        doc: |
          Forward ECN.
          Congestion seen on the way (InfiniBand; RoCEv2 uses the IP header's ECN).
        doc-ref: IBA volume 1 section 9.2 (annex A10)
      - id: becn
        type: b1
        doc: |
          Backward ECN.
          Congestion reported back to the sender.
        doc-ref: IBA volume 1 section 9.2 (annex A10)
      - id: reserved_6
        type: b6
        doc: |
          Reserved (6 bits).
          Zero.
        doc-ref: IBA volume 1 section 9.2
      - id: dest_qp
        type: b24
        doc: |
          Destination QP.
          The queue pair the packet is for at its destination.
        doc-ref: IBA volume 1 section 9.2.6
      - id: ack_request
        type: b1
        doc: |
          AckReq (A).
          The requester asks for an acknowledge of this packet.
        doc-ref: IBA volume 1 section 9.2.7
      - id: reserved_7
        type: b7
        doc: |
          Reserved (7 bits).
          Zero.
        doc-ref: IBA volume 1 section 9.2
      - id: psn
        type: b24
        doc: |
          Packet Sequence Number.
          Counts the packets of a queue pair's requests, modulo 2^24;
          responses carry the PSN of the request packet they answer.
        doc-ref: IBA volume 1 section 9.2.8
    instances:
      transport:
        value: opcode >> 5
        doc: The transport service of the opcode.
  xrceth:
    doc: XRC Extended Transport Header (4 octets).
    doc-ref: IBA volume 1, XRC annex
    seq:
      - id: reserved
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1, XRC annex
      - id: xrc_srq
        type: b24
        doc: |
          XRC SRQ.
          The shared receive queue of the target.
        doc-ref: IBA volume 1, XRC annex
  rdeth:
    doc: Reliable Datagram Extended Transport Header (4 octets).
    doc-ref: IBA volume 1 section 9.3.1
    seq:
      - id: reserved
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 9.3.1
      - id: ee_context
        type: b24
        doc: |
          EE-Context.
          The end-to-end context of the packet.
        doc-ref: IBA volume 1 section 9.3.1
  deth:
    doc: Datagram Extended Transport Header (8 octets).
    doc-ref: IBA volume 1 section 9.3.2
    seq:
      - id: q_key
        type: u4
        doc: |
          Queue Key (Q_Key).
          Authorises access to the destination's queue (0x80010000 for the
          general services interface of QP1).
        doc-ref: IBA volume 1 section 9.3.2
      - id: reserved
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 9.3.2
      - id: src_qp
        type: b24
        doc: |
          Source QP.
          The queue pair that sent the datagram.
        doc-ref: IBA volume 1 section 9.3.2
  reth:
    doc: RDMA Extended Transport Header (16 octets).
    doc-ref: IBA volume 1 section 9.3.3
    seq:
      - id: va
        type: u8
        doc: |
          Virtual Address.
          Where the RDMA operation starts in the remote region.
        doc-ref: IBA volume 1 section 9.3.3.1
      - id: r_key
        type: u4
        doc: |
          Remote Key (R_Key).
          Names the remote memory region and authorises the access.
        doc-ref: IBA volume 1 section 9.3.3.2
      - id: dma_length
        type: u4
        doc: |
          DMA Length.
          Octets of the whole operation.
        doc-ref: IBA volume 1 section 9.3.3.3
  atomiceth:
    doc: Atomic Extended Transport Header (28 octets).
    doc-ref: IBA volume 1 section 9.3.4
    seq:
      - id: va
        type: u8
        doc: |
          Virtual Address.
          The 8-octet word the atomic operation works on.
        doc-ref: IBA volume 1 section 9.3.4
      - id: r_key
        type: u4
        doc: |
          Remote Key (R_Key).
          Names the remote memory region.
        doc-ref: IBA volume 1 section 9.3.4
      - id: swap_add_data
        type: u8
        doc: |
          Swap (or Add) Data.
          The value swapped in (Compare & Swap) or added (Fetch & Add).
        doc-ref: IBA volume 1 section 9.3.4
      - id: compare_data
        type: u8
        doc: |
          Compare Data.
          The value compared with (Compare & Swap).
        doc-ref: IBA volume 1 section 9.3.4
  aeth:
    doc: ACK Extended Transport Header (4 octets).
    doc-ref: IBA volume 1 section 9.3.5
    seq:
      - id: syndrome
        type: u1
        doc: |
          Syndrome.
          Upper bits: 0 ACK (lower five bits the credit count), 1 RNR NAK
          (lower five the timer), 3 NAK (lower five the error: 0 PSN
          sequence error, 1 invalid request, 2 remote access error, 3 remote
          operational error, 4 invalid RD request).
        doc-ref: IBA volume 1 section 9.3.5
      - id: msn
        type: b24
        doc: |
          Message Sequence Number.
          Counts the requester's messages the responder completed.
        doc-ref: IBA volume 1 section 9.3.5
    instances:
      kind:
        value: (syndrome >> 5) & 3
        doc: 0 ACK, 1 RNR NAK, 3 NAK.
      code:
        value: syndrome & 0x1f
        doc: Credit count, RNR timer or NAK code.
  atomicacketh:
    doc: Atomic Acknowledge Extended Transport Header (8 octets).
    doc-ref: IBA volume 1 section 9.3.6
    seq:
      - id: original_remote_data
        type: u8
        doc: |
          Original Remote Data.
          The remote word as it was before the operation.
        doc-ref: IBA volume 1 section 9.3.6
  immdt:
    doc: Immediate Data Extended Transport Header (4 octets).
    doc-ref: IBA volume 1 section 9.3.7
    seq:
      - id: immediate_data
        type: u4
        doc: |
          Immediate Data.
          Handed to the receiver in its completion.
        doc-ref: IBA volume 1 section 9.3.7
  ieth:
    doc: Invalidate Extended Transport Header (4 octets).
    doc-ref: IBA volume 1 section 9.3.8
    seq:
      - id: r_key
        type: u4
        doc: |
          R_Key.
          The remote key the receiver invalidates.
        doc-ref: IBA volume 1 section 9.3.8
  lrh:
    doc: |
      Local Route Header (8 octets).
      First header of a native InfiniBand packet.
    doc-ref: IBA volume 1 section 7.7
    seq:
      - id: virtual_lane
        type: b4
        doc: |
          Virtual Lane (VL).
          The lane the packet travels on (15: subnet management).
        doc-ref: IBA volume 1 section 7.7.1
      - id: link_version
        type: b4
        doc: |
          Link Version (LVer).
          0.
        doc-ref: IBA volume 1 section 7.7.2
      - id: service_level
        type: b4
        doc: |
          Service Level (SL).
          The packet's service class.
        doc-ref: IBA volume 1 section 7.7.3
      - id: reserved_2
        type: b2
        doc: |
          Reserved (2 bits).
          Zero.
        doc-ref: IBA volume 1 section 7.7
      - id: link_next_header
        type: b2
        doc: |
          Link Next Header (LNH).
          2: BTH follows (IBA local); 3: GRH follows (IBA global).
        doc-ref: IBA volume 1 section 7.7.4
      - id: dlid
        type: u2
        doc: |
          Destination Local ID.
          The port the packet is for on the subnet.
        doc-ref: IBA volume 1 section 7.7.5
      - id: reserved_5
        type: b5
        doc: |
          Reserved (5 bits).
          Zero.
        doc-ref: IBA volume 1 section 7.7
      - id: packet_length
        type: b11
        doc: |
          Packet Length.
          The packet's length in 4-octet words, from the LRH to the ICRC
          (the VCRC not counted).
        doc-ref: IBA volume 1 section 7.7.8
      - id: slid
        type: u2
        doc: |
          Source Local ID.
          The port that sent the packet.
        doc-ref: IBA volume 1 section 7.7.9
  grh:
    doc: |
      Global Route Header (40 octets).
      Laid out as an IPv6 header; RoCEv1 carries it in place of IP.
    doc-ref: IBA volume 1 section 8.3
    seq:
      - id: ip_version
        type: b4
        doc: |
          IP Version.
          6.
        doc-ref: IBA volume 1 section 8.3.1
      - id: traffic_class
        type: b8
        doc: |
          Traffic Class.
          The packet's class of service between subnets.
        doc-ref: IBA volume 1 section 8.3.2
      - id: flow_label
        type: b20
        doc: |
          Flow Label.
          Packets of one flow keep their order.
        doc-ref: IBA volume 1 section 8.3.3
      - id: payload_length
        type: u2
        doc: |
          Payload Length.
          Octets after the GRH up to and with the ICRC.
        doc-ref: IBA volume 1 section 8.3.4
      - id: next_header
        type: u1
        doc: |
          Next Header.
          0x1b: the BTH follows.
        doc-ref: IBA volume 1 section 8.3.5
      - id: hop_limit
        type: u1
        doc: |
          Hop Limit.
          Routers the packet may still cross.
        doc-ref: IBA volume 1 section 8.3.6
      - id: sgid
        size: 16
        doc: |
          Source GID.
          The sending port's global identifier.
        doc-ref: IBA volume 1 section 8.3.7
      - id: dgid
        size: 16
        doc: |
          Destination GID.
          The receiving port's global identifier.
        doc-ref: IBA volume 1 section 8.3.8
