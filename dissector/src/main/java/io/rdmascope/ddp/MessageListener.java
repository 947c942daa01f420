package io.rdmascope.ddp;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;

/**
 * Receives the traffic of a capture with each DDP segment placed in its message by
 * {@link MessageAssembly}: every {@link PduListener} event, and after {@link #pdu} of a segment
 * that could be placed, {@link #segment}.
 */
public interface MessageListener extends PduListener {
    /**
     * A well-formed DDP segment of an FPDU whose CRC (when negotiated) matched, placed in its
     * message. {@code stream} is the direction's assembly state as this segment left it:
     * {@link DdpStream#message} (null for an untagged queue that is not assembled),
     * {@link DdpStream#first}, the segment as a transport-neutral event ({@link DdpStream#event}, null
     * when it is no operation), and with the {@code gaps} bits ({@link DdpStream#MSN_GAP},
     * {@link DdpStream#MO_GAP}, {@link DdpStream#DROPPED}) what was expected instead. The segment's
     * frame and capture time are its FPDU's ({@link Fpdu#frame}, {@link Fpdu#timeNanos}).
     */
    void segment(MpaConnection connection, Fpdu fpdu, DdpSegment segment, DdpStream stream, int gaps);
}
