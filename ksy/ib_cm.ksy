meta:
  id: ib_cm
  title: InfiniBand management datagrams and the Communication Manager's messages, with RDMA CM's IP private data
  endian: be
  bit-endian: be
doc: |
  A management datagram (MAD, 256 octets) as it travels on QP1 in a UD Send
  with its DETH: the common MAD header, then for the Communication
  Manager's class (0x07) the message its attribute names. The CM messages
  set up a reliable connection between two queue pairs: ConnectRequest
  (REQ) names the active side's QPN, starting PSN, path MTU and the Read
  depths, ConnectReply (REP) the passive side's, ReadyToUse (RTU) ends the
  exchange; Reject (REJ), MessageReceiptAcknowledgement (MRA),
  DisconnectRequest (DREQ) and DisconnectReply (DREP) follow their
  meanings. rdma_cm (the IP addressing annex) puts the IP addresses and the
  active side's port in the first 36 octets of the REQ's private data and
  the passive side's port in the Service ID; what follows is the
  upper-layer protocol's own private data.
doc-ref: IBA volume 1 release 1.4, sections 13.4 (MAD) and 12.6 (CM messages); Annex A11 (RDMA IP CM Service)
seq:
  - id: header
    type: mad_header
    doc: |
      MAD header.
      The common header of every management datagram.
    doc-ref: IBA volume 1 section 13.4
  - id: cm
    type:
      switch-on: header.attribute_id
      cases:
        0x0010: req
        0x0011: mra
        0x0012: rej
        0x0013: rep
        0x0014: rtu
        0x0015: dreq
        0x0016: drep
        0x0017: sidr_req
        0x0018: sidr_rep
    if: header.management_class == 0x07 and _io.size >= 256
    doc: |
      CM message.
      The Communication Manager message the attribute ID names.
    doc-ref: IBA volume 1 section 12.6
types:
  mad_header:
    doc: Common MAD header (24 octets).
    doc-ref: IBA volume 1 section 13.4
    seq:
      - id: base_version
        type: u1
        doc: |
          Base Version.
          1.
        doc-ref: IBA volume 1 section 13.4
      - id: management_class
        type: u1
        doc: |
          Management Class.
          0x07: Communication Management.
        doc-ref: IBA volume 1 section 13.4
      - id: class_version
        type: u1
        doc: |
          Class Version.
          2 for CM.
        doc-ref: IBA volume 1 section 13.4
      - id: method
        type: u1
        doc: |
          Method.
          The R bit and the method (0x03: Send).
        doc-ref: IBA volume 1 section 13.4
      - id: status
        type: u2
        doc: |
          Status.
          Zero in requests.
        doc-ref: IBA volume 1 section 13.4
      - id: class_specific
        type: u2
        doc: |
          Class Specific.
          Zero for CM.
        doc-ref: IBA volume 1 section 13.4
      - id: transaction_id
        type: u8
        doc: |
          Transaction ID.
          Pairs a MAD with its answer.
        doc-ref: IBA volume 1 section 13.4
      - id: attribute_id
        type: u2
        doc: |
          Attribute ID.
          The CM message: 0x10 REQ, 0x11 MRA, 0x12 REJ, 0x13 REP, 0x14 RTU, 0x15 DREQ, 0x16 DREP.
        doc-ref: IBA volume 1 section 12.6
      - id: reserved
        type: u2
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 13.4
      - id: attribute_modifier
        type: u4
        doc: |
          Attribute Modifier.
          Zero for CM.
        doc-ref: IBA volume 1 section 13.4
  req:
    doc: ConnectRequest (REQ), 232 octets.
    doc-ref: IBA volume 1 section 12.6.5
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The active side's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.5
      - id: reserved_1
        type: u4
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.5
      - id: service_id
        type: u8
        doc: |
          Service ID.
          What the active side connects to; for rdma_cm 0x0000000001PP pppp: port space PP (0x06 TCP) and port pppp.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_ca_guid
        type: u8
        doc: |
          Local CA GUID.
          The active side's channel adapter.
        doc-ref: IBA volume 1 section 12.6.5
      - id: reserved_2
        type: u4
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_q_key
        type: u4
        doc: |
          Local Q_Key.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_qpn
        type: b24
        doc: |
          Local QPN.
          The active side's queue pair.
        doc-ref: IBA volume 1 section 12.6.5
      - id: responder_resources
        type: u1
        doc: |
          Responder Resources.
          RDMA Reads and atomics the active side will hold for the passive side at once (its IRD).
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_eecn
        type: b24
        doc: |
          Local EECN.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.5
      - id: initiator_depth
        type: u1
        doc: |
          Initiator Depth.
          RDMA Reads and atomics the active side will have outstanding at once (its ORD).
        doc-ref: IBA volume 1 section 12.6.5
      - id: remote_eecn
        type: b24
        doc: |
          Remote EECN.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.5
      - id: remote_cm_response_timeout
        type: b5
        doc: |
          Remote CM Response Timeout.
          How long the passive side may take to answer.
        doc-ref: IBA volume 1 section 12.6.5
      - id: transport_service_type
        type: b2
        doc: |
          Transport Service Type.
          0 RC, 1 UC, 2 RD.
        doc-ref: IBA volume 1 section 12.6.5
      - id: end_to_end_flow_control
        type: b1
        doc: |
          End-to-End Flow Control.
          The active side sends credits.
        doc-ref: IBA volume 1 section 12.6.5
      - id: starting_psn
        type: b24
        doc: |
          Starting PSN.
          The PSN of the active side's first request packet.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_cm_response_timeout
        type: b5
        doc: |
          Local CM Response Timeout.
          How long the active side may take to answer.
        doc-ref: IBA volume 1 section 12.6.5
      - id: retry_count
        type: b3
        doc: |
          Retry Count.
          Times a request is sent again after a time-out.
        doc-ref: IBA volume 1 section 12.6.5
      - id: partition_key
        type: u2
        doc: |
          Partition Key.
          The connection's partition.
        doc-ref: IBA volume 1 section 12.6.5
      - id: path_mtu
        type: b4
        doc: |
          Path Packet Payload MTU.
          1: 256, 2: 512, 3: 1024, 4: 2048, 5: 4096 octets.
        doc-ref: IBA volume 1 section 12.6.5
      - id: rdc_exists
        type: b1
        doc: |
          RDC Exists.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.5
      - id: rnr_retry_count
        type: b3
        doc: |
          RNR Retry Count.
          Times a request is sent again after an RNR NAK (7: without end).
        doc-ref: IBA volume 1 section 12.6.5
      - id: max_cm_retries
        type: b4
        doc: |
          Max CM Retries.
          Times a CM message is sent again.
        doc-ref: IBA volume 1 section 12.6.5
      - id: srq
        type: b1
        doc: |
          SRQ.
          The active side uses a shared receive queue.
        doc-ref: IBA volume 1 section 12.6.5
      - id: extended_transport_type
        type: b3
        doc: |
          Extended Transport Type.
          1: XRC.
        doc-ref: IBA volume 1 section 12.6.5
      - id: primary_path
        type: cm_path
        doc: |
          Primary path.
          LIDs, GIDs, flow label, rate, traffic class, hop limit, SL and ACK time-out of the primary path (44 octets).
        doc-ref: IBA volume 1 section 12.6.5
      - id: alternate_path
        type: cm_path
        doc: |
          Alternate path.
          The same for the alternate path (44 octets).
        doc-ref: IBA volume 1 section 12.6.5
      - id: private_data
        size: 92
        doc: |
          Private Data.
          92 octets of the active side's consumer (for rdma_cm: its IP header, then the upper-layer protocol's data).
        doc-ref: IBA volume 1 section 12.6.5
    instances:
      service_port:
        value: service_id & 0xffff
        doc: The port of an rdma_cm Service ID (its lower 16 bits).
      service_port_space:
        value: (service_id >> 16) & 0xff
        doc: The port space of an rdma_cm Service ID (0x06 TCP, 0x11 UDP, 0x13 IB, 0x3f IPoIB).
      is_rdma_cm:
        value: (service_id >> 24) == 1
        doc: Whether the Service ID is of the RDMA IP CM Service (Annex A11).
  cm_path:
    doc: One path of a ConnectRequest (44 octets).
    doc-ref: IBA volume 1 section 12.6.5
    seq:
      - id: local_port_lid
        type: u2
        doc: |
          Local Port LID.
          0xffff (permissive) on RoCE.
        doc-ref: IBA volume 1 section 12.6.5
      - id: remote_port_lid
        type: u2
        doc: |
          Remote Port LID.
          0xffff (permissive) on RoCE.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_port_gid
        size: 16
        doc: |
          Local Port GID.
          The active side's port GID (RoCEv2 over IPv4: the IPv4-mapped address).
        doc-ref: IBA volume 1 section 12.6.5
      - id: remote_port_gid
        size: 16
        doc: |
          Remote Port GID.
          The passive side's port GID.
        doc-ref: IBA volume 1 section 12.6.5
      - id: flow_label
        type: b20
        doc: |
          Flow Label.
          The path's flow label.
        doc-ref: IBA volume 1 section 12.6.5
      - id: reserved_1
        type: b6
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.5
      - id: packet_rate
        type: b6
        doc: |
          Packet Rate.
          The path's rate.
        doc-ref: IBA volume 1 section 12.6.5
      - id: traffic_class
        type: u1
        doc: |
          Traffic Class.
          The path's traffic class.
        doc-ref: IBA volume 1 section 12.6.5
      - id: hop_limit
        type: u1
        doc: |
          Hop Limit.
          The path's hop limit.
        doc-ref: IBA volume 1 section 12.6.5
      - id: sl
        type: b4
        doc: |
          SL.
          The path's service level.
        doc-ref: IBA volume 1 section 12.6.5
      - id: subnet_local
        type: b1
        doc: |
          Subnet Local.
          The path stays in the subnet.
        doc-ref: IBA volume 1 section 12.6.5
      - id: reserved_2
        type: b3
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.5
      - id: local_ack_timeout
        type: b5
        doc: |
          Local ACK Timeout.
          How long the requester waits for an acknowledge: 4.096 us times 2 to this power.
        doc-ref: IBA volume 1 section 12.6.5
      - id: reserved_3
        type: b3
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.5
  rep:
    doc: ConnectReply (REP), 232 octets.
    doc-ref: IBA volume 1 section 12.6.8
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The passive side's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.8
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The active side's, from the REQ.
        doc-ref: IBA volume 1 section 12.6.8
      - id: local_q_key
        type: u4
        doc: |
          Local Q_Key.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.8
      - id: local_qpn
        type: b24
        doc: |
          Local QPN.
          The passive side's queue pair.
        doc-ref: IBA volume 1 section 12.6.8
      - id: reserved_1
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.8
      - id: local_ee_context
        type: b24
        doc: |
          Local EE Context Number.
          For RD only.
        doc-ref: IBA volume 1 section 12.6.8
      - id: reserved_2
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.8
      - id: starting_psn
        type: b24
        doc: |
          Starting PSN.
          The PSN of the passive side's first request packet.
        doc-ref: IBA volume 1 section 12.6.8
      - id: reserved_3
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.8
      - id: responder_resources
        type: u1
        doc: |
          Responder Resources.
          RDMA Reads and atomics the passive side will hold for the active side at once (its IRD).
        doc-ref: IBA volume 1 section 12.6.8
      - id: initiator_depth
        type: u1
        doc: |
          Initiator Depth.
          RDMA Reads and atomics the passive side will have outstanding at once (its ORD).
        doc-ref: IBA volume 1 section 12.6.8
      - id: target_ack_delay
        type: b5
        doc: |
          Target ACK Delay.
          How long the passive side may take to acknowledge.
        doc-ref: IBA volume 1 section 12.6.8
      - id: failover_accepted
        type: b2
        doc: |
          Failover Accepted.
          Whether the alternate path was accepted.
        doc-ref: IBA volume 1 section 12.6.8
      - id: end_to_end_flow_control
        type: b1
        doc: |
          End-to-End Flow Control.
          The passive side sends credits.
        doc-ref: IBA volume 1 section 12.6.8
      - id: rnr_retry_count
        type: b3
        doc: |
          RNR Retry Count.
          Times a request is sent again after an RNR NAK.
        doc-ref: IBA volume 1 section 12.6.8
      - id: srq
        type: b1
        doc: |
          SRQ.
          The passive side uses a shared receive queue.
        doc-ref: IBA volume 1 section 12.6.8
      - id: reserved_4
        type: b4
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.8
      - id: local_ca_guid
        type: u8
        doc: |
          Local CA GUID.
          The passive side's channel adapter.
        doc-ref: IBA volume 1 section 12.6.8
      - id: private_data
        size: 196
        doc: |
          Private Data.
          196 octets of the passive side's consumer.
        doc-ref: IBA volume 1 section 12.6.8
  rtu:
    doc: ReadyToUse (RTU), 232 octets.
    doc-ref: IBA volume 1 section 12.6.9
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The sender's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.9
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The receiver's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.9
      - id: private_data
        size: 224
        doc: |
          Private Data.
          224 octets of the active side's consumer.
        doc-ref: IBA volume 1 section 12.6.9
  rej:
    doc: Reject (REJ), 232 octets.
    doc-ref: IBA volume 1 section 12.6.7
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The sender's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.7
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The receiver's identifier (0 when unknown).
        doc-ref: IBA volume 1 section 12.6.7
      - id: message_rejected
        type: b2
        doc: |
          Message REJected.
          0: the REQ, 1: the REP, 2: no message (an unspecified one).
        doc-ref: IBA volume 1 section 12.6.7
      - id: reserved_1
        type: b6
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.7
      - id: reject_info_length
        type: b7
        doc: |
          Reject Info Length.
          Octets of Additional Reject Information.
        doc-ref: IBA volume 1 section 12.6.7
      - id: reserved_2
        type: b1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.7
      - id: reason
        type: u2
        doc: |
          Reason.
          Why: 1 no QP, 5 invalid communication ID, 8 invalid Service ID, 28 consumer reject, 30 ...
        doc-ref: IBA volume 1 section 12.6.7
      - id: additional_reject_information
        size: 72
        doc: |
          Additional Reject Information.
          72 octets whose meaning depends on the reason.
        doc-ref: IBA volume 1 section 12.6.7
      - id: private_data
        size: 148
        doc: |
          Private Data.
          148 octets of the rejecting consumer.
        doc-ref: IBA volume 1 section 12.6.7
  mra:
    doc: Message Receipt Acknowledgement (MRA), 232 octets.
    doc-ref: IBA volume 1 section 12.6.6
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The sender's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.6
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The receiver's identifier.
        doc-ref: IBA volume 1 section 12.6.6
      - id: message_mraed
        type: b2
        doc: |
          Message MRAed.
          0: the REQ, 1: the REP, 2: the LAP.
        doc-ref: IBA volume 1 section 12.6.6
      - id: reserved_1
        type: b6
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.6
      - id: service_timeout
        type: b5
        doc: |
          Service Timeout.
          How long the sender needs before it answers: 4.096 us times 2 to this power.
        doc-ref: IBA volume 1 section 12.6.6
      - id: reserved_2
        type: b3
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.6
      - id: private_data
        size: 222
        doc: |
          Private Data.
          222 octets.
        doc-ref: IBA volume 1 section 12.6.6
  dreq:
    doc: DisconnectRequest (DREQ), 232 octets.
    doc-ref: IBA volume 1 section 12.6.10
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The sender's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.10
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The receiver's identifier.
        doc-ref: IBA volume 1 section 12.6.10
      - id: remote_qpn
        type: b24
        doc: |
          Remote QPN/EECN.
          The receiver's queue pair.
        doc-ref: IBA volume 1 section 12.6.10
      - id: reserved_1
        type: u1
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.6.10
      - id: private_data
        size: 220
        doc: |
          Private Data.
          220 octets.
        doc-ref: IBA volume 1 section 12.6.10
  drep:
    doc: DisconnectReply (DREP), 232 octets.
    doc-ref: IBA volume 1 section 12.6.11
    seq:
      - id: local_comm_id
        type: u4
        doc: |
          Local Communication ID.
          The sender's identifier of the connection.
        doc-ref: IBA volume 1 section 12.6.11
      - id: remote_comm_id
        type: u4
        doc: |
          Remote Communication ID.
          The receiver's identifier.
        doc-ref: IBA volume 1 section 12.6.11
      - id: private_data
        size: 224
        doc: |
          Private Data.
          224 octets.
        doc-ref: IBA volume 1 section 12.6.11
  sidr_req:
    doc: |
      ServiceID Resolution Request (SIDR_REQ), 232 octets: asks which
      datagram queue pair serves a Service ID (rdma_cm's UDP port space).
    doc-ref: IBA volume 1 section 12.11
    seq:
      - id: request_id
        type: u4
        doc: |
          Request ID.
          The sender's identifier of the request, echoed by the reply.
        doc-ref: IBA volume 1 section 12.11
      - id: partition_key
        type: u2
        doc: |
          Partition Key.
          The partition of the datagrams to come.
        doc-ref: IBA volume 1 section 12.11
      - id: reserved_1
        type: u2
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.11
      - id: service_id
        type: u8
        doc: |
          Service ID.
          The service asked for; for rdma_cm 0x0000000001PP pppp: port space PP (0x11 UDP) and port pppp.
        doc-ref: IBA volume 1 section 12.11
      - id: private_data
        size: 216
        doc: |
          Private Data.
          216 octets of the requester's consumer (for rdma_cm: its IP header first).
        doc-ref: IBA volume 1 section 12.11
    instances:
      service_port:
        value: service_id & 0xffff
        doc: The port of an rdma_cm Service ID (its lower 16 bits).
      is_rdma_cm:
        value: (service_id >> 24) == 1
        doc: Whether the Service ID is of the RDMA IP CM Service (Annex A11).
  sidr_rep:
    doc: |
      ServiceID Resolution Response (SIDR_REP), 232 octets: the datagram
      queue pair and Q_Key that serve the Service ID, or why none does.
    doc-ref: IBA volume 1 section 12.11
    seq:
      - id: request_id
        type: u4
        doc: |
          Request ID.
          The Request ID of the SIDR_REQ answered.
        doc-ref: IBA volume 1 section 12.11
      - id: status
        type: u1
        doc: |
          Status.
          0 the QP is valid, 1 the Service ID is not supported, 2 the service provider rejected the request, 3 no QP is available, 4 the Service ID is redirected, 5 the class version is not supported.
        doc-ref: IBA volume 1 section 12.11
      - id: additional_information_length
        type: u1
        doc: |
          Additional Information Length.
          Octets of Additional Information that hold something.
        doc-ref: IBA volume 1 section 12.11
      - id: reserved_1
        type: u2
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.11
      - id: qpn
        type: b24
        doc: |
          QPN.
          The datagram queue pair that serves the Service ID.
        doc-ref: IBA volume 1 section 12.11
      - id: reserved_2
        type: b8
        doc: |
          Reserved.
          Zero.
        doc-ref: IBA volume 1 section 12.11
      - id: service_id
        type: u8
        doc: |
          Service ID.
          The Service ID of the request.
        doc-ref: IBA volume 1 section 12.11
      - id: q_key
        type: u4
        doc: |
          Q_Key.
          The Q_Key the datagrams to that queue pair carry.
        doc-ref: IBA volume 1 section 12.11
      - id: additional_information
        size: 72
        doc: |
          Additional Information.
          72 octets whose meaning depends on the status (a redirection's class port information).
        doc-ref: IBA volume 1 section 12.11
      - id: private_data
        size: 136
        doc: |
          Private Data.
          136 octets of the responder's consumer.
        doc-ref: IBA volume 1 section 12.11
  ip_cm_private_data:
    doc: |
      RDMA IP CM Service private data header (36 octets), at the start of a
      ConnectRequest's private data; the consumer's own data follows.
    doc-ref: Annex A11 section A11.6.1
    seq:
      - id: major_version
        type: b4
        doc: |
          IP CM Major Version.
          0.
        doc-ref: Annex A11 section A11.6.1
      - id: minor_version
        type: b4
        doc: |
          IP CM Minor Version.
          0.
        doc-ref: Annex A11 section A11.6.1
      - id: ip_version
        type: b4
        doc: |
          IP Version.
          4 or 6.
        doc-ref: Annex A11 section A11.6.1
      - id: reserved
        type: b4
        doc: |
          Reserved.
          Zero.
        doc-ref: Annex A11 section A11.6.1
      - id: source_port
        type: u2
        doc: |
          Source Port.
          The active side's port.
        doc-ref: Annex A11 section A11.6.1
      - id: source_ip
        size: 16
        doc: |
          Source IP.
          The active side's address (IPv4 in the last four octets).
        doc-ref: Annex A11 section A11.6.1
      - id: destination_ip
        size: 16
        doc: |
          Destination IP.
          The passive side's address (IPv4 in the last four octets).
        doc-ref: Annex A11 section A11.6.1
