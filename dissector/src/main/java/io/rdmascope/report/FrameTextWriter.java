package io.rdmascope.report;

import io.rdmascope.fields.Digits;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The {@code dissect} text output as tshark prints it: one summary line per frame by default
 * ({@link FrameSummary}), the detail tree of each frame with {@code -V} ({@link DissectTextWriter}),
 * and with {@code -x} the octets of each frame in hex and ASCII (alone, or after the tree).
 */
public final class FrameTextWriter implements FrameSink {
    private final PrintWriter out;
    private final DissectTextWriter details;
    private final boolean hex;

    /**
     * @param details the detail tree of each frame ({@code -V}) instead of its summary line
     * @param hex the octets of each frame ({@code -x}); alone, instead of the summary line, as tshark
     */
    public FrameTextWriter(PrintWriter out, boolean details, boolean hex) {
        this.out = out;
        this.details = details ? new DissectTextWriter(out) : null;
        this.hex = hex;
    }

    @Override
    public void frame(FrameRecord r) throws IOException {
        if (details != null) {
            details.frame(r);
            if (hex && r.bytes != null) {
                out.print('\n');
                dump(r.bytes, out);
            }
        } else if (hex) {
            if (r.bytes != null) {
                dump(r.bytes, out);
                out.print('\n');
            }
        } else if (r.endOfCapture) {
            out.print("PDUs of frame " + r.frame + " completed at the end of the capture: " + FrameSummary.info(r) + "\n");
        } else {
            out.print(FrameSummary.line(r));
            out.print('\n');
        }
        out.flush();
        if (out.checkError()) {
            throw new IOException("cannot write the output");
        }
    }

    /** Octets as tshark -x shows them: offset, 16 octets in hex, the same as ASCII. */
    public static void dump(byte[] b, PrintWriter out) {
        StringBuilder line = new StringBuilder(80);
        for (int at = 0; at < b.length; at += 16) {
            line.setLength(0);
            line.append(Digits.zeroPadded(Integer.toHexString(at), 4)).append("  ");
            int n = Math.min(16, b.length - at);
            for (int i = 0; i < 16; i++) {
                if (i < n) {
                    line.append(Character.forDigit((b[at + i] >> 4) & 0xf, 16)).append(Character.forDigit(b[at + i] & 0xf, 16));
                } else {
                    line.append("  ");
                }
                line.append(i < 15 ? " " : "");
            }
            line.append("   ");
            for (int i = 0; i < n; i++) {
                int c = b[at + i] & 0xff;
                line.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
            }
            out.print(line);
            out.print('\n');
        }
    }

    @Override
    public void finish() {
        out.flush();
    }
}
