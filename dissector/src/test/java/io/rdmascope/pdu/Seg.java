package io.rdmascope.pdu;

import java.io.ByteArrayOutputStream;

/** Builds DDP segments octet by octet from the RFC 5041 / RFC 5040 / RFC 7306 layouts. */
final class Seg {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static Seg tagged(boolean last, int opcode, long stag, long to) {
        Seg s = new Seg();
        s.u1(0x80 | (last ? 0x40 : 0) | 0x01).u1(0x40 | opcode).u4(stag).u8(to);
        return s;
    }

    static Seg untagged(int ddpFlags, int opcode, long inval, long qn, long msn, long mo) {
        Seg s = new Seg();
        s.u1(ddpFlags | 0x01).u1(0x40 | opcode).u4(inval).u4(qn).u4(msn).u4(mo);
        return s;
    }

    Seg u1(int v) {
        out.write(v & 0xff);
        return this;
    }

    Seg u2(int v) {
        return u1(v >> 8).u1(v);
    }

    Seg u4(long v) {
        return u1((int) (v >> 24)).u1((int) (v >> 16)).u1((int) (v >> 8)).u1((int) v);
    }

    Seg u8(long v) {
        return u4(v >>> 32).u4(v);
    }

    Seg bytes(int n, int fill) {
        for (int i = 0; i < n; i++) {
            u1(fill);
        }
        return this;
    }

    byte[] build() {
        return out.toByteArray();
    }
}
