meta:
  id: onc_rpc
  title: ONC RPC version 2 message header (RFC 5531)
  endian: be
doc: |
  The header of an ONC RPC message: the XID and message type, then the
  call header (RPC version, program, version, procedure, credential and
  verifier) or the reply header (accepted with its accept_stat, or denied
  with its reject_stat). A call's procedure arguments follow its header, a
  reply's results follow an accepted SUCCESS; neither is part of this spec.

  Opaque data is XDR-encoded: a length word, the octets, then zero octets
  up to the next multiple of four.
doc-ref: RFC 5531 section 9
seq:
  - id: xid
    type: u4
    doc: |
      Transaction ID.
      xid: chosen by the caller and returned in the reply, which it pairs
      with its call.
    doc-ref: RFC 5531 section 9
  - id: msg_type
    type: u4
    enum: msg_type
    doc: |
      Message type.
      mtype: CALL (0) or REPLY (1).
    doc-ref: RFC 5531 section 9
  - id: call
    type: call_body
    if: msg_type == msg_type::call
    doc: |
      Call header.
      cbody.
    doc-ref: RFC 5531 section 9
  - id: reply
    type: reply_body
    if: msg_type == msg_type::reply
    doc: |
      Reply header.
      rbody.
    doc-ref: RFC 5531 section 9
types:
  call_body:
    doc: |
      Call header.
      call_body, up to where the procedure-specific parameters start.
    doc-ref: RFC 5531 section 9
    seq:
      - id: rpcvers
        type: u4
        doc: |
          RPC version.
          rpcvers: 2.
        doc-ref: RFC 5531 section 9
      - id: prog
        type: u4
        doc: |
          Program.
          prog: the remote program (100003 for NFS).
        doc-ref: RFC 5531 section 9
      - id: vers
        type: u4
        doc: |
          Program version.
          vers.
        doc-ref: RFC 5531 section 9
      - id: proc
        type: u4
        doc: |
          Procedure.
          proc: the procedure within the program and version; procedure 0
          is NULL by convention.
        doc-ref: RFC 5531 section 9
      - id: cred
        type: opaque_auth(true)
        doc: |
          Credential.
          cred: who the caller says it is.
        doc-ref: RFC 5531 section 8
      - id: verf
        type: opaque_auth(false)
        doc: |
          Verifier.
          verf: what backs the credential.
        doc-ref: RFC 5531 section 8
  opaque_auth:
    doc: |
      Authentication data.
      opaque_auth: a flavor and up to 400 octets of opaque body.
    doc-ref: RFC 5531 section 8
    params:
      - id: is_credential
        type: bool
        doc: |
          Credential.
          True for the call's credential, whose RPCSEC_GSS body is decoded.
    seq:
      - id: flavor
        type: u4
        enum: auth_flavor
        doc: |
          Flavor.
          The authentication flavor.
        doc-ref: RFC 5531 section 8
      - id: body_length
        type: u4
        doc: |
          Body length.
          Octets of the body, without XDR padding.
      - id: body
        size: body_length
        type:
          switch-on: is_credential and flavor == auth_flavor::rpcsec_gss
          cases:
            true: rpcsec_gss_cred
        doc: |
          Body.
          The flavor's data; decoded for an RPCSEC_GSS credential.
      - id: pad
        size: (4 - body_length % 4) % 4
        doc: |
          Padding.
          XDR padding to a multiple of four octets.
        doc-ref: RFC 4506 section 4.10
  rpcsec_gss_cred:
    doc: |
      RPCSEC_GSS credential.
      rpc_gss_cred_vers_1_t: the context procedure, sequence number, service
      and context handle.
    doc-ref: RFC 2203 section 5
    seq:
      - id: version
        type: u4
        doc: |
          Version.
          RPCSEC_GSS_VERS_1 (1).
        doc-ref: RFC 2203 section 5
      - id: gss_proc
        type: u4
        enum: rpc_gss_proc
        doc: |
          Control procedure.
          DATA for ordinary calls, else a context operation.
        doc-ref: RFC 2203 section 5
      - id: seq_num
        type: u4
        doc: |
          Sequence number.
          seq_num.
        doc-ref: RFC 2203 section 5
      - id: service
        type: u4
        enum: rpc_gss_service
        doc: |
          Service.
          none, integrity or privacy: how the arguments are wrapped.
        doc-ref: RFC 2203 section 5
  rpc_gss_integ_head:
    doc: |
      Integrity-protected arguments.
      The head of rpc_gss_integ_data under RPCSEC_GSS integrity:
      databody_integ's length word and the sequence number it begins with;
      the procedure arguments follow, then the checksum.
    doc-ref: RFC 2203 section 5
    seq:
      - id: databody_length
        type: u4
        doc: |
          Data body length.
          Octets of the sequence number and the arguments.
      - id: seq_num
        type: u4
        doc: |
          Sequence number.
          Must equal the credential's seq_num.
  reply_body:
    doc: |
      Reply header.
      reply_body: accepted or denied.
    doc-ref: RFC 5531 section 9
    seq:
      - id: stat
        type: u4
        enum: reply_stat
        doc: |
          Reply status.
          reply_stat: MSG_ACCEPTED or MSG_DENIED.
        doc-ref: RFC 5531 section 9
      - id: accepted
        type: accepted_reply
        if: stat == reply_stat::msg_accepted
        doc: |
          Accepted reply.
          areply.
      - id: rejected
        type: rejected_reply
        if: stat == reply_stat::msg_denied
        doc: |
          Rejected reply.
          rreply.
  accepted_reply:
    doc: |
      Accepted reply.
      accepted_reply: the server's verifier and whether the call ran.
    doc-ref: RFC 5531 section 9
    seq:
      - id: verf
        type: opaque_auth(false)
        doc: |
          Verifier.
          The server's verifier.
      - id: stat
        type: u4
        enum: accept_stat
        doc: |
          Accept status.
          accept_stat: SUCCESS, or why the call was not run.
        doc-ref: RFC 5531 section 9
      - id: mismatch_low
        type: u4
        if: stat == accept_stat::prog_mismatch
        doc: |
          Lowest version.
          The lowest version of the program the server supports.
      - id: mismatch_high
        type: u4
        if: stat == accept_stat::prog_mismatch
        doc: |
          Highest version.
          The highest version of the program the server supports.
  rejected_reply:
    doc: |
      Rejected reply.
      rejected_reply: an RPC version mismatch or an authentication error.
    doc-ref: RFC 5531 section 9
    seq:
      - id: stat
        type: u4
        enum: reject_stat
        doc: |
          Reject status.
          reject_stat.
        doc-ref: RFC 5531 section 9
      - id: mismatch_low
        type: u4
        if: stat == reject_stat::rpc_mismatch
        doc: |
          Lowest RPC version.
          The lowest RPC version the server supports.
      - id: mismatch_high
        type: u4
        if: stat == reject_stat::rpc_mismatch
        doc: |
          Highest RPC version.
          The highest RPC version the server supports.
      - id: auth_stat
        type: u4
        enum: auth_stat
        if: stat == reject_stat::auth_error
        doc: |
          Authentication status.
          Why the credential or verifier was refused.
        doc-ref: RFC 5531 section 9
enums:
  msg_type:
    0: call
    1: reply
  reply_stat:
    0: msg_accepted
    1: msg_denied
  accept_stat:
    0:
      id: success
      doc: SUCCESS, the call ran
    1:
      id: prog_unavail
      doc: PROG_UNAVAIL, the program is not exported
    2:
      id: prog_mismatch
      doc: PROG_MISMATCH, the program version is not supported
    3:
      id: proc_unavail
      doc: PROC_UNAVAIL, the procedure is not supported
    4:
      id: garbage_args
      doc: GARBAGE_ARGS, the arguments could not be decoded
    5:
      id: system_err
      doc: SYSTEM_ERR, the server failed
  reject_stat:
    0:
      id: rpc_mismatch
      doc: RPC_MISMATCH, the RPC version is not 2
    1:
      id: auth_error
      doc: AUTH_ERROR, authentication failed
  auth_stat:
    0: auth_ok
    1: auth_badcred
    2: auth_rejectedcred
    3: auth_badverf
    4: auth_rejectedverf
    5: auth_tooweak
    6: auth_invalidresp
    7: auth_failed
    8: auth_kerb_generic
    9: auth_timeexpire
    10: auth_tkt_file
    11: auth_decode
    12: auth_net_addr
    13: rpcsec_gss_credproblem
    14: rpcsec_gss_ctxproblem
  auth_flavor:
    0: auth_none
    1: auth_sys
    2: auth_short
    3: auth_dh
    6: rpcsec_gss
  rpc_gss_proc:
    0: rpcsec_gss_data
    1: rpcsec_gss_init
    2: rpcsec_gss_continue_init
    3: rpcsec_gss_destroy
  rpc_gss_service:
    1: rpc_gss_svc_none
    2: rpc_gss_svc_integrity
    3: rpc_gss_svc_privacy
