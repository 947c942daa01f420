package io.rdmascope.engine;

import io.rdmascope.fields.Hex;
import io.rdmascope.model.StagEntry;

/** The words that violations and narration share for STags, offsets, regions and access rights. */
final class Words {
    /** RFC 6581: an IRD/ORD value of 0x3FFF means none given. */
    static final int IRD_NONE = 0x3FFF;

    private Words() {}

    /** "0x" and 8 hex digits. */
    static String stag(long stag) {
        return Hex.stag(stag);
    }

    /** "0x" and the shortest hex digits. */
    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** "[0x10000+8192, +512)": an access relative to the region it should fall in. */
    static String range(long regionTo, long to, long length) {
        StringBuilder b = new StringBuilder(40).append('[').append(hex(regionTo));
        if (Long.compareUnsigned(to, regionTo) >= 0) {
            b.append('+').append(Long.toUnsignedString(to - regionTo));
        } else {
            b.append('-').append(Long.toUnsignedString(regionTo - to));
        }
        return b.append(", +").append(Long.toUnsignedString(length)).append(')').toString();
    }

    /** "remote write", "remote read", both or neither. */
    static String access(int access) {
        boolean w = (access & StagRules.ACCESS_WRITE) != 0, r = (access & StagRules.ACCESS_READ) != 0;
        return w && r ? "remote write and remote read" : w ? "remote write" : r ? "remote read" : "no remote access";
    }

    /** An IRD or ORD of an MPA revision 2 handshake: its value, "none" or "absent". */
    static String ird(Integer v) {
        return v == null ? "absent" : v >= IRD_NONE ? "none" : String.valueOf(v);
    }

    /** Since when, and why, a table entry is no longer valid. */
    static String invalidSince(StagEntry e) {
        if (e.rejected()) {
            return "its initiation in frame " + e.advertisedFrame() + (e.transaction() != null ? " (" + e.transaction() + ")" : "")
                   + " was refused and the region never allocated";
        }
        return "invalidated in frame " + e.invalidatedFrame() + (e.transaction() != null ? ", ending " + e.transaction() : "");
    }
}
