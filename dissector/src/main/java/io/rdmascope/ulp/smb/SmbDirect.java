package io.rdmascope.ulp.smb;

import io.rdmascope.fields.Hex;
import io.rdmascope.ksy.Smb2;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.BufferUnderflowException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SMB Direct (MS-SMBD) carrying SMB2 (MS-SMB2). The client's READ and WRITE requests with an RDMA
 * channel advertise its buffers in SMB_DIRECT_BUFFER_DESCRIPTOR_V1 arrays: the server RDMA Writes
 * the data of a READ into them and RDMA Reads the data of a WRITE from them. A request is a call
 * named by its MessageId; the final response with the same MessageId is its reply.
 */
public final class SmbDirect implements Ulp {
    /** The IANA port of SMB Direct over iWARP. */
    public static final int PORT = 5445;
    /** Most buffer descriptors taken from one message. */
    public static final int MAX_ADVERTISEMENTS = 64;
    /** Most SMB2 headers of one compounded message that are walked. */
    public static final int MAX_COMPOUND = 32;
    /** Most octets of one fragmented upper-layer message kept for reassembly. */
    public static final int MAX_REASSEMBLY = 1 << 18;

    static final int SMBD_VERSION_1 = 0x0100;
    static final int DATA_HEADER = 20;
    static final int SMB2_HEADER = 64;
    static final int SMB2_BODY_FIXED = 48;
    static final int DESCRIPTOR = 16;
    static final int RDMA_TRANSFORM = 16;
    static final long STATUS_PENDING = 0x00000103L;
    static final long NO_MESSAGE_ID = -1L;
    static final int FLAG_RESPONSE = 0x1, FLAG_ASYNC = 0x2;

    @Override
    public String name() {
        return "smb";
    }

    @Override
    public String displayName() {
        return "SMB Direct";
    }

    @Override
    public boolean pairsCalls() {
        return true;
    }

    @Override
    public String colour() {
        return "#00acc1";
    }

    @Override
    public String reference() {
        return "MS-SMBD section 2.2, MS-SMB2 section 2.2";
    }

    @Override
    public int[] ports() {
        return new int[] {PORT};
    }

    @Override
    public boolean recognizes(UlpInput m) {
        try {
            if (m == null || m.buf() == null) {
                return false;
            }
            if (m.messageLength() == 20 && m.len() == 20 && m.fromInitiator() && negotiateRequestShape(m.buf(), m.off())) {
                return true;
            }
            if (m.messageLength() == 32 && m.len() == 32 && !m.fromInitiator() && negotiateResponseShape(m.buf(), m.off())) {
                return true;
            }
            if (m.len() < DATA_HEADER) {
                return false; // what the parser would find out by failing
            }
            SegmentStream s = new SegmentStream().reset(m.buf(), m.off(), m.len());
            io.rdmascope.ksy.SmbDirect.DataTransfer d = new io.rdmascope.ksy.SmbDirect.DataTransfer(s);
            long off = d.dataOffset(), len = d.dataLength();
            if (off < DATA_HEADER || (off & 7) != 0 || len < SMB2_HEADER || off + len > m.messageLength()
                    || d.remainingDataLength() > MAX_FRAGMENTED_SANE || off + 4 > m.len()) {
                return false;
            }
            int at = m.off() + (int) off;
            return isSmb2Magic(m.buf(), at) && (m.len() < off + 6 || le16(m.buf(), at + 4) == SMB2_HEADER);
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            return false;
        }
    }

    /** No real peer reassembles more than 16 MiB; a larger RemainingDataLength is not SMB Direct's. */
    static final long MAX_FRAGMENTED_SANE = 1L << 24;

    static boolean negotiateRequestShape(byte[] b, int off) {
        int min = le16(b, off), max = le16(b, off + 2), reserved = le16(b, off + 4);
        return min == SMBD_VERSION_1 && max >= min && max < 0x0200 && reserved == 0 && le32(b, off + 8) != 0
                && le32(b, off + 12) != 0;
    }

    static boolean negotiateResponseShape(byte[] b, int off) {
        int neg = le16(b, off + 4);
        return negotiateResponseVersions(b, off) && (neg == SMBD_VERSION_1 || neg == 0);
    }

    /** MinVersion 1.0 and a MaxVersion of the 1.x family: what opens a negotiate response. */
    static boolean negotiateResponseVersions(byte[] b, int off) {
        int min = le16(b, off), max = le16(b, off + 2);
        return min == SMBD_VERSION_1 && max >= min && max < 0x0200;
    }

    static boolean isSmb2Magic(byte[] b, int at) {
        return (b[at] & 0xff) == 0xfe && b[at + 1] == 'S' && b[at + 2] == 'M' && b[at + 3] == 'B';
    }

    static int le16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }

    static long le32(byte[] b, int at) {
        return (le16(b, at) | (long) le16(b, at + 2) << 16) & 0xffffffffL;
    }

    @Override
    public Ulp.Decoder decoder() {
        return new Decoder();
    }

    /** One connection: both directions' negotiation and reassembly state. */
    static final class Decoder implements Ulp.Decoder {
        private final SegmentStream stream = new SegmentStream();
        private final SegmentStream sub = new SegmentStream();
        /** Per direction (0 from initiator, 1 from responder). */
        private final boolean[] seenFirst = new boolean[2];
        private final Reassembly[] reassembly = {new Reassembly(), new Reassembly()};

        @Override
        public UlpMessage send(UlpInput m) {
            UlpMessage out = new UlpMessage();
            try {
                decode(m, out);
            } catch (RuntimeException e) {
                out.advertisements.clear();
                out.role = UlpMessage.Role.NONE;
                out.summary = "SMB Direct message";
                out.problem("SMB Direct message could not be decoded: " + e);
            }
            return out;
        }

        private void decode(UlpInput m, UlpMessage out) {
            int dir = m.fromInitiator() ? 0 : 1;
            boolean first = !seenFirst[dir];
            seenFirst[dir] = true;
            byte[] b = m.buf();
            if (first && m.fromInitiator() && m.len() >= 20 && m.messageLength() == 20 && negotiateRequestShape(b, m.off())) {
                negotiateRequest(m, out);
                return;
            }
            if (first && !m.fromInitiator() && m.len() >= 32 && m.messageLength() == 32
                    && negotiateResponseVersions(b, m.off())) {
                negotiateResponse(m, out);
                return;
            }
            if (m.len() < DATA_HEADER) {
                out.summary = "SMB Direct message of " + m.messageLength() + " octets";
                out.problem("SMB Direct data transfer message of " + m.messageLength()
                        + " octets is shorter than its 20-octet header");
                return;
            }
            io.rdmascope.ksy.SmbDirect.DataTransfer d =
                    new io.rdmascope.ksy.SmbDirect.DataTransfer(stream.reset(b, m.off(), m.len()));
            String credits = "credits requested " + d.creditsRequested() + ", granted " + d.creditsGranted();
            long dataOffset = d.dataOffset(), dataLength = d.dataLength(), remaining = d.remainingDataLength();
            Reassembly r = reassembly[dir];
            if (dataLength == 0) {
                out.summary = "SMB Direct data transfer without data, " + credits
                        + (d.responseRequested() ? ", response requested" : "");
                if (remaining != 0) {
                    out.problem("SMB Direct data transfer without data says " + remaining + " octets remain");
                }
                return;
            }
            if (dataOffset < DATA_HEADER || dataOffset > m.messageLength() || dataLength > m.messageLength() - dataOffset) {
                out.summary = "SMB Direct data transfer, " + credits;
                out.problem("SMB Direct DataOffset " + dataOffset + " and DataLength " + dataLength
                        + " lie outside the message of " + m.messageLength() + " octets");
                r.clear();
                return;
            }
            if ((dataOffset & 7) != 0) {
                out.problem("SMB Direct DataOffset " + dataOffset + " is not a multiple of 8");
            }
            int dataAt = m.off() + (int) dataOffset;
            int dataAvail = (int) Math.max(0, Math.min(dataLength, m.len() - dataOffset));
            boolean dataWhole = dataAvail == dataLength;

            if (r.active) {
                if (r.remaining == dataLength + remaining) {
                    continuation(out, r, b, dataAt, dataAvail, dataWhole, remaining);
                    return;
                }
                out.problem("SMB Direct data transfer of " + dataLength + " octets with RemainingDataLength "
                        + remaining + " does not continue the fragmented message (" + r.remaining
                        + " octets announced); taken as a new message");
                r.clear();
            }
            if (remaining > 0) {
                // The first piece of a fragmented upper-layer message: the SMB2 header is here.
                r.start(remaining);
                r.append(b, dataAt, dataAvail, dataWhole);
                Walk w = new Walk(b, dataAt, dataAvail, true);
                w.run(out);
                r.emitted = out.advertisements.size();
                r.firstMessageId = w.firstMessageId;
                r.firstCommand = w.firstCommand;
                r.firstResponse = w.firstResponse;
                r.firstProblems = new ArrayList<>(out.problems);
                role(w, out);
                out.summary = w.summary() + " (first fragment, " + remaining + " octets follow)";
                return;
            }
            Walk w = new Walk(b, dataAt, dataAvail, !dataWhole);
            w.run(out);
            role(w, out);
            out.summary = w.summary();
        }

        private void continuation(UlpMessage out, Reassembly r, byte[] b, int dataAt, int dataAvail,
                                  boolean dataWhole, long remaining) {
            String of = r.firstMessageId == null ? "SMB2 message"
                    : "SMB2 " + r.firstCommand + (r.firstResponse ? " response" : " request") + " MessageId "
                    + Long.toUnsignedString(r.firstMessageId);
            r.append(b, dataAt, dataAvail, dataWhole);
            r.remaining = remaining;
            if (remaining > 0) {
                out.summary = "SMB Direct fragment of " + of + " (" + remaining + " octets follow)";
                return;
            }
            out.summary = "SMB Direct last fragment of " + of + " (" + r.received + " octets reassembled)";
            if (r.intact) {
                UlpMessage whole = new UlpMessage();
                Walk w = new Walk(r.data, 0, r.length, false);
                w.run(whole);
                out.summary = "SMB Direct last fragment of " + of + " (" + r.received + " octets reassembled): "
                        + w.summary();
                List<Advertisement> later = whole.advertisements;
                for (int i = r.emitted; i < later.size(); i++) {
                    out.advertisements.add(later.get(i));
                }
                for (String p : whole.problems) {
                    if (!r.firstProblems.contains(p)) {
                        out.problem(p);
                    }
                }
            } else {
                out.problem("SMB Direct fragments of " + of
                        + " were not all captured whole; buffer descriptors after the first fragment are not known");
            }
            r.clear();
        }

        private static void role(Walk w, UlpMessage out) {
            if (w.firstMessageId == null) {
                return;
            }
            out.correlation = w.firstMessageId;
            for (Long id : w.messageIds) {
                if (id.longValue() != w.firstMessageId && id != NO_MESSAGE_ID) {
                    if (out.moreCorrelations == null) {
                        out.moreCorrelations = new ArrayList<>();
                    }
                    if (!out.moreCorrelations.contains(id)) {
                        out.moreCorrelations.add(id);
                    }
                }
            }
            if (w.firstResponse) {
                if (w.firstInterim) {
                    out.role = UlpMessage.Role.NONE;
                } else if (w.firstMessageId == NO_MESSAGE_ID) {
                    out.role = UlpMessage.Role.NONE;
                } else {
                    out.role = UlpMessage.Role.REPLY;
                }
            } else if (w.firstCancel) {
                out.role = UlpMessage.Role.NONE;
            } else {
                out.role = UlpMessage.Role.CALL;
                out.fields.put("messageId", w.firstMessageId);
                out.fields.put("command", w.firstCommand);
            }
        }

        private void negotiateRequest(UlpInput m, UlpMessage out) {
            io.rdmascope.ksy.SmbDirect.NegotiateRequest q =
                    new io.rdmascope.ksy.SmbDirect.NegotiateRequest(stream.reset(m.buf(), m.off(), m.len()));
            out.summary = "SMB Direct negotiate request, versions " + Hex.atLeast(q.minVersion(), 4) + "-"
                    + Hex.atLeast(q.maxVersion(), 4) + ", credits requested " + q.creditsRequested()
                    + ", preferred send " + q.preferredSendSize() + ", max receive " + q.maxReceiveSize()
                    + ", max fragmented " + q.maxFragmentedSize();
        }

        private void negotiateResponse(UlpInput m, UlpMessage out) {
            io.rdmascope.ksy.SmbDirect.NegotiateResponse p =
                    new io.rdmascope.ksy.SmbDirect.NegotiateResponse(stream.reset(m.buf(), m.off(), m.len()));
            out.summary = "SMB Direct negotiate response, version " + Hex.atLeast(p.negotiatedVersion(), 4)
                    + ", status " + Hex.atLeast(p.status(), 8) + ", credits granted " + p.creditsGranted()
                    + ", max read/write " + p.maxReadWriteSize() + ", max receive " + p.maxReceiveSize();
            if (p.status() == 0 && p.negotiatedVersion() != SMBD_VERSION_1) {
                out.problem("SMB Direct negotiate response succeeds with unknown version "
                        + Hex.atLeast(p.negotiatedVersion(), 4));
            }
        }

        /** Walks the SMB2 headers of one upper-layer message (compounded or not), bounded. */
        private final class Walk {
            final byte[] b;
            final int start, len;
            /** The data continues beyond what is at hand (a fragment or a message kept in part). */
            final boolean partial;
            Long firstMessageId;
            String firstCommand;
            boolean firstResponse, firstInterim, firstCancel;
            final List<String> commands = new ArrayList<>();
            final List<Long> messageIds = new ArrayList<>();
            long lastMessageId;
            String detail = "";
            boolean notSmb2;
            String otherProtocol;
            boolean capped;

            Walk(byte[] b, int start, int len, boolean partial) {
                this.b = b;
                this.start = start;
                this.len = len;
                this.partial = partial;
            }

            void run(UlpMessage out) {
                int at = 0;
                for (int n = 0; ; n++) {
                    if (n == MAX_COMPOUND) {
                        out.problem("SMB2 compound holds more than " + MAX_COMPOUND + " commands; the rest are not decoded");
                        return;
                    }
                    if (len - at < SMB2_HEADER) {
                        if (n == 0) {
                            notSmb2 = true;
                            otherProtocol = len >= 4 ? protocolOf(start) : null;
                            if (!partial && (otherProtocol == null || otherProtocol.equals("SMB2"))) {
                                out.problem("SMB2 message of " + len + " octets is shorter than its 64-octet header");
                            }
                        } else if (!partial) {
                            out.problem("SMB2 NextCommand points past the end of the message (" + (len - at)
                                    + " octets left for a 64-octet header)");
                        }
                        return;
                    }
                    Smb2.Header h = new Smb2.Header(stream.reset(b, start + at, len - at));
                    if (!h.isSmb2()) {
                        if (n == 0) {
                            notSmb2 = true;
                            otherProtocol = protocolOf(start + at);
                        } else {
                            out.problem("SMB2 NextCommand leads to octets that are not an SMB2 header");
                        }
                        return;
                    }
                    header(h, at, n, out);
                    long next = h.nextCommand();
                    if (next == 0) {
                        return;
                    }
                    if (next < SMB2_HEADER || (next & 7) != 0) {
                        out.problem("SMB2 NextCommand " + next + " is not an 8-octet aligned offset past the 64-octet header");
                        return;
                    }
                    if (next > len - at) {
                        if (!partial) {
                            out.problem("SMB2 NextCommand " + next + " points past the end of the message ("
                                    + (len - at) + " octets left)");
                        }
                        return;
                    }
                    at += (int) next;
                }
            }

            private String protocolOf(int at) {
                int p = b[at] & 0xff;
                boolean smb = b[at + 1] == 'S' && b[at + 2] == 'M' && b[at + 3] == 'B';
                if (!smb) {
                    return null;
                }
                return switch (p) {
                    case 0xfe -> "SMB2";
                    case 0xfd -> "SMB3 transform (encrypted)";
                    case 0xfc -> "SMB3 compression";
                    case 0xff -> "SMB1";
                    default -> null;
                };
            }

            private void header(Smb2.Header h, int at, int n, UlpMessage out) {
                String name = h.command() != null ? h.command().name() : "unknown command";
                boolean response = (h.flags() & FLAG_RESPONSE) != 0;
                boolean async = (h.flags() & FLAG_ASYNC) != 0;
                if (h.structureSize() != SMB2_HEADER) {
                    out.problem("SMB2 header StructureSize is " + h.structureSize() + ", not 64");
                }
                if (n == 0) {
                    firstMessageId = h.messageId();
                    firstCommand = name;
                    firstResponse = response;
                    firstInterim = response && async && h.status() == STATUS_PENDING;
                    firstCancel = !response && h.command() == Smb2.Command.CANCEL;
                }
                commands.add(name);
                messageIds.add(h.messageId());
                lastMessageId = h.messageId();
                if (response || h.command() == null) {
                    if (n == 0 && response) {
                        detail = h.status() == 0 ? "" : ", status " + Hex.atLeast(h.status(), 8);
                    }
                    return;
                }
                if (h.command() == Smb2.Command.READ) {
                    readWrite(at, true, h.messageId(), out);
                } else if (h.command() == Smb2.Command.WRITE) {
                    readWrite(at, false, h.messageId(), out);
                }
            }

            private void readWrite(int at, boolean read, long messageId, UlpMessage out) {
                String cmd = read ? "READ" : "WRITE";
                int body = at + SMB2_HEADER;
                if (len - body < SMB2_BODY_FIXED) {
                    if (!partial) {
                        out.problem("SMB2 " + cmd + " request MessageId " + Long.toUnsignedString(messageId)
                                + " is cut short: " + Math.max(0, len - body) + " of its 48 fixed octets");
                    }
                    return;
                }
                SegmentStream s = sub.reset(b, start + body, len - body);
                Smb2.Channel channel;
                int infoOffset, infoLength;
                long length;
                if (read) {
                    Smb2.ReadRequest q = new Smb2.ReadRequest(s);
                    channel = q.channel();
                    infoOffset = q.readChannelInfoOffset();
                    infoLength = q.readChannelInfoLength();
                    length = q.length();
                    if (q.structureSize() != 49) {
                        out.problem("SMB2 READ request StructureSize is " + q.structureSize() + ", not 49");
                    }
                } else {
                    Smb2.WriteRequest q = new Smb2.WriteRequest(s);
                    channel = q.channel();
                    infoOffset = q.writeChannelInfoOffset();
                    infoLength = q.writeChannelInfoLength();
                    length = channel == Smb2.Channel.NONE ? q.length() : q.remainingBytes();
                    if (q.structureSize() != 49) {
                        out.problem("SMB2 WRITE request StructureSize is " + q.structureSize() + ", not 49");
                    }
                }
                String what = "buffer descriptor of SMB2 " + cmd + " MessageId " + Long.toUnsignedString(messageId);
                if (channel == Smb2.Channel.NONE) {
                    detail += ", " + cmd + " " + length + " octets inline";
                    return;
                }
                if (channel == null) {
                    out.problem("SMB2 " + cmd + " request MessageId " + Long.toUnsignedString(messageId)
                            + " names an unknown Channel");
                    return;
                }
                if (infoLength == 0) {
                    out.problem("SMB2 " + cmd + " request MessageId " + Long.toUnsignedString(messageId) + " asks for "
                            + channel.name() + " without channel information");
                    return;
                }
                if (infoOffset < SMB2_HEADER + SMB2_BODY_FIXED) {
                    out.problem("SMB2 " + cmd + " channel information offset " + infoOffset
                            + " lies inside the header or the request's fixed part");
                    return;
                }
                int infoAt = at + infoOffset;
                int avail = Math.max(0, Math.min(infoLength, len - infoAt));
                if (infoAt > len || avail < infoLength) {
                    if (!partial) {
                        out.problem("SMB2 " + cmd + " channel information (offset " + infoOffset + ", length "
                                + infoLength + ") runs past the end of the message");
                    }
                }
                Smb2.Channel kind = channel;
                if (channel == Smb2.Channel.RDMA_TRANSFORM) {
                    if (avail < RDMA_TRANSFORM) {
                        if (!partial || avail == infoLength) {
                            out.problem("SMB2 " + cmd + " SMB2_RDMA_TRANSFORM is cut short: " + avail + " of 16 octets");
                        }
                        return;
                    }
                    Smb2.RdmaTransform t = new Smb2.RdmaTransform(sub.reset(b, start + infoAt, avail));
                    kind = t.channel();
                    if (kind != Smb2.Channel.RDMA_V1 && kind != Smb2.Channel.RDMA_V1_INVALIDATE) {
                        out.problem("SMB2 " + cmd + " SMB2_RDMA_TRANSFORM names no RDMA descriptor channel");
                        return;
                    }
                    int dOff = t.rdmaDescriptorOffset(), dLen = t.rdmaDescriptorLength();
                    if (dOff < RDMA_TRANSFORM || dOff + dLen > infoLength) {
                        out.problem("SMB2 " + cmd + " SMB2_RDMA_TRANSFORM descriptors (offset " + dOff + ", length "
                                + dLen + ") lie outside its channel information of " + infoLength + " octets");
                        return;
                    }
                    if (dLen % DESCRIPTOR != 0) {
                        out.problem("SMB2 " + cmd + " SMB2_RDMA_TRANSFORM descriptors of " + dLen
                                + " octets are not a whole number of 16-octet buffer descriptors");
                    }
                    infoAt += dOff;
                    avail = Math.max(0, Math.min(dLen, len - infoAt));
                } else if (infoLength % DESCRIPTOR != 0) {
                    out.problem("SMB2 " + cmd + " channel information of " + infoLength
                            + " octets is not a whole number of 16-octet buffer descriptors");
                }
                int count = avail / DESCRIPTOR;
                long total = 0;
                int taken = 0;
                SegmentStream ds = sub.reset(b, start + Math.min(infoAt, len), avail);
                for (int i = 0; i < count; i++) {
                    Smb2.BufferDescriptorV1 d = new Smb2.BufferDescriptorV1(ds);
                    if (out.advertisements.size() >= MAX_ADVERTISEMENTS) {
                        if (!capped) {
                            capped = true;
                            out.problem("more than " + MAX_ADVERTISEMENTS
                                    + " buffer descriptors in one message; the rest are not taken");
                        }
                        break;
                    }
                    int access = read ? Advertisement.REMOTE_WRITE : Advertisement.REMOTE_READ;
                    out.advertisements.add(new Advertisement(d.token(), d.offset(), d.length(), access, what));
                    total += d.length();
                    taken++;
                }
                if (taken > 0 && total < length && channel != Smb2.Channel.RDMA_TRANSFORM) {
                    out.problem("SMB2 " + cmd + " request MessageId " + Long.toUnsignedString(messageId) + " moves "
                            + length + " octets but its buffer descriptors hold only " + total);
                }
                detail += ", " + cmd + " " + length + " octets via " + channel.name() + " (" + taken
                        + (taken == 1 ? " buffer descriptor" : " buffer descriptors") + ")";
                if (channel == Smb2.Channel.RDMA_TRANSFORM) {
                    detail += " with RDMA transform";
                }
            }

            String summary() {
                if (notSmb2) {
                    return otherProtocol != null && !otherProtocol.equals("SMB2") ? otherProtocol + " message"
                            : "SMB Direct data transfer (not an SMB2 message)";
                }
                if (firstMessageId == null) {
                    return "SMB Direct data transfer";
                }
                StringBuilder s = new StringBuilder("SMB2 ");
                s.append(String.join(" ", commands));
                if (firstResponse) {
                    s.append(firstInterim ? " interim response (STATUS_PENDING)" : " response");
                } else {
                    s.append(" request");
                }
                s.append(messageIds.size() > 1 ? ", MessageIds " : ", MessageId ");
                s.append(Long.toUnsignedString(firstMessageId));
                if (messageIds.size() > 1) {
                    s.append('-').append(Long.toUnsignedString(lastMessageId));
                }
                s.append(detail);
                return s.toString();
            }
        }
    }
}
