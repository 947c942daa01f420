meta:
  id: mpa_request_reply
  endian: be
seq:
  - id: key
    size: 16
