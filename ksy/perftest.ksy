meta:
  id: perftest
  endian: be
doc: |
  Placeholder; the layout is being written.
seq:
  - id: placeholder
    type: u1
