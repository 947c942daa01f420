package io.rdmascope.pipeline;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaDetector;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.MpaListener;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.roce.RoceStage;
import io.rdmascope.tcp.TcpReassembler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs one capture through the stages: capture reading, packet decoding, TCP reassembly, MPA
 * framing and PDU decoding, handing each frame to a {@link FrameListener} and the iWARP events to
 * a {@link PduListener}.
 *
 * <p>Per frame, in this order: {@link FrameListener#frame}, then the events the frame causes
 * (connection, handshake, pdu, issue), then {@link PduListener#watermark} when the MPA stage holds
 * events of this or earlier frames back, then {@link PduListener#frameDone}. At the end of the
 * capture the reassembler and the MPA detector flush what they hold (events that may name earlier
 * frames), then {@link PduListener#end} is called. One packet, one TCP segment and one decoder
 * are reused for the whole capture. A frame's capture time goes with its TCP segment into the
 * reassembler, and from there with every event made of its octets.
 */
public final class Dissection {
    private static final int PROGRESS_EVERY = 1024;

    private Dissection() {}

    /**
     * @param frames may be null
     * @param progress receives the number of file octets read so far; may be null
     * @param cancelled polled between frames; may be null
     * @return frames read and why reading stopped early, if it did
     * @throws CaptureException when the file is not a readable capture
     */
    public static DissectionResult run(Path file, FrameListener frames, PduListener pdus, LongConsumer progress,
                                       BooleanSupplier cancelled) throws IOException {
        try (CaptureReader reader = Captures.open(file)) {
            return run(reader, frames, pdus, progress, cancelled);
        }
    }

    /**
     * As {@link #run(Path, FrameListener, PduListener, LongConsumer, BooleanSupplier)}, on two
     * threads when no frame listener is given ({@link Pipelined}): the same events in the same
     * order, all on one thread other than the caller's, all delivered before this returns, with
     * the FPDUs' octets left out ({@link Fpdu#buf} null: the segment is decoded already). When
     * {@code cancelled} turns true the events of the frames already read are still delivered.
     */
    public static DissectionResult runPipelined(Path file, FrameListener frames, PduListener pdus,
                                                LongConsumer progress, BooleanSupplier cancelled) throws IOException {
        if (frames != null) {
            return run(file, frames, pdus, progress, cancelled);
        }
        try (CaptureReader reader = Captures.open(file)) {
            return Pipelined.run(reader, pdus != null ? pdus : new PduListener() {}, progress, cancelled);
        }
    }

    /** Runs an opened reader to its end; the caller closes it. */
    public static DissectionResult run(CaptureReader reader, FrameListener frames, PduListener pdus,
                                       LongConsumer progress, BooleanSupplier cancelled) throws IOException {
        return run(reader, frames, pdus, progress, cancelled, 0);
    }

    /**
     * Runs an opened reader to its end, ending each TCP connection silent for {@code idleNanos} of
     * capture time ({@link TcpReassembler#idleTimeout}; 0: never); the caller closes the reader.
     */
    public static DissectionResult run(CaptureReader reader, FrameListener frames, PduListener pdus,
                                       LongConsumer progress, BooleanSupplier cancelled, long idleNanos)
            throws IOException {
        PduListener listener = pdus != null ? pdus : new PduListener() {};
        MpaDetector detector = new MpaDetector(new Decoding(listener));
        TcpReassembler reassembler = new TcpReassembler(detector);
        reassembler.idleTimeout(idleNanos);
        RoceStage roce = new RoceStage(listener, frames == null ? null : frames::ibPacket);
        roce.idleTimeout(idleNanos);
        return readFrames(reader, reassembler, roce, frames,
                packet -> frameDone(listener, detector.heldFrom(), packet.frame, packet.timestampNanos),
                stopped -> {
                    if (!stopped) {
                        reassembler.finish();
                        detector.finish();
                        roce.finish();
                        listener.end();
                    }
                }, progress, cancelled);
    }

    /** What happens once the reading loop ends, told whether it was cancelled. */
    interface Finish {
        void finish(boolean stopped);
    }

    /**
     * The reading loop both ways of running share: every record is decoded and its TCP segment
     * handed to {@code reassembler}, then {@code frameDone} ends the frame. A reader failing on its
     * first record means the file is no capture (thrown); failing later keeps what was read and
     * becomes the result's problem.
     *
     * @param frames also told of every frame; may be null
     */
    static DissectionResult readFrames(CaptureReader reader, TcpReassembler reassembler, RoceStage roce,
                                       FrameListener frames,
                                       Consumer<Packet> frameDone, Finish finish, LongConsumer progress,
                                       BooleanSupplier cancelled) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment segment = new TcpSegment();
        Packet packet = new Packet();
        long count = 0;
        String problem = null;
        boolean stopped = false;
        long position = reader.position();
        while (true) {
            boolean more;
            try {
                more = reader.next(packet);
            } catch (CaptureException e) {
                if (count == 0) {
                    throw e;
                }
                problem = e.getMessage();
                break;
            }
            if (!more) {
                break;
            }
            count++;
            frame(packet, position, decoder, segment, reassembler, roce, frames, frameDone);
            position = reader.position();
            if (progress != null && (count % PROGRESS_EVERY) == 0) {
                progress.accept(position);
            }
            if (cancelled != null && cancelled.getAsBoolean()) {
                stopped = true;
                break;
            }
        }
        finish.finish(stopped);
        if (progress != null) {
            progress.accept(reader.position());
        }
        if (problem == null) {
            problem = reader.problem();
        }
        return new DissectionResult(count, problem, stopped, roce.queuePairs().untracked());
    }

    /**
     * One frame through the stages. (A method of its own rather than the loop's body: the compiler
     * takes up a method after a few hundred calls, a loop only after tens of thousands of turns.)
     */
    private static void frame(Packet packet, long position, PacketDecoder decoder, TcpSegment segment,
                              TcpReassembler reassembler, RoceStage roce, FrameListener frames,
                              Consumer<Packet> frameDone) {
        int found = decoder.decode(packet, segment, roce.frame());
        boolean isTcp = found == PacketDecoder.TCP;
        if (frames != null) {
            frames.frame(packet, position, isTcp ? segment : null);
        }
        if (isTcp) {
            reassembler.segment(segment);
        } else if (found == PacketDecoder.IB) {
            roce.packet();
        }
        frameDone.accept(packet);
    }

    /**
     * Ends a frame: the watermark when the MPA stage holds events back from frame {@code held}
     * ({@link MpaDetector#heldFrom}) or earlier, then {@code frameDone}.
     */
    static void frameDone(PduListener listener, long held, long frame, long timestampNanos) {
        if (held <= frame) {
            listener.watermark(held);
        }
        listener.frameDone(frame, timestampNanos);
    }

    /** Decodes each FPDU's ULPDU into its DDP segment and forwards every MPA event. */
    static final class Decoding implements MpaListener {
        private final PduListener pdus;
        private final PduDecoder decoder = new PduDecoder();

        Decoding(PduListener pdus) {
            this.pdus = pdus;
        }

        @Override
        public void connection(MpaConnection connection) {
            pdus.connection(connection);
        }

        @Override
        public void handshake(MpaConnection connection, MpaHandshake handshake) {
            pdus.handshake(connection, handshake);
        }

        @Override
        public void fpdu(MpaConnection connection, Fpdu fpdu) {
            DdpSegment segment = fpdu.snapped
                    ? decoder.readHead(fpdu.buf, fpdu.ulpduOffset, fpdu.ulpduAvailable, fpdu.ulpduLength)
                    : decoder.read(fpdu.buf, fpdu.ulpduOffset, fpdu.ulpduAvailable);
            pdus.pdu(connection, fpdu, segment);
        }

        @Override
        public void issue(MpaConnection connection, StreamIssue issue) {
            pdus.issue(connection, issue);
        }

        @Override
        public void retired(MpaConnection connection, long frame) {
            pdus.retired(connection, frame);
        }
    }
}
