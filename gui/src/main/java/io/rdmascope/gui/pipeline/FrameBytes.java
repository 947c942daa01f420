package io.rdmascope.gui.pipeline;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.mpa.FpduLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps octets of an MPA unit (an FPDU with its markers removed, or a Request/Reply) to octets of
 * the captured frame that holds them.
 *
 * <p>The MPA stage numbers octets by their offset in the direction's reassembled stream: an FPDU
 * starts at {@code streamOffset} and occupies {@code wireLength} stream octets, markers included;
 * markers (4 octets) stand at {@code markerOrigin + 512 k} (RFC 5044 section 5). The detail tree
 * of the FPDU numbers octets of its image, markers removed. The frame carries the stream octets
 * {@code [segmentStream, segmentStream + payloadLength)} starting at {@code payloadOffset} in its
 * bytes. A field is shown at the frame position of its first octet in the frame, with the
 * length of its stream span clipped to the frame; marker octets inside that span are listed by
 * {@link #markerOctets} so that the hex view can leave them out.
 */
public final class FrameBytes {

    private final long unitStream;
    private final int wireLength;
    private final long markerOrigin;
    private final long segmentStream;
    private final int payloadOffset;
    private final int payloadLength;

    /**
     * @param unitStream stream offset of the unit's first octet (a marker may stand on it)
     * @param wireLength stream octets of the unit, markers included
     * @param markerOrigin stream offset of a marker, or -1 when the sender inserts none
     * @param segmentStream stream offset of the frame's first payload octet, or -1 when the frame
     *     carries nothing of this unit's direction
     * @param payloadOffset where the TCP payload starts in the frame, or -1 when its octets are not
     *     the frame's (IP reassembly)
     */
    public FrameBytes(long unitStream, int wireLength, long markerOrigin, long segmentStream, int payloadOffset,
                      int payloadLength) {
        this.unitStream = unitStream;
        this.wireLength = Math.max(0, wireLength);
        this.markerOrigin = markerOrigin;
        this.segmentStream = segmentStream;
        this.payloadOffset = payloadOffset;
        this.payloadLength = Math.max(0, payloadLength);
    }

    private boolean mapped() {
        return segmentStream >= 0 && payloadOffset >= 0;
    }

    private boolean isMarker(long stream) {
        return markerOrigin >= 0 && Math.floorMod(stream - markerOrigin, (long) FpduLayout.MARKER_PERIOD) < FpduLayout.MARKER_SIZE;
    }

    /** Stream offset of octet {@code image} of the unit (markers skipped), or -1 past the unit. */
    public long streamOf(int image) {
        if (image < 0) {
            return -1;
        }
        long pos = unitStream;
        long end = unitStream + wireLength;
        if (markerOrigin < 0) {
            return image < wireLength ? pos + image : -1;
        }
        int left = image;
        while (pos < end) {
            if (isMarker(pos)) {
                long r = Math.floorMod(pos - markerOrigin, (long) FpduLayout.MARKER_PERIOD);
                pos += FpduLayout.MARKER_SIZE - r;
                continue;
            }
            long nextMarker = pos + (FpduLayout.MARKER_PERIOD - Math.floorMod(pos - markerOrigin, (long) FpduLayout.MARKER_PERIOD));
            long run = Math.min(nextMarker, end) - pos;
            if (left < run) {
                return pos + left;
            }
            left -= (int) run;
            pos += run;
        }
        return -1;
    }

    /** Frame offset of stream octet {@code stream}, or -1 when the frame does not carry it. */
    public int frameOf(long stream) {
        if (!mapped() || stream < segmentStream || stream >= segmentStream + payloadLength) {
            return -1;
        }
        return payloadOffset + (int) (stream - segmentStream);
    }

    /**
     * The frame range {offset, length} of image octets {@code [image, image + length)}: their
     * stream span clipped to the frame; null when none of them is in the frame.
     */
    public int[] range(int image, int length) {
        if (!mapped() || image < 0 || length <= 0) {
            return null;
        }
        long first = streamOf(image);
        long last = streamOf(image + length - 1);
        if (first < 0 || last < 0) {
            return null;
        }
        long lo = Math.max(first, segmentStream);
        long hi = Math.min(last + 1, segmentStream + payloadLength);
        if (lo >= hi) {
            return null;
        }
        return new int[] {payloadOffset + (int) (lo - segmentStream), (int) (hi - lo)};
    }

    /** Frame offsets of the marker octets of this unit that the frame carries. */
    public List<Integer> markerOctets() {
        List<Integer> out = new ArrayList<>();
        if (markerOrigin < 0 || !mapped()) {
            return out;
        }
        long lo = Math.max(unitStream, segmentStream);
        long hi = Math.min(unitStream + wireLength, segmentStream + payloadLength);
        long m = lo + Math.floorMod(markerOrigin - lo, (long) FpduLayout.MARKER_PERIOD);
        for (long start = m - FpduLayout.MARKER_PERIOD; start < hi; start += FpduLayout.MARKER_PERIOD) {
            for (long s = Math.max(start, lo); s < Math.min(start + FpduLayout.MARKER_SIZE, hi); s++) {
                out.add(payloadOffset + (int) (s - segmentStream));
            }
        }
        return out;
    }

    /**
     * Moves a detail tree whose offsets count image octets from {@code base} into frame offsets;
     * a node none of whose octets is in the frame gets offset -1 (nothing to highlight).
     */
    public FieldNode shift(FieldNode node, int base) {
        List<FieldNode> children = new ArrayList<>(node.children().size());
        for (FieldNode c : node.children()) {
            children.add(shift(c, base));
        }
        int[] r = node.offset() < 0 ? null : range(base + node.offset(), node.length());
        return new FieldNode(node.name(), node.label(), node.value(), node.display(), r == null ? -1 : r[0],
                r == null ? 0 : r[1], node.description(), children);
    }
}
