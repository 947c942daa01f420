package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.engine.FrameList;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.fields.Hex;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The {@code transactions} array of the {@code analyze --format json} document, encoded straight
 * into octets in the layout of Jackson's default pretty printer (the layout of the rest of the
 * document, see {@link EncodedPrettyPrinter}): the same octets the generator would write, which
 * {@code TransactionArrayWriterTest} checks on every sample, every real capture and hostile
 * strings.
 *
 * <p>Why: the transactions are nearly all of a long report (of the 7.8 MB that the 200 MB bulk
 * capture of {@code bench/compare.sh} gives, 404,000 numbers are frames), and the report is written
 * after the analysis by code that only the client compiler compiles. That compiler makes a division
 * instruction of every division by a constant, and the generator cuts a number's digits by dividing
 * by 1,000. Here digits are cut two at a time by multiplying by the inverse of a hundred,
 * hexadecimal forms go straight into the buffer, a one-shot transaction's frames reuse the digits of
 * its data frames, and members go out without the generator's checks of its context: 6.9 % of the
 * whole process on the bulk capture (docs/performance.md, "What makes it fast").
 *
 * <p>Strings that are not plain printable ASCII (a note or an upper-layer field may hold anything)
 * are quoted by the generator itself, so every escape is Jackson's.
 */
final class TransactionArrayWriter {
    private static final byte[] NEWLINE = System.lineSeparator().getBytes(StandardCharsets.US_ASCII);
    private static final JsonFactory QUOTING = new JsonFactory();

    private static byte[] name(String name) {
        return ("\"" + name + "\" : ").getBytes(StandardCharsets.US_ASCII);
    }

    private static final byte[] ID = name("id");
    private static final byte[] CONNECTION = name("connection");
    private static final byte[] KIND = name("kind");
    private static final byte[] ADVERTISER = name("advertiser");
    private static final byte[] STAG = name("stag");
    private static final byte[] TO = name("to");
    private static final byte[] LENGTH = name("length");
    private static final byte[] ACCESS = name("access");
    private static final byte[] INITIATION_FRAME = name("initiationFrame");
    private static final byte[] DATA_FRAMES = name("dataFrames");
    private static final byte[] BYTES = name("bytes");
    private static final byte[] COMPLETION_FRAME = name("completionFrame");
    private static final byte[] COMPLETION = name("completion");
    private static final byte[] STATUS = name("status");
    private static final byte[] LATENCY_NS = name("latencyNs");
    private static final byte[] FRAMES = name("frames");
    private static final byte[] START_FRAME = name("startFrame");
    private static final byte[] END_FRAME = name("endFrame");
    private static final byte[] FROM = name("from");
    private static final byte[] SINK_STAG = name("sinkStag");
    private static final byte[] SINK_TO = name("sinkTo");
    private static final byte[] SOURCE_STAG = name("sourceStag");
    private static final byte[] SOURCE_TO = name("sourceTo");
    private static final byte[] SIZE = name("size");
    private static final byte[] ADVERTISED_FRAME = name("advertisedFrame");
    private static final byte[] OPCODE = name("opcode");
    private static final byte[] OPCODE_NAME = name("opcodeName");
    private static final byte[] QN = name("qn");
    private static final byte[] MSN = name("msn");
    private static final byte[] INVALIDATE_STAG = name("invalidateStag");
    private static final byte[] ULP = name("ulp");
    private static final byte[] SUMMARY = name("summary");
    private static final byte[] OPERATIONS = name("operations");
    private static final byte[] NOTE = name("note");
    private static final byte[] RETRANSMISSIONS = name("retransmissions");
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WRITE = "\"write\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] READ = "\"read\"".getBytes(StandardCharsets.US_ASCII);

    /** Room that every single put below fits in, so that each checks the buffer once. */
    private static final int ROOM = 64;

    /** Where {@link #flush} hands the octets. */
    private final OutputStream out;
    private final int level;
    /** The nesting of the members being written: {@link #level}, deeper inside an upper-layer object. */
    private int members;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    /** Whether the object being written has no member yet. */
    private boolean empty;
    private ByteArrayOutputStream quoted;

    private TransactionArrayWriter(OutputStream out, int level) {
        this.out = out;
        this.level = level;
        this.members = level;
    }

    /**
     * Writes {@code [ {...}, {...} ]}, or {@code [ ]}.
     *
     * @param out where the octets go (the generator that wrote up to here must have been flushed)
     * @param level the pretty printer's nesting of the transactions' members (3 in the document:
     *     the root object, a file's object, a transaction's object)
     */
    static void write(OutputStream out, int level, Iterable<Transaction> transactions) throws IOException {
        TransactionArrayWriter w = new TransactionArrayWriter(out, level);
        w.buf[w.pos++] = '[';
        boolean first = true;
        for (Transaction t : transactions) {
            w.room();
            if (!first) {
                w.buf[w.pos++] = ',';
            }
            w.buf[w.pos++] = ' ';
            first = false;
            w.transaction(t);
        }
        w.room();
        w.buf[w.pos++] = ' ';
        w.buf[w.pos++] = ']';
        w.flush();
    }

    private void transaction(Transaction t) throws IOException {
        startObject();
        string(ID, t.id);
        string(CONNECTION, t.connection);
        string(KIND, t.kind.jsonName);
        if (t.oneShot()) {
            string(ADVERTISER, t.advertiser);
            stag(STAG, t.stag);
            to(TO, t.to);
            number(LENGTH, t.length);
            name(ACCESS);
            room();
            buf[pos++] = '[';
            if (t.remoteWrite()) {
                buf[pos++] = ' ';
                put(WRITE);
            }
            if (t.remoteRead()) {
                if (t.remoteWrite()) {
                    buf[pos++] = ',';
                }
                buf[pos++] = ' ';
                put(READ);
            }
            buf[pos++] = ' ';
            buf[pos++] = ']';
            number(INITIATION_FRAME, t.initiationFrame);
            frames(DATA_FRAMES, t.dataFrames);
            number(BYTES, t.bytes);
            frameOrNull(COMPLETION_FRAME, t.completionFrame);
            string(COMPLETION, t.completion == null ? null : t.completion.jsonName);
            string(STATUS, t.status.jsonName());
            latency(t);
            span(t);
        } else {
            operation(t);
        }
        endObject(level - 1);
    }

    /** A transaction of any kind but one-shot, in the member order of the contract's table. */
    private void operation(Transaction t) throws IOException {
        string(FROM, t.advertiser);
        TransactionKind kind = t.kind;
        if (kind == TransactionKind.READ) {
            stag(SINK_STAG, t.sinkStag);
            to(SINK_TO, t.sinkTo);
            stag(SOURCE_STAG, t.stag);
            to(SOURCE_TO, t.to);
            number(SIZE, t.length);
            frameOrNull(ADVERTISED_FRAME, t.advertisedFrame);
        } else if (kind == TransactionKind.WRITE) {
            stag(STAG, t.stag);
            to(TO, t.to);
            frameOrNull(ADVERTISED_FRAME, t.advertisedFrame);
        } else if (kind == TransactionKind.SEND) {
            number(OPCODE, t.opcode);
            string(OPCODE_NAME, t.opcodeDisplayName());
            number(QN, t.qn);
            number(MSN, t.msn);
            if (t.invalidateStag == null) {
                string(INVALIDATE_STAG, null);
            } else {
                stag(INVALIDATE_STAG, t.invalidateStag);
            }
        } else if (kind == TransactionKind.ATOMIC) {
            number(OPCODE, t.opcode);
            stag(STAG, t.stag);
            to(TO, t.to);
        } else {
            name(ULP);
            map(t.ulp, level + 1);
            string(SUMMARY, t.summary);
            name(OPERATIONS);
            strings(t.operations);
        }
        if (t.note != null) {
            string(NOTE, t.note);
        }
        if (t.retransmissions > 0) {
            number(RETRANSMISSIONS, t.retransmissions);
        }
        span(t);
        number(BYTES, t.bytes);
        latency(t);
        string(STATUS, t.status.jsonName());
    }

    /** The members every kind has beside its own: every frame, the first and the last. */
    private void span(Transaction t) throws IOException {
        if (!t.oneShot() || !framesFromDataFrames(t)) {
            frames(FRAMES, t.frames());
        }
        number(START_FRAME, t.startFrame());
        number(END_FRAME, t.endFrame());
    }

    private void latency(Transaction t) throws IOException {
        long latency = t.latencyNanos();
        if (latency < 0 && t.completionFrame < 0) {
            name(LATENCY_NS);
            put(NULL);
        } else {
            number(LATENCY_NS, latency);
        }
    }

    private void startObject() throws IOException {
        room();
        buf[pos++] = '{';
        empty = true;
    }

    /** Closes an object whose members were written at {@code level + 1}: {@code { }} when it has none. */
    private void endObject(int level) throws IOException {
        if (empty) {
            room();
            buf[pos++] = ' ';
        } else {
            newline(level);
        }
        room();
        buf[pos++] = '}';
        empty = false;
    }

    /** A member's encoded name with {@code " : "}, after its separator and indentation. */
    private void name(byte[] name) throws IOException {
        separator();
        put(name);
    }

    /** The comma before every member but the first, and the member's indentation. */
    private void separator() throws IOException {
        room();
        if (!empty) {
            buf[pos++] = ',';
        }
        empty = false;
        newline(members);
    }

    private void newline(int level) throws IOException {
        room();
        for (byte b : NEWLINE) {
            buf[pos++] = b;
        }
        for (int i = 0; i < level; i++) {
            room();
            buf[pos++] = ' ';
            buf[pos++] = ' ';
        }
    }

    private void number(byte[] name, long value) throws IOException {
        name(name);
        decimal(value);
    }

    private void frameOrNull(byte[] name, long frame) throws IOException {
        name(name);
        if (frame < 0) {
            put(NULL);
        } else {
            decimal(frame);
        }
    }

    private void stag(byte[] name, long stag) throws IOException {
        name(name);
        hex(stag & 0xFFFFFFFFL, 8);
    }

    private void to(byte[] name, long to) throws IOException {
        name(name);
        hex(to, 16);
    }

    private void hex(long value, int digits) throws IOException {
        room();
        buf[pos++] = '"';
        pos = Hex.put(value, digits, buf, pos);
        buf[pos++] = '"';
    }

    private void string(byte[] name, String value) throws IOException {
        name(name);
        string(value);
    }

    /**
     * A one-shot transaction's frames in the usual case, its initiation before its first data
     * frame: the initiation, the data frames' digits just written (copied, not encoded again: they
     * are a third of the bulk capture's numbers) and the completion if it comes after them, as
     * {@link Transaction#frames} merges them.
     *
     * @return false, nothing written, in any other case
     */
    private boolean framesFromDataFrames(Transaction t) throws IOException {
        FrameList data = t.dataFrames;
        int length = listEnd - listStart;
        if (data.size() == 0 || t.initiationFrame >= data.getLong(0) || flushes != listFlushes
                || pos + length + 4 * ROOM > buf.length) {
            return false;
        }
        name(FRAMES);
        buf[pos++] = '[';
        buf[pos++] = ' ';
        decimal(t.initiationFrame);
        buf[pos++] = ',';
        buf[pos++] = ' ';
        System.arraycopy(buf, listStart, buf, pos, length);
        pos += length;
        if (t.completionFrame > data.getLong(data.size() - 1)) {
            buf[pos++] = ',';
            buf[pos++] = ' ';
            decimal(t.completionFrame);
        }
        buf[pos++] = ' ';
        buf[pos++] = ']';
        return true;
    }

    /** Where the digits of the last frame list written lie in {@link #buf}, and the flushes before it. */
    private int listStart;
    private int listEnd;
    private long listFlushes;
    private long flushes;

    /** A list of frame numbers: {@code [ 1, 2, 3 ]}, {@code [ ]}. */
    private void frames(byte[] name, FrameList frames) throws IOException {
        name(name);
        room();
        buf[pos++] = '[';
        int n = frames.size();
        if (n >= REMEMBERED && frames.equals(remembered) && pos + rememberedLength + 2 * ROOM <= buf.length) {
            buf[pos++] = ' ';
            listStart = pos;
            listFlushes = flushes;
            System.arraycopy(rememberedDigits, 0, buf, pos, rememberedLength);
            pos += rememberedLength;
            listEnd = pos;
        } else {
            listStart = pos + 1;
            listFlushes = flushes;
            for (int i = 0; i < n; i++) {
                room();
                if (i > 0) {
                    buf[pos++] = ',';
                }
                buf[pos++] = ' ';
                decimal(frames.getLong(i));
            }
            listEnd = pos;
            if (n >= REMEMBERED && listFlushes == flushes) {
                remember(frames);
            }
        }
        room();
        buf[pos++] = ' ';
        buf[pos++] = ']';
    }

    /**
     * Lists of this many frames or more are remembered with their digits, the last one written:
     * a list equal to it is copied instead of encoded again. An operation often has the frames of
     * the transaction before it (a one-shot write's RDMA Write has its data frames).
     */
    private static final int REMEMBERED = 8;
    private FrameList remembered;
    private byte[] rememberedDigits = new byte[1024];
    private int rememberedLength;

    private void remember(FrameList frames) {
        int length = listEnd - listStart;
        if (length > buf.length / 4) {
            remembered = null;
            return;
        }
        if (rememberedDigits.length < length) {
            rememberedDigits = new byte[Math.max(length, 2 * rememberedDigits.length)];
        }
        System.arraycopy(buf, listStart, rememberedDigits, 0, length);
        rememberedLength = length;
        remembered = frames;
    }

    private void strings(List<String> values) throws IOException {
        room();
        buf[pos++] = '[';
        if (values != null) {
            for (int i = 0; i < values.size(); i++) {
                room();
                if (i > 0) {
                    buf[pos++] = ',';
                }
                buf[pos++] = ' ';
                string(values.get(i));
            }
        }
        room();
        buf[pos++] = ' ';
        buf[pos++] = ']';
    }

    /** An upper-layer object, its members at {@code level}, with the values of {@link JsonValues}. */
    @SuppressWarnings("unchecked")
    private void map(Map<String, Object> map, int level) throws IOException {
        int outer = members;
        members = level;
        startObject();
        if (map != null) {
            for (Map.Entry<String, Object> e : map.entrySet()) {
                separator();
                string(e.getKey());
                room();
                buf[pos++] = ' ';
                buf[pos++] = ':';
                buf[pos++] = ' ';
                value(e.getValue(), level);
            }
        }
        members = outer;
        endObject(level - 1);
    }

    /** A value as {@link JsonValues#write} writes it: unsigned numbers, Booleans, nested objects, strings. */
    @SuppressWarnings("unchecked")
    private void value(Object v, int level) throws IOException {
        if (v == null) {
            put(NULL);
        } else if (v instanceof Long l) {
            if (l >= 0) {
                decimal(l);
            } else {
                ascii(Long.toUnsignedString(l));
            }
        } else if (v instanceof Integer i) {
            decimal(i);
        } else if (v instanceof Boolean b) {
            put(b ? TRUE : FALSE);
        } else if (v instanceof Map) {
            map((Map<String, Object>) v, level + 1);
        } else {
            string(v.toString());
        }
    }

    /** A string value: plain printable ASCII is copied; anything else is quoted by the generator. */
    private void string(String s) throws IOException {
        if (s == null) {
            put(NULL);
            return;
        }
        int n = s.length();
        if (n <= ROOM - 2 && plain(s, n)) {
            room();
            buf[pos++] = '"';
            for (int i = 0; i < n; i++) {
                buf[pos++] = (byte) s.charAt(i);
            }
            buf[pos++] = '"';
            return;
        }
        if (quoted == null) {
            quoted = new ByteArrayOutputStream();
        }
        quoted.reset();
        try (JsonGenerator g = QUOTING.createGenerator(quoted)) {
            g.writeString(s);
        }
        flush();
        quoted.writeTo(out);
    }

    private static boolean plain(String s, int n) {
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private void ascii(String s) throws IOException {
        room();
        for (int i = 0; i < s.length(); i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
    }

    /** "00" to "99": two digits per step. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /**
     * A number in decimal. Below 2^32 the quotient by a hundred is taken by multiplying by
     * 0x51EB851F and shifting by 37 (exact for every such number): the client compiler would make
     * a division instruction of {@code / 100}, several times slower.
     */
    private void decimal(long v) throws IOException {
        room();
        if (v < 0 || v > 0xFFFFFFFFL) {
            ascii(Long.toString(v));
            return;
        }
        int end = pos + digits(v);
        int i = end;
        while (v >= 100) {
            long q = (v * 0x51EB851FL) >>> 37;
            int r = (int) (v - q * 100) << 1;
            buf[--i] = PAIRS[r + 1];
            buf[--i] = PAIRS[r];
            v = q;
        }
        if (v >= 10) {
            buf[--i] = PAIRS[(int) (v << 1) + 1];
            buf[--i] = PAIRS[(int) (v << 1)];
        } else {
            buf[--i] = (byte) ('0' + v);
        }
        pos = end;
    }

    private static int digits(long v) {
        int n = 1;
        for (long bound = 10; n < 10 && v >= bound; bound *= 10) {
            n++;
        }
        return n;
    }

    private void put(byte[] octets) throws IOException {
        room();
        System.arraycopy(octets, 0, buf, pos, octets.length);
        pos += octets.length;
    }

    /** Makes room for one put of at most {@link #ROOM} octets. */
    private void room() throws IOException {
        if (pos > buf.length - ROOM) {
            flush();
        }
    }

    private void flush() throws IOException {
        out.write(buf, 0, pos);
        pos = 0;
        flushes++;
    }
}
