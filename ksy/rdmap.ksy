meta:
  id: rdmap_header
  endian: be
seq:
  - id: key
    size: 16
