meta:
  id: nfs
  title: NFS call arguments, as far as naming a call needs (NFSv3, NFSv4.0 to 4.2 COMPOUND, NFSv4 callback CB_COMPOUND)
  endian: be
doc: |
  What follows the ONC RPC call header (onc_rpc.ksy) of an NFS call, as far
  as naming the call needs. An NFSv3 call is named by its procedure number
  alone (enum nfs3_proc). An NFSv4 COMPOUND (procedure 1 of program 100003,
  version 4) is named by its operations: the COMPOUND4args head (tag,
  minor version, number of operations), then that many nfs_argop4, each an
  operation number and its arguments. The arguments of an operation are
  decoded only to step over them to the next operation; an operation whose
  arguments are not described here (not_stepped_over) ends what can be
  named. The callback program's CB_COMPOUND (procedure 1) is read the same
  way, with nfs_cb_argop4.

  The operations are read one at a time from the end of the head, so that
  the operations before one that cannot be stepped over, or before the end
  of the octets at hand, are still named.

  Over RPC-over-RDMA a call's DDP-eligible data item (the data of WRITE, the
  link text of CREATE, the value of SETXATTR) may have been moved to a read
  chunk: its length word stays inline, its octets and XDR padding do not.
  The parameter read_chunk_at is the offset from the start of the RPC
  message at which the next read chunk's data was taken out of the inline
  stream (0xffffffff for none), so that such an item is read only when it is
  there.

  XDR opaque and string data are a length word, the octets, then zero
  octets up to the next multiple of four; an XDR array is a count, then the
  elements; an XDR boolean is a word, 0 or 1.
doc-ref: RFC 1813 section 3, RFC 7530 section 16, RFC 8881 sections 16 and 18, RFC 7862 section 15, RFC 8166 section 3.4.5
types:
  compound4args_head:
    doc: |
      COMPOUND arguments, head.
      COMPOUND4args up to its argarray: the operations follow as numops
      nfs_argop4.
    doc-ref: RFC 8881 section 16.2.1, RFC 7530 section 15.2.1
    seq:
      - id: tag
        type: xdr_opaque
        doc: |
          Tag.
          A string the client chooses, returned in the reply.
      - id: minorversion
        type: u4
        doc: |
          Minor version.
          0 for NFSv4.0, 1 for NFSv4.1, 2 for NFSv4.2.
      - id: numops
        type: u4
        doc: |
          Number of operations.
          The count of the argarray.
  cb_compound4args_head:
    doc: |
      CB_COMPOUND arguments, head.
      CB_COMPOUND4args up to its argarray: the operations follow as numops
      nfs_cb_argop4.
    doc-ref: RFC 8881 section 19.2, RFC 7530 section 17.2
    seq:
      - id: tag
        type: xdr_opaque
        doc: |
          Tag.
          A string the server chooses.
      - id: minorversion
        type: u4
        doc: |
          Minor version.
          0 for NFSv4.0, 1 for NFSv4.1, 2 for NFSv4.2.
      - id: callback_ident
        type: u4
        doc: |
          Callback identifier.
          The client's callback_ident (NFSv4.0); ignored in NFSv4.1.
      - id: numops
        type: u4
        doc: |
          Number of operations.
          The count of the argarray.
  nfs_argop4:
    doc: |
      COMPOUND operation.
      nfs_argop4: the operation number, then its arguments.
    doc-ref: RFC 8881 section 16.2.1
    params:
      - id: read_chunk_at
        type: u4
        doc: |
          Read chunk position.
          Offset from the start of the RPC message where the next read chunk's
          data was taken out, or 0xffffffff.
    seq:
      - id: argop
        type: u4
        enum: nfs_opnum4
        doc: |
          Operation.
          argop.
      - id: args
        doc: |
          Arguments.
          The operation's arguments: no_args for those that take none,
          not_stepped_over for those not described here.
        type:
          switch-on: argop
          cases:
            nfs_opnum4::access: access4args
            nfs_opnum4::close: close4args
            nfs_opnum4::commit: commit4args
            nfs_opnum4::create: create4args(read_chunk_at)
            nfs_opnum4::delegpurge: clientid4
            nfs_opnum4::delegreturn: stateid4
            nfs_opnum4::getattr: bitmap4
            nfs_opnum4::getfh: no_args
            nfs_opnum4::link: xdr_opaque
            nfs_opnum4::lock: lock4args
            nfs_opnum4::lockt: lockt4args
            nfs_opnum4::locku: locku4args
            nfs_opnum4::lookup: xdr_opaque
            nfs_opnum4::lookupp: no_args
            nfs_opnum4::nverify: fattr4
            nfs_opnum4::open: open4args
            nfs_opnum4::openattr: xdr_bool
            nfs_opnum4::open_confirm: open_confirm4args
            nfs_opnum4::open_downgrade: open_downgrade4args
            nfs_opnum4::putfh: xdr_opaque
            nfs_opnum4::putpubfh: no_args
            nfs_opnum4::putrootfh: no_args
            nfs_opnum4::read: read4args
            nfs_opnum4::readdir: readdir4args
            nfs_opnum4::readlink: no_args
            nfs_opnum4::remove: xdr_opaque
            nfs_opnum4::rename: rename4args
            nfs_opnum4::renew: clientid4
            nfs_opnum4::restorefh: no_args
            nfs_opnum4::savefh: no_args
            nfs_opnum4::secinfo: xdr_opaque
            nfs_opnum4::setattr: setattr4args
            nfs_opnum4::setclientid: setclientid4args
            nfs_opnum4::setclientid_confirm: setclientid_confirm4args
            nfs_opnum4::verify: fattr4
            nfs_opnum4::write: write4args(read_chunk_at)
            nfs_opnum4::release_lockowner: state_owner4
            nfs_opnum4::backchannel_ctl: backchannel_ctl4args
            nfs_opnum4::bind_conn_to_session: bind_conn_to_session4args
            nfs_opnum4::exchange_id: exchange_id4args
            nfs_opnum4::create_session: create_session4args
            nfs_opnum4::destroy_session: sessionid4
            nfs_opnum4::free_stateid: stateid4
            nfs_opnum4::get_dir_delegation: get_dir_delegation4args
            nfs_opnum4::getdeviceinfo: getdeviceinfo4args
            nfs_opnum4::getdevicelist: getdevicelist4args
            nfs_opnum4::layoutcommit: layoutcommit4args
            nfs_opnum4::layoutget: layoutget4args
            nfs_opnum4::layoutreturn: layoutreturn4args
            nfs_opnum4::secinfo_no_name: u4
            nfs_opnum4::sequence: sequence4args
            nfs_opnum4::set_ssv: set_ssv4args
            nfs_opnum4::test_stateid: test_stateid4args
            nfs_opnum4::want_delegation: want_delegation4args
            nfs_opnum4::destroy_clientid: clientid4
            nfs_opnum4::reclaim_complete: xdr_bool
            nfs_opnum4::allocate: stateid_range4args
            nfs_opnum4::deallocate: stateid_range4args
            nfs_opnum4::io_advise: io_advise4args
            nfs_opnum4::offload_cancel: stateid4
            nfs_opnum4::offload_status: stateid4
            nfs_opnum4::read_plus: read4args
            nfs_opnum4::seek: seek4args
            nfs_opnum4::clone: clone4args
            nfs_opnum4::getxattr: xdr_opaque
            nfs_opnum4::setxattr: setxattr4args(read_chunk_at)
            nfs_opnum4::listxattrs: listxattrs4args
            nfs_opnum4::removexattr: xdr_opaque
            nfs_opnum4::illegal: no_args
            _: not_stepped_over
  nfs_cb_argop4:
    doc: |
      CB_COMPOUND operation.
      nfs_cb_argop4: the callback operation number, then its arguments.
    doc-ref: RFC 8881 section 19.2
    seq:
      - id: argop
        type: u4
        enum: nfs_cb_opnum4
        doc: |
          Operation.
          argop.
      - id: args
        doc: |
          Arguments.
          The operation's arguments, not_stepped_over for those not
          described here.
        type:
          switch-on: argop
          cases:
            nfs_cb_opnum4::cb_getattr: cb_getattr4args
            nfs_cb_opnum4::cb_recall: cb_recall4args
            nfs_cb_opnum4::cb_layoutrecall: cb_layoutrecall4args
            nfs_cb_opnum4::cb_notify: cb_notify4args
            nfs_cb_opnum4::cb_recall_any: cb_recall_any4args
            nfs_cb_opnum4::cb_recallable_obj_avail: cb_recall_any4args
            nfs_cb_opnum4::cb_recall_slot: u4
            nfs_cb_opnum4::cb_sequence: cb_sequence4args
            nfs_cb_opnum4::cb_wants_cancelled: cb_wants_cancelled4args
            nfs_cb_opnum4::cb_notify_lock: cb_notify_lock4args
            nfs_cb_opnum4::cb_notify_deviceid: notify4_list
            nfs_cb_opnum4::cb_offload: cb_offload4args
            nfs_cb_opnum4::cb_illegal: no_args
            _: not_stepped_over
  no_args:
    doc: |
      No arguments.
      The operation takes none.
    seq: []
  not_stepped_over:
    doc: |
      Arguments not described.
      The operation's arguments are not described here, so the operations
      after it cannot be found.
    seq: []

  # XDR building blocks
  xdr_opaque:
    doc: |
      Variable-length opaque data.
      opaque<> and string<>: utf8str_cs, component4, nfs_fh4, linktext4,
      sec_oid4.
    doc-ref: RFC 4506 sections 4.10 and 4.11
    seq:
      - id: len_data
        type: u4
        doc: |
          Length.
          Octets of data, without XDR padding.
      - id: data
        type: xdr_opaque_body(len_data)
        doc: |
          Data.
          The octets and their padding.
  xdr_opaque_body:
    doc: |
      Opaque octets.
      The octets of variable-length opaque data whose length word was read
      before, and their XDR padding.
    doc-ref: RFC 4506 section 4.10
    params:
      - id: len_data
        type: u4
    seq:
      - id: data
        size: len_data
      - id: pad
        size: (4 - len_data % 4) % 4
  xdr_bool:
    doc: |
      Boolean.
      An XDR boolean word (openattr's createdir, reclaim_complete's one_fs).
    doc-ref: RFC 4506 section 4.4
    seq:
      - id: value
        type: u4
  xdr_opaque_array:
    doc: |
      Array of opaque data.
      A count, then that many opaque items (sec_oid4<>, notify lists).
    seq:
      - id: num_items
        type: u4
      - id: items
        type: xdr_opaque
        repeat: expr
        repeat-expr: num_items
  u4_array:
    doc: |
      Array of unsigned words.
      A count, then that many 32-bit words (bitmap4, gids, rdma_ird).
    seq:
      - id: num_words
        type: u4
      - id: words
        type: u4
        repeat: expr
        repeat-expr: num_words
  bitmap4:
    doc: |
      Attribute bitmap.
      bitmap4: a counted array of 32-bit words.
    doc-ref: RFC 8881 section 3
    seq:
      - id: words
        type: u4_array
  fattr4:
    doc: |
      Attributes.
      fattr4: the bitmap of attributes, then their values as opaque data.
    doc-ref: RFC 8881 section 3
    seq:
      - id: attrmask
        type: bitmap4
      - id: attr_vals
        type: xdr_opaque
  stateid4:
    doc: |
      State ID.
      stateid4: a sequence number and 12 opaque octets.
    doc-ref: RFC 8881 section 3
    seq:
      - id: seqid
        type: u4
      - id: other
        size: 12
  clientid4:
    doc: |
      Client ID.
      clientid4: 64 bits.
    doc-ref: RFC 8881 section 3
    seq:
      - id: clientid
        type: u8
  sessionid4:
    doc: |
      Session ID.
      sessionid4: 16 opaque octets.
    doc-ref: RFC 8881 section 3
    seq:
      - id: sessionid
        size: 16
  nfstime4:
    doc: |
      Time.
      nfstime4: seconds and nanoseconds.
    doc-ref: RFC 8881 section 3
    seq:
      - id: seconds
        type: s8
      - id: nseconds
        type: u4
  state_owner4:
    doc: |
      State owner.
      state_owner4 (open_owner4, lock_owner4): client ID and owner.
    doc-ref: RFC 8881 section 3
    seq:
      - id: clientid
        type: u8
      - id: owner
        type: xdr_opaque

  # NFSv4.0 and NFSv4.1 operations (RFC 8881 section 18, RFC 7530 section 16)
  access4args:
    doc-ref: RFC 8881 section 18.1
    seq:
      - id: access
        type: u4
  close4args:
    doc-ref: RFC 8881 section 18.2
    seq:
      - id: seqid
        type: u4
      - id: open_stateid
        type: stateid4
  commit4args:
    doc-ref: RFC 8881 section 18.3
    seq:
      - id: offset
        type: u8
      - id: count
        type: u4
  create4args:
    doc-ref: RFC 8881 section 18.4
    params:
      - id: read_chunk_at
        type: u4
    seq:
      - id: objtype
        type: createtype4(read_chunk_at)
      - id: objname
        type: xdr_opaque
      - id: createattrs
        type: fattr4
  createtype4:
    doc: |
      Object type to create.
      createtype4: a symbolic link carries its text, a device its numbers.
    doc-ref: RFC 8881 section 18.4.1
    params:
      - id: read_chunk_at
        type: u4
    seq:
      - id: type
        type: u4
      - id: len_linkdata
        type: u4
        if: type == 5
        doc: |
          Link text length.
          NF4LNK: octets of linkdata.
      - id: linkdata
        type: xdr_opaque_body(len_linkdata)
        if: type == 5 and _io.pos != read_chunk_at
        doc: |
          Link text.
          NF4LNK: inline unless moved to a read chunk.
      - id: specdata
        type: u4
        repeat: expr
        repeat-expr: 2
        if: type == 3 or type == 4
        doc: |
          Device numbers.
          NF4BLK, NF4CHR: specdata4.
  lock4args:
    doc-ref: RFC 8881 section 18.10
    seq:
      - id: locktype
        type: u4
      - id: reclaim
        type: u4
      - id: offset
        type: u8
      - id: length
        type: u8
      - id: new_lock_owner
        type: u4
        valid:
          max: 1
      - id: open_owner
        type: open_to_lock_owner4
        if: new_lock_owner == 1
      - id: lock_owner
        type: exist_lock_owner4
        if: new_lock_owner == 0
  open_to_lock_owner4:
    doc-ref: RFC 8881 section 18.10.1
    seq:
      - id: open_seqid
        type: u4
      - id: open_stateid
        type: stateid4
      - id: lock_seqid
        type: u4
      - id: lock_owner
        type: state_owner4
  exist_lock_owner4:
    doc-ref: RFC 8881 section 18.10.1
    seq:
      - id: lock_stateid
        type: stateid4
      - id: lock_seqid
        type: u4
  lockt4args:
    doc-ref: RFC 8881 section 18.11
    seq:
      - id: locktype
        type: u4
      - id: offset
        type: u8
      - id: length
        type: u8
      - id: owner
        type: state_owner4
  locku4args:
    doc-ref: RFC 8881 section 18.12
    seq:
      - id: locktype
        type: u4
      - id: seqid
        type: u4
      - id: lock_stateid
        type: stateid4
      - id: offset
        type: u8
      - id: length
        type: u8
  open4args:
    doc-ref: RFC 8881 section 18.16
    seq:
      - id: seqid
        type: u4
      - id: share_access
        type: u4
      - id: share_deny
        type: u4
      - id: owner
        type: state_owner4
      - id: openhow
        type: openflag4
      - id: claim
        type: open_claim4
  openflag4:
    doc: |
      Open mode.
      openflag4: OPEN4_NOCREATE (0) or OPEN4_CREATE (1) with how to create.
    doc-ref: RFC 8881 section 18.16.1
    seq:
      - id: opentype
        type: u4
        valid:
          max: 1
      - id: how
        type: createhow4
        if: opentype == 1
  createhow4:
    doc: |
      Create mode.
      createhow4: UNCHECKED4 (0) and GUARDED4 (1) carry attributes,
      EXCLUSIVE4 (2) a verifier, EXCLUSIVE4_1 (3) both.
    doc-ref: RFC 8881 section 18.16.1
    seq:
      - id: mode
        type: u4
        valid:
          max: 3
      - id: createverf
        size: 8
        if: mode >= 2
      - id: createattrs
        type: fattr4
        if: mode != 2
  open_claim4:
    doc: |
      Open claim.
      open_claim4: what the open names (a name, the current file handle, a
      delegation being reclaimed or used).
    doc-ref: RFC 8881 section 18.16.1
    seq:
      - id: claim
        type: u4
        valid:
          max: 6
      - id: delegate_type
        type: u4
        if: claim == 1
        doc: CLAIM_PREVIOUS
      - id: delegate_stateid
        type: stateid4
        if: claim == 2 or claim == 5
        doc: CLAIM_DELEGATE_CUR, CLAIM_DELEG_CUR_FH
      - id: file
        type: xdr_opaque
        if: claim == 0 or claim == 2 or claim == 3
        doc: CLAIM_NULL, CLAIM_DELEGATE_CUR, CLAIM_DELEGATE_PREV
  open_confirm4args:
    doc-ref: RFC 7530 section 16.18
    seq:
      - id: open_stateid
        type: stateid4
      - id: seqid
        type: u4
  open_downgrade4args:
    doc-ref: RFC 8881 section 18.18
    seq:
      - id: open_stateid
        type: stateid4
      - id: seqid
        type: u4
      - id: share_access
        type: u4
      - id: share_deny
        type: u4
  read4args:
    doc-ref: RFC 8881 section 18.22, RFC 7862 section 15.10
    seq:
      - id: stateid
        type: stateid4
      - id: offset
        type: u8
      - id: count
        type: u4
  readdir4args:
    doc-ref: RFC 8881 section 18.23
    seq:
      - id: cookie
        type: u8
      - id: cookieverf
        size: 8
      - id: dircount
        type: u4
      - id: maxcount
        type: u4
      - id: attr_request
        type: bitmap4
  rename4args:
    doc-ref: RFC 8881 section 18.26
    seq:
      - id: oldname
        type: xdr_opaque
      - id: newname
        type: xdr_opaque
  setattr4args:
    doc-ref: RFC 8881 section 18.30
    seq:
      - id: stateid
        type: stateid4
      - id: obj_attributes
        type: fattr4
  setclientid4args:
    doc-ref: RFC 7530 section 16.33
    seq:
      - id: verifier
        size: 8
      - id: id
        type: xdr_opaque
      - id: cb_program
        type: u4
        doc: |
          Callback program.
          The program number of the client's callback service.
      - id: cb_netid
        type: xdr_opaque
      - id: cb_addr
        type: xdr_opaque
      - id: callback_ident
        type: u4
  setclientid_confirm4args:
    doc-ref: RFC 7530 section 16.34
    seq:
      - id: clientid
        type: u8
      - id: verifier
        size: 8
  write4args:
    doc-ref: RFC 8881 section 18.32, RFC 8267
    params:
      - id: read_chunk_at
        type: u4
    seq:
      - id: stateid
        type: stateid4
      - id: offset
        type: u8
      - id: stable
        type: u4
      - id: len_data
        type: u4
        doc: |
          Data length.
          Octets to write.
      - id: data
        type: xdr_opaque_body(len_data)
        if: _io.pos != read_chunk_at
        doc: |
          Data.
          Inline unless moved to a read chunk.
  backchannel_ctl4args:
    doc-ref: RFC 8881 section 18.33
    seq:
      - id: cb_program
        type: u4
        doc: |
          Callback program.
          The program number of the client's callback service.
      - id: num_sec_parms
        type: u4
      - id: sec_parms
        type: callback_sec_parms4
        repeat: expr
        repeat-expr: num_sec_parms
  callback_sec_parms4:
    doc: |
      Callback security.
      callback_sec_parms4: AUTH_NONE, AUTH_SYS with its parameters, or
      RPCSEC_GSS with its handles.
    doc-ref: RFC 8881 section 18.36
    seq:
      - id: flavor
        type: u4
        valid:
          any-of: [0, 1, 6]
      - id: sys_cred
        type: authsys_parms
        if: flavor == 1
      - id: gss_service
        type: u4
        if: flavor == 6
      - id: gss_handle_from_server
        type: xdr_opaque
        if: flavor == 6
      - id: gss_handle_from_client
        type: xdr_opaque
        if: flavor == 6
  authsys_parms:
    doc-ref: RFC 5531 appendix A
    seq:
      - id: stamp
        type: u4
      - id: machinename
        type: xdr_opaque
      - id: uid
        type: u4
      - id: gid
        type: u4
      - id: gids
        type: u4_array
  bind_conn_to_session4args:
    doc-ref: RFC 8881 section 18.34
    seq:
      - id: sessid
        size: 16
      - id: dir
        type: u4
      - id: use_conn_in_rdma_mode
        type: u4
  exchange_id4args:
    doc-ref: RFC 8881 section 18.35
    seq:
      - id: verifier
        size: 8
      - id: ownerid
        type: xdr_opaque
      - id: flags
        type: u4
      - id: state_protect
        type: state_protect4_a
      - id: num_client_impl_id
        type: u4
      - id: client_impl_id
        type: nfs_impl_id4
        repeat: expr
        repeat-expr: num_client_impl_id
  state_protect4_a:
    doc-ref: RFC 8881 section 18.35
    seq:
      - id: how
        type: u4
        valid:
          max: 2
      - id: must_enforce
        type: bitmap4
        if: how != 0
      - id: must_allow
        type: bitmap4
        if: how != 0
      - id: hash_algs
        type: xdr_opaque_array
        if: how == 2
      - id: encr_algs
        type: xdr_opaque_array
        if: how == 2
      - id: window
        type: u4
        if: how == 2
      - id: num_gss_handles
        type: u4
        if: how == 2
  nfs_impl_id4:
    doc-ref: RFC 8881 section 18.35
    seq:
      - id: domain
        type: xdr_opaque
      - id: name
        type: xdr_opaque
      - id: date
        type: nfstime4
  create_session4args:
    doc-ref: RFC 8881 section 18.36
    seq:
      - id: clientid
        type: u8
      - id: sequence
        type: u4
      - id: flags
        type: u4
      - id: fore_chan_attrs
        type: channel_attrs4
      - id: back_chan_attrs
        type: channel_attrs4
      - id: cb_program
        type: u4
        doc: |
          Callback program.
          The program number of the client's callback service on the
          session's backchannel.
      - id: num_sec_parms
        type: u4
      - id: sec_parms
        type: callback_sec_parms4
        repeat: expr
        repeat-expr: num_sec_parms
  channel_attrs4:
    doc-ref: RFC 8881 section 18.36
    seq:
      - id: headerpadsize
        type: u4
      - id: maxrequestsize
        type: u4
      - id: maxresponsesize
        type: u4
      - id: maxresponsesize_cached
        type: u4
      - id: maxoperations
        type: u4
      - id: maxrequests
        type: u4
      - id: rdma_ird
        type: u4_array
  get_dir_delegation4args:
    doc-ref: RFC 8881 section 18.39
    seq:
      - id: signal_deleg_avail
        type: u4
      - id: notification_types
        type: bitmap4
      - id: child_attr_delay
        type: nfstime4
      - id: dir_attr_delay
        type: nfstime4
      - id: child_attributes
        type: bitmap4
      - id: dir_attributes
        type: bitmap4
  getdeviceinfo4args:
    doc-ref: RFC 8881 section 18.40
    seq:
      - id: device_id
        size: 16
      - id: layout_type
        type: u4
      - id: maxcount
        type: u4
      - id: notify_types
        type: bitmap4
  getdevicelist4args:
    doc-ref: RFC 8881 section 18.41
    seq:
      - id: layout_type
        type: u4
      - id: maxdevices
        type: u4
      - id: cookie
        type: u8
      - id: cookieverf
        size: 8
  layoutcommit4args:
    doc-ref: RFC 8881 section 18.42
    seq:
      - id: offset
        type: u8
      - id: length
        type: u8
      - id: reclaim
        type: u4
      - id: stateid
        type: stateid4
      - id: newoffset
        type: u4
        valid:
          max: 1
      - id: last_write_offset
        type: u8
        if: newoffset == 1
      - id: timechanged
        type: u4
        valid:
          max: 1
      - id: time_modify
        type: nfstime4
        if: timechanged == 1
      - id: layoutupdate_type
        type: u4
      - id: layoutupdate_body
        type: xdr_opaque
  layoutget4args:
    doc-ref: RFC 8881 section 18.43
    seq:
      - id: signal_layout_avail
        type: u4
      - id: layout_type
        type: u4
      - id: iomode
        type: u4
      - id: offset
        type: u8
      - id: length
        type: u8
      - id: minlength
        type: u8
      - id: stateid
        type: stateid4
      - id: maxcount
        type: u4
  layoutreturn4args:
    doc-ref: RFC 8881 section 18.44
    seq:
      - id: reclaim
        type: u4
      - id: layout_type
        type: u4
      - id: iomode
        type: u4
      - id: returntype
        type: u4
        valid:
          min: 1
          max: 3
        doc: LAYOUTRETURN4_FILE (1), _FSID (2), _ALL (3)
      - id: offset
        type: u8
        if: returntype == 1
      - id: length
        type: u8
        if: returntype == 1
      - id: stateid
        type: stateid4
        if: returntype == 1
      - id: body
        type: xdr_opaque
        if: returntype == 1
  sequence4args:
    doc-ref: RFC 8881 section 18.46
    seq:
      - id: sessionid
        size: 16
      - id: sequenceid
        type: u4
      - id: slotid
        type: u4
      - id: highest_slotid
        type: u4
      - id: cachethis
        type: u4
  set_ssv4args:
    doc-ref: RFC 8881 section 18.47
    seq:
      - id: ssv
        type: xdr_opaque
      - id: digest
        type: xdr_opaque
  test_stateid4args:
    doc-ref: RFC 8881 section 18.48
    seq:
      - id: num_stateids
        type: u4
      - id: stateids
        type: stateid4
        repeat: expr
        repeat-expr: num_stateids
  want_delegation4args:
    doc-ref: RFC 8881 section 18.49
    seq:
      - id: want
        type: u4
      - id: claim
        type: u4
        valid:
          any-of: [1, 4, 6]
        doc: CLAIM_PREVIOUS (1), CLAIM_FH (4), CLAIM_DELEG_PREV_FH (6)
      - id: delegate_type
        type: u4
        if: claim == 1

  # NFSv4.2 operations (RFC 7862 section 15, RFC 8276 section 8)
  stateid_range4args:
    doc: |
      State ID and range.
      ALLOCATE4args, DEALLOCATE4args.
    doc-ref: RFC 7862 sections 15.1 and 15.4
    seq:
      - id: stateid
        type: stateid4
      - id: offset
        type: u8
      - id: length
        type: u8
  io_advise4args:
    doc-ref: RFC 7862 section 15.5
    seq:
      - id: stateid
        type: stateid4
      - id: offset
        type: u8
      - id: count
        type: u8
      - id: hints
        type: bitmap4
  seek4args:
    doc-ref: RFC 7862 section 15.11
    seq:
      - id: stateid
        type: stateid4
      - id: offset
        type: u8
      - id: what
        type: u4
  clone4args:
    doc-ref: RFC 7862 section 15.13
    seq:
      - id: src_stateid
        type: stateid4
      - id: dst_stateid
        type: stateid4
      - id: src_offset
        type: u8
      - id: dst_offset
        type: u8
      - id: count
        type: u8
  setxattr4args:
    doc-ref: RFC 8276 section 8.4.2
    params:
      - id: read_chunk_at
        type: u4
    seq:
      - id: option
        type: u4
      - id: key
        type: xdr_opaque
      - id: len_value
        type: u4
      - id: value
        type: xdr_opaque_body(len_value)
        if: _io.pos != read_chunk_at
  listxattrs4args:
    doc-ref: RFC 8276 section 8.4.3
    seq:
      - id: cookie
        type: u8
      - id: maxcount
        type: u4

  # Callback operations (RFC 8881 section 20, RFC 7862 section 16)
  cb_getattr4args:
    doc-ref: RFC 8881 section 20.1
    seq:
      - id: fh
        type: xdr_opaque
      - id: attr_request
        type: bitmap4
  cb_recall4args:
    doc-ref: RFC 8881 section 20.2
    seq:
      - id: stateid
        type: stateid4
      - id: truncate
        type: u4
      - id: fh
        type: xdr_opaque
  cb_layoutrecall4args:
    doc-ref: RFC 8881 section 20.3
    seq:
      - id: layout_type
        type: u4
      - id: iomode
        type: u4
      - id: changed
        type: u4
      - id: recalltype
        type: u4
        valid:
          min: 1
          max: 3
        doc: LAYOUTRECALL4_FILE (1), _FSID (2), _ALL (3)
      - id: fh
        type: xdr_opaque
        if: recalltype == 1
      - id: offset
        type: u8
        if: recalltype == 1
      - id: length
        type: u8
        if: recalltype == 1
      - id: stateid
        type: stateid4
        if: recalltype == 1
      - id: fsid
        type: u8
        repeat: expr
        repeat-expr: 2
        if: recalltype == 2
  notify4_list:
    doc: |
      Notifications.
      notify4<>: each a bitmap and the notification values as opaque data.
    doc-ref: RFC 8881 section 20.4
    seq:
      - id: num_changes
        type: u4
      - id: changes
        type: notify4
        repeat: expr
        repeat-expr: num_changes
  notify4:
    doc-ref: RFC 8881 section 20.4
    seq:
      - id: mask
        type: bitmap4
      - id: vals
        type: xdr_opaque
  cb_notify4args:
    doc-ref: RFC 8881 section 20.4
    seq:
      - id: stateid
        type: stateid4
      - id: fh
        type: xdr_opaque
      - id: changes
        type: notify4_list
  cb_recall_any4args:
    doc-ref: RFC 8881 sections 20.6 and 20.7
    seq:
      - id: objects_to_keep
        type: u4
      - id: type_mask
        type: bitmap4
  cb_sequence4args:
    doc-ref: RFC 8881 section 20.9
    seq:
      - id: sessionid
        size: 16
      - id: sequenceid
        type: u4
      - id: slotid
        type: u4
      - id: highest_slotid
        type: u4
      - id: cachethis
        type: u4
      - id: num_referring_call_lists
        type: u4
      - id: referring_call_lists
        type: referring_call_list4
        repeat: expr
        repeat-expr: num_referring_call_lists
  referring_call_list4:
    doc-ref: RFC 8881 section 20.9
    seq:
      - id: sessionid
        size: 16
      - id: num_referring_calls
        type: u4
      - id: referring_calls
        size: 8
        repeat: expr
        repeat-expr: num_referring_calls
        doc: referring_call4, a sequence ID and a slot ID
  cb_wants_cancelled4args:
    doc-ref: RFC 8881 section 20.10
    seq:
      - id: contended_wants_cancelled
        type: u4
      - id: resourced_wants_cancelled
        type: u4
  cb_notify_lock4args:
    doc-ref: RFC 8881 section 20.11
    seq:
      - id: fh
        type: xdr_opaque
      - id: lock_owner
        type: state_owner4
  cb_offload4args:
    doc-ref: RFC 7862 section 16.1
    seq:
      - id: fh
        type: xdr_opaque
      - id: stateid
        type: stateid4
      - id: status
        type: u4
        doc: nfsstat4; NFS4_OK (0) is followed by a write_response4, any other by the octets copied
      - id: num_callback_id
        type: u4
        if: status == 0
      - id: callback_id
        type: stateid4
        repeat: expr
        repeat-expr: num_callback_id
        if: status == 0
      - id: count
        type: u8
      - id: committed
        type: u4
        if: status == 0
      - id: writeverf
        size: 8
        if: status == 0
enums:
  nfs3_proc:
    0: "null"
    1: getattr
    2: setattr
    3: lookup
    4: access
    5: readlink
    6: read
    7: write
    8: create
    9: mkdir
    10: symlink
    11: mknod
    12: remove
    13: rmdir
    14: rename
    15: link
    16: readdir
    17: readdirplus
    18: fsstat
    19: fsinfo
    20: pathconf
    21: commit
  nfs_opnum4:
    3: access
    4: close
    5: commit
    6: create
    7: delegpurge
    8: delegreturn
    9: getattr
    10: getfh
    11: link
    12: lock
    13: lockt
    14: locku
    15: lookup
    16: lookupp
    17: nverify
    18: open
    19: openattr
    20: open_confirm
    21: open_downgrade
    22: putfh
    23: putpubfh
    24: putrootfh
    25: read
    26: readdir
    27: readlink
    28: remove
    29: rename
    30: renew
    31: restorefh
    32: savefh
    33: secinfo
    34: setattr
    35: setclientid
    36: setclientid_confirm
    37: verify
    38: write
    39: release_lockowner
    40: backchannel_ctl
    41: bind_conn_to_session
    42: exchange_id
    43: create_session
    44: destroy_session
    45: free_stateid
    46: get_dir_delegation
    47: getdeviceinfo
    48: getdevicelist
    49: layoutcommit
    50: layoutget
    51: layoutreturn
    52: secinfo_no_name
    53: sequence
    54: set_ssv
    55: test_stateid
    56: want_delegation
    57: destroy_clientid
    58: reclaim_complete
    59: allocate
    60: copy
    61: copy_notify
    62: deallocate
    63: io_advise
    64: layouterror
    65: layoutstats
    66: offload_cancel
    67: offload_status
    68: read_plus
    69: seek
    70: write_same
    71: clone
    72: getxattr
    73: setxattr
    74: listxattrs
    75: removexattr
    10044: illegal
  nfs_cb_opnum4:
    3: cb_getattr
    4: cb_recall
    5: cb_layoutrecall
    6: cb_notify
    7: cb_push_deleg
    8: cb_recall_any
    9: cb_recallable_obj_avail
    10: cb_recall_slot
    11: cb_sequence
    12: cb_wants_cancelled
    13: cb_notify_lock
    14: cb_notify_deviceid
    15: cb_offload
    10044: cb_illegal
