package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.FpduLayout;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pdu.PduSummary;
import io.rdmascope.pipeline.FpduRecord;
import io.rdmascope.tcp.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The index a {@link PipelineCaptureModel} keeps instead of copies, in primitive {@link Columns}.
 *
 * <p>Per frame: the file position of its record (the bytes are re-read on demand), its capture
 * time, its TCP flow (an index into a table of endpoint pairs), what it carries (no TCP, TCP, MPA,
 * DDP/RDMAP) with the number of PDUs it completed, the severity of its worst violation and the
 * index of the first of those PDUs. Per PDU, in a compact PDU table: connection, direction, the
 * octets of its DDP and RDMAP headers as the wire carried them, its payload length, MPA CRC and where
 * the FPDU starts in the frame's TCP payload. Values that change little from row to row are kept as
 * differences within blocks of rows ({@link Columns.DeltaLongs}, {@link Columns.NearInts}, times in
 * microseconds when the capture counts them ({@link Columns.UnitLongs}), positions as steps from
 * the frame before ({@link Columns.StepLongs})). The transactions a frame takes part in are found
 * from the transactions themselves ({@link FrameTransactions}).
 *
 * <p>The PDU table holds no field of its own: the {@link DdpSegment} of a PDU is the decoder's, run
 * again on the header octets kept ({@link PduDecoder#readHead}), so its every field, read through
 * the field registry as detail trees, Info texts and filters read it, is the value the first
 * decoding gave, and a field added to the specs and the registry needs no change here. The table
 * describes the ordinary PDU: a DDP segment whose headers (Read Requests, atomics and one-shot
 * fields included; not a Terminate, whose header takes its whole segment) are carried in one FPDU
 * that a single frame holds entirely, without markers and with a good (or unchecked) CRC; from
 * those numbers the {@link Fpdu} is rebuilt ({@link #unit}). A PDU is filed so only when decoding its
 * header octets again gives every field the registry reads from a segment ({@link Fields#reading})
 * the value the first decoding gave. Every other unit (MPA Requests and Replies, PDUs with errors,
 * FPDUs spread over several frames) is kept whole in a sparse map, its FPDU as an {@link FpduRecord}
 * (the form the two-thread pipeline passes FPDUs in); such units are a small fraction of any
 * capture. Frames whose Info text is not derivable from the table (stream issues, handshakes,
 * IP-reassembled segments) keep their text in a sparse map too.
 *
 * <p>Every method holds this object's lock: the loading thread writes while the application
 * thread reads.
 */
final class FrameIndex {
    /** Per frame, bits 0-1 of the kind column: what the frame carries. */
    static final byte KIND_OTHER = 0, KIND_TCP = 1, KIND_MPA = 2, KIND_DDP = 3;
    static final int KIND_MASK = 3;
    /** Bits 2-7 of the kind column count the PDUs the frame completed, up to this value. */
    private static final int MAX_COUNTED = 63;
    static final String[] KIND_NAMES = {"", "TCP", "MPA", "DDP/RDMAP"};

    private static final int CONN_MASK = 0xffff;
    private static final int DIR_INITIATOR = 1 << 16, CRC_OK = 1 << 17, WHOLE = 1 << 18, SEGMENT_KNOWN = 1 << 19;

    // ---- per frame (index frame - 1)
    private final Columns.StepLongs positions = new Columns.StepLongs(-1);
    private final Columns.UnitLongs times = new Columns.UnitLongs(1000, 0);
    private final Columns.NearInts flows = new Columns.NearInts();
    /** The first PDU of a frame; read only for frames that completed some (their count is above 0). */
    private final Columns.NearInts firstPdu = new Columns.NearInts();
    private final Columns.Bytes kinds = new Columns.Bytes();
    private final Columns.Bytes severities = new Columns.Bytes();
    /** Frames whose units are filed: the frames the model shows. */
    private long frames;
    /** Frames read, some of which may wait for units held back by the MPA stage. */
    private long remembered;
    /** Info texts that the index cannot rebuild: issues, handshakes, reassembled IP. */
    private final Map<Integer, String> infoOverride = new HashMap<>();

    // ---- per PDU
    private final Columns.Ints pduMeta = new Columns.Ints(0);
    /** Where the PDU's header octets begin in {@link #headers}; they end where the next PDU's begin. */
    private final Columns.StepLongs headerStart = new Columns.StepLongs(0);
    /** The header octets of the PDUs the table describes, one after the other. */
    private final Columns.Bytes headers = new Columns.Bytes();
    private int headerOctets;
    /** The payload length (the ULPDU's octets after the headers). */
    private final Columns.NearInts pduLength = new Columns.NearInts();
    private final Columns.Ints pduCrc = new Columns.Ints(0);
    private final Columns.NearInts pduSegmentDelta = new Columns.NearInts();
    private final Columns.Shorts pduPayloadOffset = new Columns.Shorts((short) -1);
    private int pdus;
    /** Decodes the header octets again (under this object's lock). */
    private final PduDecoder decoder = new PduDecoder();
    /** Units the table does not describe exactly, by PDU index. */
    private final Map<Integer, Whole> whole = new HashMap<>();
    /** The FPDU records of the units kept whole: per unit its flags, then its record's words. */
    private final Columns.Longs wholeFpdus = new Columns.Longs(0);
    private int wholeFpduCount;

    /** A unit the table does not describe exactly: its FPDU is record {@code fpdu} of {@link #wholeFpdus}, or -1. */
    private record Whole(Unit unit, int fpdu) {}

    private static final int WHOLE_WORDS = FpduRecord.WORDS + 1;

    // ---- small tables
    private final List<Endpoint[]> flowTable = new ArrayList<>();
    private final List<String[]> flowText = new ArrayList<>();
    private int[] reverseFlow = new int[16];
    /** Per flow: frames where its relative sequence base was set, and the base from then on. */
    private final List<long[]> seqBases = new ArrayList<>();
    private final List<MpaConnection> mpaConnections = new ArrayList<>();
    private final Map<MpaConnection, Integer> connectionIndex = new IdentityHashMap<>();
    /** The transactions in the order the engine reported them. */
    private final TransactionStore transactions;
    /** Which transactions each frame takes part in. */
    private final FrameTransactions frameTransactions = new FrameTransactions();

    FrameIndex(TransactionStore transactions) {
        this.transactions = transactions;
    }

    // ---- frames

    synchronized void remember(long frame, long position, long time, int flow, byte kind) {
        if (frame < 1 || frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int i = (int) frame - 1;
        positions.set(i, position);
        times.set(i, time);
        flows.set(i, flow);
        kinds.set(i, kind);
        remembered = Math.max(remembered, frame);
    }

    /** Makes frames up to {@code frame} (as far as read) visible. */
    synchronized void show(long frame) {
        frames = Math.max(frames, Math.min(frame, remembered));
    }

    synchronized long frameCount() {
        return frames;
    }

    synchronized boolean known(long frame) {
        return frame >= 1 && frame <= frames;
    }

    synchronized long timeNanos(long frame) {
        return known(frame) ? times.get((int) frame - 1) : 0;
    }

    /** The file position of a frame's record, or -1. */
    synchronized long position(long frame) {
        return known(frame) ? positions.get((int) frame - 1) : -1;
    }

    /** The flow of a frame, or -1. */
    synchronized int flowOf(long frame) {
        return known(frame) ? flows.get((int) frame - 1) : -1;
    }

    /** What a frame carries: {@link #KIND_OTHER} to {@link #KIND_DDP}. */
    synchronized byte kindOf(long frame) {
        return known(frame) ? (byte) (kinds.get((int) frame - 1) & KIND_MASK) : KIND_OTHER;
    }

    synchronized void setKind(long frame, byte k) {
        if (known(frame)) {
            int i = (int) frame - 1;
            kinds.set(i, (byte) ((kinds.get(i) & ~KIND_MASK) | k));
        }
    }

    synchronized String infoOverride(long frame) {
        return known(frame) ? infoOverride.get((int) frame - 1) : null;
    }

    synchronized void setInfoOverride(long frame, String text) {
        if (frame >= 1 && frame <= Integer.MAX_VALUE) {
            infoOverride.put((int) frame - 1, text);
        }
    }

    synchronized int firstPdu(long frame) {
        return known(frame) ? firstPduAt((int) frame - 1) : -1;
    }

    /** The first PDU that frame {@code i + 1} completed, or -1. */
    private int firstPduAt(int i) {
        return (kinds.get(i) & 0xff) >>> 2 == 0 ? -1 : firstPdu.get(i);
    }

    /** Raises the severity of a read frame to {@code s} when it is worse. */
    synchronized void severity(long frame, Severity s) {
        if (frame >= 1 && frame <= remembered) {
            int i = (int) frame - 1;
            byte rank = (byte) (s.ordinal() + 1);
            if (rank > severities.get(i)) {
                severities.set(i, rank);
            }
        }
    }

    synchronized Severity severityAt(long frame) {
        int rank = known(frame) ? severities.get((int) frame - 1) : 0;
        return rank == 0 ? null : Severity.values()[rank - 1];
    }

    // ---- flows

    /** Adds the flow from {@code s} to {@code d}; returns its index. */
    synchronized int addFlow(Endpoint s, Endpoint d) {
        int i = flowTable.size();
        flowTable.add(new Endpoint[] {s, d});
        flowText.add(new String[] {s.toString(), d.toString()});
        seqBases.add(new long[0]);
        if (i >= reverseFlow.length) {
            reverseFlow = Arrays.copyOf(reverseFlow, reverseFlow.length * 2);
        }
        reverseFlow[i] = -1;
        return i;
    }

    synchronized void pair(int flow, int reverse) {
        reverseFlow[flow] = reverse;
        reverseFlow[reverse] = flow;
    }

    synchronized int reverse(int flow) {
        return reverseFlow[flow];
    }

    synchronized Endpoint[] flow(int flow) {
        return flowTable.get(flow);
    }

    /** Source and destination of a flow as the packet list writes them. */
    synchronized String[] flowText(int flow) {
        return flowText.get(flow);
    }

    /** Whether the flow has no relative sequence base yet. */
    synchronized boolean noBase(int flow) {
        return seqBases.get(flow).length == 0;
    }

    /** Sets the relative sequence base of {@code flow} from {@code frame} on. */
    synchronized void setBase(int flow, long frame, long seq) {
        long[] bases = seqBases.get(flow);
        long[] b = Arrays.copyOf(bases, bases.length + 2);
        b[bases.length] = frame;
        b[bases.length + 1] = seq;
        seqBases.set(flow, b);
    }

    /** The relative sequence base of {@code flow} as of {@code frame}, or -1. */
    synchronized long baseAt(int flow, long frame) {
        if (flow < 0 || flow >= seqBases.size()) {
            return -1;
        }
        long[] b = seqBases.get(flow);
        long base = -1;
        for (int i = 0; i < b.length && b[i] <= frame; i += 2) {
            base = b[i + 1];
        }
        return base;
    }

    synchronized void addConnection(MpaConnection c) {
        connectionIndex.put(c, mpaConnections.size());
        mpaConnections.add(c);
    }

    // ---- PDUs

    /**
     * Files a unit under {@code frame}, the frame that completed it and the last frame filed (the
     * table lists each frame's units together, in frame order): its numbers into the PDU table,
     * the whole unit too when the table does not describe it exactly. Returns its index.
     */
    synchronized int addPdu(long frame, Unit u, Fpdu f, DdpSegment s, byte[] headerOctets) {
        int index = pdus++;
        if (known(frame)) {
            int fi = (int) frame - 1;
            int k = kinds.get(fi) & 0xff;
            if ((k >>> 2) == 0) {
                firstPdu.set(fi, index);
            }
            if ((k >>> 2) < MAX_COUNTED) {
                kinds.set(fi, (byte) (k + (1 << 2)));
            }
        }
        int meta = meta(u, f);
        // Every row set, in order, as the difference columns want it.
        headerStart.set(index, this.headerOctets);
        pduLength.set(index, s == null ? 0 : s.payloadLength);
        if (f != null) {
            pduCrc.set(index, (int) f.crcField);
        }
        long delta = f == null || u.segmentStream() < 0 ? -1 : f.streamOffset - u.segmentStream();
        if (delta >= 0 && delta <= Integer.MAX_VALUE) {
            meta |= SEGMENT_KNOWN;
            pduSegmentDelta.set(index, (int) delta);
        }
        pduPayloadOffset.set(index, (short) Math.max(-1, Math.min(Short.MAX_VALUE, u.payloadOffset())));
        if (exact(u, f, s, meta, delta, headerOctets) && givesBack(headerOctets, f.ulpduLength, s)) {
            meta |= WHOLE;
            for (byte b : headerOctets) {
                headers.set(this.headerOctets++, b);
            }
        } else {
            whole.put(index, u.handshake() != null ? new Whole(u, -1)
                    : new Whole(new Unit(u.connection(), null, null, s, u.segmentStream(), u.payloadOffset(),
                            u.payloadLength()), keep(f)));
        }
        pduMeta.set(index, meta);
        return index;
    }

    /** Writes an FPDU's record into {@link #wholeFpdus}; returns its number. */
    private int keep(Fpdu f) {
        long[] words = new long[WHOLE_WORDS];
        words[0] = FpduRecord.flags(f);
        FpduRecord.write(f, words, 1);
        int n = wholeFpduCount++;
        for (int k = 0; k < WHOLE_WORDS; k++) {
            wholeFpdus.set(n * WHOLE_WORDS + k, words[k]);
        }
        return n;
    }

    /** A unit kept whole, its FPDU rebuilt from its record. */
    private Unit whole(Whole w) {
        if (w.fpdu() < 0) {
            return w.unit();
        }
        long[] words = new long[WHOLE_WORDS];
        for (int k = 0; k < WHOLE_WORDS; k++) {
            words[k] = wholeFpdus.get(w.fpdu() * WHOLE_WORDS + k);
        }
        Fpdu f = new Fpdu();
        FpduRecord.read((int) words[0], words, 1, f);
        Unit u = w.unit();
        return new Unit(u.connection(), null, f, u.segment(), u.segmentStream(), u.payloadOffset(), u.payloadLength());
    }

    /** Connection, direction and CRC state of a unit, as the meta column packs them. */
    private int meta(Unit u, Fpdu f) {
        Integer conn = connectionIndex.get(u.connection());
        int meta = conn == null || conn >= CONN_MASK ? CONN_MASK : conn;
        Direction dir = u.handshake() != null ? u.handshake().direction() : f.direction;
        if (dir == Direction.FROM_INITIATOR) {
            meta |= DIR_INITIATOR;
        }
        if (f != null && Boolean.TRUE.equals(f.crcOk)) {
            meta |= CRC_OK;
        }
        return meta;
    }

    /**
     * Whether decoding {@code headerOctets} again, as {@link #segment} will, gives the segment's
     * layout and every field the registry reads from a segment the values {@code s} has.
     */
    private boolean givesBack(byte[] headerOctets, int ulpduLength, DdpSegment s) {
        DdpSegment r = decoder.readHead(headerOctets, 0, headerOctets.length, ulpduLength);
        if (r.malformed != null || r.headerLength != s.headerLength || r.payloadOffset != s.payloadOffset
                || r.payloadLength != s.payloadLength) {
            return false;
        }
        for (Field field : SEGMENT_FIELDS) {
            if (!Objects.equals(field.value(s), field.value(r))) {
                return false;
            }
        }
        return true;
    }

    /** The fields the registry reads from a DDP segment. */
    private static final List<Field> SEGMENT_FIELDS = Fields.reading(DdpSegment.class);

    /**
     * Whether the layout of this FPDU and segment is one the table describes: the FPDU as
     * {@link #unit} rebuilds it, its headers all in {@code headerOctets}.
     */
    private static boolean exact(Unit u, Fpdu f, DdpSegment s, int meta, long delta, byte[] headerOctets) {
        if (u.handshake() != null || f == null || s == null || headerOctets == null
                || (meta & CONN_MASK) == CONN_MASK) {
            return false;
        }
        int ulpdu = s.headerLength + s.payloadLength;
        int pad = FpduLayout.padLength(ulpdu);
        boolean mpa = (meta & SEGMENT_KNOWN) != 0 && f.frame == f.firstFrame && f.markerOrigin < 0 && f.markers == 0
                && f.badMarkers == 0 && !f.truncated && f.ulpduLength == ulpdu && f.padLength == pad
                && f.padOctets == 0 && f.wireLength == FpduLayout.imageLength(ulpdu)
                && f.ulpduAvailable == ulpdu && (f.crcField >>> 32) == 0
                && (Boolean.TRUE.equals(f.crcOk) ? f.crcComputed == f.crcField : f.crcOk == null && f.crcComputed == 0);
        boolean ddp = s.malformed == null && s.terminate == null && headerOctets.length == s.headerLength
                && s.payloadOffset == s.headerLength;
        return mpa && ddp && delta >= 0 && u.payloadOffset() >= 0 && u.payloadOffset() <= Short.MAX_VALUE;
    }

    /** The unit of PDU {@code index}, completed by {@code frame}; {@code tcpLength} from the re-read frame. */
    synchronized Unit unit(int index, long frame, int tcpLength) {
        Whole w = whole.get(index);
        if (w != null) {
            return whole(w);
        }
        int meta = pduMeta.get(index);
        DdpSegment s = segment(index);
        int ulpdu = s.headerLength + s.payloadLength;
        Fpdu f = new Fpdu();
        f.frame = frame;
        f.firstFrame = frame;
        f.direction = (meta & DIR_INITIATOR) != 0 ? Direction.FROM_INITIATOR : Direction.FROM_RESPONDER;
        // Only differences of stream offsets matter to the octet mapping of an FPDU without markers:
        // count them from the first octet of the frame's TCP payload.
        f.streamOffset = pduSegmentDelta.get(index);
        f.ulpduLength = ulpdu;
        f.padLength = FpduLayout.padLength(ulpdu);
        f.wireLength = FpduLayout.imageLength(ulpdu);
        f.ulpduAvailable = ulpdu;
        f.crcField = pduCrc.get(index) & 0xffffffffL;
        f.crcOk = (meta & CRC_OK) != 0 ? Boolean.TRUE : null;
        f.crcComputed = (meta & CRC_OK) != 0 ? f.crcField : 0;
        long segStream = (meta & SEGMENT_KNOWN) != 0 ? 0 : -1;
        return new Unit(mpaConnections.get(meta & CONN_MASK), null, f, s, segStream, pduPayloadOffset.get(index),
                tcpLength);
    }

    /** The DDP segment of a PDU the table describes: its header octets decoded again. */
    private DdpSegment segment(int index) {
        int start = (int) headerStart.get(index);
        int end = index + 1 < pdus ? (int) headerStart.get(index + 1) : headerOctets;
        byte[] octets = new byte[end - start];
        for (int k = 0; k < octets.length; k++) {
            octets[k] = headers.get(start + k);
        }
        return decoder.readHead(octets, 0, octets.length, octets.length + pduLength.get(index));
    }

    /** The units the table does not describe, kept whole: MPA Requests and Replies among them. */
    synchronized int unitsKeptWhole() {
        return whole.size();
    }

    /** Info text of one PDU from the table, as {@link PduSummary#describe} gives it. */
    synchronized String pduText(int index) {
        Whole w = whole.get(index);
        if (w != null) {
            Unit u = w.unit();
            return u.handshake() != null ? FrameSummary.handshake(u.handshake())
                    : u.segment() == null ? "FPDU" : PduSummary.describe(u.segment());
        }
        return PduSummary.describe(unit(index, 0, 0).segment());
    }

    /** PDU indexes {first, end} that {@code frame} completed. */
    synchronized int[] pduRange(long frame) {
        if (!known(frame)) {
            return new int[] {0, 0};
        }
        int first = firstPduAt((int) frame - 1);
        if (first < 0) {
            return new int[] {0, 0};
        }
        int count = (kinds.get((int) frame - 1) & 0xff) >>> 2;
        int end = first + count;
        if (count == MAX_COUNTED) {
            end = pdus;
            for (long g = frame + 1; g <= frames; g++) {
                int n = firstPduAt((int) g - 1);
                if (n >= 0) {
                    end = n;
                    break;
                }
            }
        }
        return new int[] {first, end};
    }

    /** What {@link #forEachPdu} tells of each PDU. */
    interface PduVisitor {
        /**
         * @param connection the index of its connection in {@link #connections}
         * @param handshake whether it is an MPA Request or Reply rather than an FPDU
         */
        void pdu(long frame, int pdu, int connection, boolean fromInitiator, int payloadLength, boolean handshake);
    }

    /** Tells {@code v} of each PDU of a known connection, in frame order, holding the lock throughout. */
    synchronized void forEachPdu(PduVisitor v) {
        for (long f = 1; f <= frames; f++) {
            if (firstPduAt((int) f - 1) < 0) {
                continue;
            }
            int[] r = pduRange(f);
            for (int k = r[0]; k < r[1]; k++) {
                int meta = pduMeta.get(k);
                if ((meta & CONN_MASK) != CONN_MASK) {
                    Whole w = whole.get(k);
                    v.pdu(f, k, meta & CONN_MASK, (meta & DIR_INITIATOR) != 0, pduLength.get(k),
                            w != null && w.unit().handshake() != null);
                }
            }
        }
    }

    /** The MPA connections in the order recognised. */
    synchronized List<MpaConnection> connections() {
        return List.copyOf(mpaConnections);
    }

    // ---- transactions

    /** Files transaction {@code t}, the {@code index}th reported, under the frames it takes part in. */
    synchronized void file(Transaction t, int index) {
        frameTransactions.file(t, index);
    }

    /** Ids of the transactions that {@code frame} takes part in. */
    synchronized List<String> transactionsAt(long frame) {
        if (!known(frame)) {
            return new ArrayList<>(1);
        }
        return frameTransactions.at(frame, transactions);
    }
}
