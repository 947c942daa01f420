package io.rdmascope.gui.pipeline;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;

/**
 * An MPA Request/Reply or FPDU completed by a frame, what it decoded to, and where its octets
 * lie: {@code segmentStream} is the stream offset of the frame's TCP payload when the frame
 * carries the unit's direction of its connection (else -1), {@code payloadOffset} where that
 * payload starts in the frame (-1 when the octets are not the frame's own, after IP
 * reassembly).
 */
record Unit(MpaConnection connection, MpaHandshake handshake, Fpdu fpdu, DdpSegment segment,
            long segmentStream, int payloadOffset, int payloadLength) {
    FrameBytes bytes() {
        return handshake != null
                ? new FrameBytes(handshake.streamOffset(), handshake.length(), -1, segmentStream, payloadOffset,
                        payloadLength)
                : new FrameBytes(fpdu.streamOffset, fpdu.wireLength, fpdu.markerOrigin, segmentStream,
                        payloadOffset, payloadLength);
    }
}
