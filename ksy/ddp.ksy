meta:
  id: ddp_segment
  endian: be
seq:
  - id: key
    size: 16
