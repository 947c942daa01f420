package io.rdmascope.gui.model;

import io.rdmascope.fields.FieldNode;
import java.util.List;

/**
 * An FPDU that a frame completed, put together from the TCP segments that carried it, with its
 * markers removed: what the bytes pane shows beside the frame's own octets, as Wireshark shows a
 * "Reassembled TCP" tab.
 *
 * @param unit which of the frame's MPA units this is (0 for the first MPA layer of the frame's
 *     detail tree, 1 for the second...)
 * @param firstFrame the frame that carried the FPDU's first octet
 * @param octets the FPDU image: ULPDU_Length, ULPDU, pad, CRC (markers left out)
 * @param markers how many markers the FPDU spanned on the wire (left out of {@code octets})
 * @param complete false when some octets were not found in the capture (they read as zero)
 * @param layers the MPA, DDP and RDMAP layers of the FPDU, shaped as in the frame's detail tree,
 *     with offsets into {@code octets}
 */
public record ReassembledFpdu(int unit, long firstFrame, long frame, byte[] octets, int markers, boolean complete,
                              List<FieldNode> layers) {
    /** The title of its bytes tab, e.g. "Reassembled FPDU (1448 bytes)". */
    public String title() {
        return "Reassembled FPDU (" + octets.length + " bytes" + (markers > 0 ? ", markers removed" : "") + ")";
    }
}
