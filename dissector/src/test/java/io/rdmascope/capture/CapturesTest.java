package io.rdmascope.capture;

import static io.rdmascope.capture.CaptureBytes.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CapturesTest {
    @TempDir
    Path dir;

    record Rec(long frame, long ts, int link, byte[] data, int original, long position) {}

    private Path write(byte[] bytes) throws IOException {
        Path f = Files.createTempFile(dir, "cap", ".bin");
        Files.write(f, bytes);
        return f;
    }

    private static List<Rec> readAll(CaptureReader r) throws IOException {
        List<Rec> out = new ArrayList<>();
        Packet p = new Packet();
        long pos = r.position();
        while (r.next(p)) {
            out.add(new Rec(p.frame, p.timestampNanos, p.linkType, Arrays.copyOfRange(p.data, p.offset, p.offset + p.length),
                    p.originalLength, pos));
            pos = r.position();
        }
        return out;
    }

    private List<Rec> read(byte[] bytes, int window) throws IOException {
        try (CaptureReader r = Captures.open(write(bytes), window)) {
            List<Rec> recs = readAll(r);
            assertThat(r.problem()).isNull();
            assertThat(r.position()).isEqualTo(bytes.length);
            // every record can be read again by its position
            Packet p = new Packet();
            for (Rec rec : recs) {
                assertThat(r.readAt(rec.position(), rec.frame(), p)).isTrue();
                assertThat(p.frame).isEqualTo(rec.frame());
                assertThat(p.timestampNanos).isEqualTo(rec.ts());
                assertThat(Arrays.copyOfRange(p.data, p.offset, p.offset + p.length)).isEqualTo(rec.data());
            }
            return recs;
        }
    }

    @ParameterizedTest
    @CsvSource({"BIG_ENDIAN,false", "BIG_ENDIAN,true", "LITTLE_ENDIAN,false", "LITTLE_ENDIAN,true"})
    void pcapInAllFourMagics(String orderName, boolean nanos) throws IOException {
        ByteOrder order = orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        byte[] file = new CaptureBytes(order).pcapHeader(nanos, 65535, 1)
                .pcapRecord(1_700_000_000L, 123_456, payload(60, 1), 60)
                .pcapRecord(1_700_000_001L, 999_999, payload(1514, 2), 1514)
                .pcapRecord(1_700_000_002L, 5, payload(100, 3), 4000)
                .toByteArray();
        for (int window : new int[] {MappedFile.DEFAULT_WINDOW, 100}) {
            List<Rec> r = read(file, window);
            assertThat(r).hasSize(3);
            long unit = nanos ? 1 : 1000;
            assertThat(r.get(0).ts()).isEqualTo(1_700_000_000_000_000_000L + 123_456 * unit);
            assertThat(r.get(1).ts()).isEqualTo(1_700_000_001_000_000_000L + 999_999 * unit);
            assertThat(r.get(1).data()).isEqualTo(payload(1514, 2));
            assertThat(r.get(2).original()).isEqualTo(4000);
            assertThat(r.get(2).data()).hasSize(100);
            assertThat(r).extracting(Rec::frame).containsExactly(1L, 2L, 3L);
            assertThat(r).extracting(Rec::link).containsOnly(1);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void pcapngWithSeveralInterfacesAndBlockKinds(boolean little) throws IOException {
        ByteOrder order = little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        CaptureBytes b = new CaptureBytes(order).shb()
                .idb(1, 0, -1) // microseconds by default
                .idb(101, 65535, 9) // nanoseconds
                .unknownBlock(0x0bad, 20)
                .idb(113, 262144, 0x80 | 10) // 2^-10 seconds
                .epb(0, 1_700_000_000_123_456L, payload(61, 1), 61)
                .epb(1, 1_700_000_000_123_456_789L, payload(40, 2), 1500)
                .unknownBlock(5, 8) // interface statistics
                .epb(2, (1_700_000_000L << 10) | 512, payload(3, 3), 3)
                .spb(payload(42, 4), 42)
                .obsoletePb(1, 7_000_000_001L, payload(17, 5), 17);
        // a second section in the other byte order
        b.order(little ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN).shb().idb(229, 0, 3).epb(0, 5, payload(48, 6), 48);
        byte[] file = b.toByteArray();
        for (int window : new int[] {MappedFile.DEFAULT_WINDOW, 64}) {
            List<Rec> r = read(file, window);
            assertThat(r).extracting(Rec::frame).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
            assertThat(r).extracting(Rec::link).containsExactly(1, 101, 113, 1, 101, 229);
            assertThat(r.get(0).ts()).isEqualTo(1_700_000_000_123_456_000L);
            assertThat(r.get(1).ts()).isEqualTo(1_700_000_000_123_456_789L);
            assertThat(r.get(1).original()).isEqualTo(1500);
            assertThat(r.get(2).ts()).isEqualTo(1_700_000_000_500_000_000L);
            assertThat(r.get(2).data()).isEqualTo(payload(3, 3));
            // a simple packet block has no timestamp
            assertThat(r.get(3).ts()).isZero();
            assertThat(r.get(3).data()).isEqualTo(payload(42, 4));
            assertThat(r.get(4).ts()).isEqualTo(7_000_000_001L);
            assertThat(r.get(4).data()).isEqualTo(payload(17, 5));
            assertThat(r.get(5).ts()).isEqualTo(5_000_000L);
            assertThat(r.get(5).data()).isEqualTo(payload(48, 6));
        }
    }

    @Test
    void simplePacketBlockIsCutToTheSnapshotLength() throws IOException {
        byte[] file = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).shb().idb(1, 40, -1).spb(payload(40, 1), 100).toByteArray();
        List<Rec> r = read(file, MappedFile.DEFAULT_WINDOW);
        assertThat(r).hasSize(1);
        assertThat(r.get(0).data()).hasSize(40);
        assertThat(r.get(0).original()).isEqualTo(100);
    }

    @Test
    void timestampOffsetOptionIsAddedAndUnknownOptionsAreSkipped() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.BIG_ENDIAN).shb();
        // IDB: link 1, snap 0, options: if_name "eth0" (code 2), if_tsresol 3, if_tsoffset 1000 s, end
        int len = 16 + 8 + 8 + 12 + 4 + 4;
        b.u32(1).u32(len).u16(1).u16(0).u32(0)
                .u16(2).u16(4).u8('e').u8('t').u8('h').u8('0')
                .u16(9).u16(1).u8(3).u8(0).u8(0).u8(0)
                .u16(14).u16(8).u64(1000)
                .u16(0).u16(0)
                .u32(len);
        b.epb(0, 2500, payload(20, 1), 20);
        List<Rec> r = read(b.toByteArray(), MappedFile.DEFAULT_WINDOW);
        assertThat(r).hasSize(1);
        assertThat(r.get(0).ts()).isEqualTo(1000_000_000_000L + 2_500_000_000L);
    }

    @Test
    void binaryTimestampResolutionsKeepNanosecondPrecision() {
        PcapngReader.Interface f = new PcapngReader.Interface(1, 0);
        f.binary = true;
        f.exponent = 40;
        assertThat(f.nanos((3L << 40) | (1L << 39))).isEqualTo(3_500_000_000L);
        f.exponent = 0;
        assertThat(f.nanos(2)).isEqualTo(2_000_000_000L);
        f.binary = false;
        f.exponent = 12;
        assertThat(f.nanos(1_500_000_000_000L)).isEqualTo(1_500_000_000L);
    }

    // ---- bad files

    private String openFails(Path f) {
        try (CaptureReader r = Captures.open(f)) {
            throw new AssertionError("opened " + r);
        } catch (CaptureException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void missingFile() {
        assertThat(openFails(dir.resolve("nothing.pcap"))).contains("no such file");
    }

    @Test
    void folder() {
        assertThat(openFails(dir)).contains("folder");
    }

    @Test
    void emptyFile() throws IOException {
        assertThat(openFails(write(new byte[0]))).contains("empty");
    }

    @Test
    void notACapture() throws IOException {
        assertThat(openFails(write("hello world\n".getBytes()))).contains("not a capture").contains("magic 0x68656c6c");
        assertThat(openFails(write(new byte[] {1, 2}))).contains("not a capture").contains("only 2 octets");
    }

    @Test
    void cutInsideTheFileHeader() throws IOException {
        byte[] pcap = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).pcapHeader(false, 65535, 1).toByteArray();
        assertThat(openFails(write(Arrays.copyOf(pcap, 10)))).contains("cut inside the file header: 10 of 24");
        byte[] ng = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).shb().toByteArray();
        assertThat(openFails(write(Arrays.copyOf(ng, 20)))).contains("cut inside the section header: 20 of 28");
    }

    @Test
    void pcapngWithBadByteOrderMagicOrVersion() throws IOException {
        byte[] ng = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).shb().toByteArray();
        ng[8] = 0x11;
        assertThat(openFails(write(ng))).contains("byte-order magic");
        byte[] v2 = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).shb().toByteArray();
        v2[12] = 2;
        assertThat(openFails(write(v2))).contains("version 2.0");
    }

    private String stops(byte[] file, int expectedRecords) throws IOException {
        try (CaptureReader r = Captures.open(write(file))) {
            List<Rec> recs = readAll(r);
            assertThat(recs).hasSize(expectedRecords);
            assertThat(r.next(new Packet())).isFalse();
            assertThat(r.problem()).isNotNull().doesNotContain("\n");
            return r.problem();
        }
    }

    @Test
    void pcapRecordCutShort() throws IOException {
        byte[] file = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).pcapHeader(false, 65535, 1)
                .pcapRecord(1, 0, payload(60, 1), 60).pcapRecord(2, 0, payload(1514, 2), 1514).toByteArray();
        assertThat(stops(Arrays.copyOf(file, 24 + 16 + 60 + 16 + 60), 1))
                .isEqualTo("record 2 at offset 0x64 is cut short: 60 of 1514 octets");
        assertThat(stops(Arrays.copyOf(file, 24 + 16 + 60 + 7), 1)).contains("record 2").contains("header 7 of 16");
    }

    @Test
    void pcapRecordLengthBeyondSnapshotOrAbsurd() throws IOException {
        byte[] big = new CaptureBytes(ByteOrder.BIG_ENDIAN).pcapHeader(false, 100, 1)
                .pcapRecord(1, 0, payload(60, 1), 60).pcapRecord(2, 0, payload(101, 1), 101).toByteArray();
        assertThat(stops(big, 1)).contains("record 2").contains("impossible captured length 101");
        byte[] absurd = new CaptureBytes(ByteOrder.BIG_ENDIAN).pcapHeader(false, 0, 1)
                .pcapRecord(1, 0, payload(60, 1), 60).u32(0).u32(0).u32(0x7fffffff).u32(0).toByteArray();
        assertThat(stops(absurd, 1)).contains("impossible captured length 2147483647");
    }

    @Test
    void pcapngBlockLengthsThatLie() throws IOException {
        CaptureBytes ok = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).shb().idb(1, 0, -1).epb(0, 1, payload(60, 1), 60);
        byte[] good = ok.toByteArray();
        // not a multiple of 4
        byte[] f = concat(good, new CaptureBytes(ByteOrder.LITTLE_ENDIAN).u32(6).u32(33).toByteArray(), new byte[40]);
        assertThat(stops(f, 1)).contains("impossible length 33");
        // absurdly large
        f = concat(good, new CaptureBytes(ByteOrder.LITTLE_ENDIAN).u32(6).u32(0x10000000).toByteArray(), new byte[40]);
        assertThat(stops(f, 1)).contains("impossible length 268435456");
        // smaller than its fixed part
        f = concat(good, new CaptureBytes(ByteOrder.LITTLE_ENDIAN).u32(6).u32(16).u32(0).u32(16).toByteArray());
        assertThat(stops(f, 1)).contains("too short for a packet block");
        // cut short
        byte[] two = ok.epb(0, 2, payload(1514, 2), 1514).toByteArray();
        assertThat(stops(Arrays.copyOf(two, good.length + 100), 1)).contains("is cut short: 100 of 1548 octets");
        // captured length beyond the block
        byte[] inner = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).epb(0, 1, payload(60, 1), 60).toByteArray();
        inner[20] = (byte) 200;
        assertThat(stops(concat(good, inner), 1)).contains("cannot hold 200 captured octets");
    }

    @Test
    void pcapngPacketOfAnUndescribedInterface() throws IOException {
        byte[] f = new CaptureBytes(ByteOrder.BIG_ENDIAN).shb().idb(1, 0, -1).epb(0, 1, payload(60, 1), 60)
                .epb(3, 2, payload(60, 2), 60).toByteArray();
        assertThat(stops(f, 1)).contains("record 2").contains("interface 3").contains("describes 1");
        byte[] spb = new CaptureBytes(ByteOrder.BIG_ENDIAN).shb().spb(payload(60, 2), 60).toByteArray();
        assertThat(stops(spb, 0)).contains("interface 0");
    }

    @Test
    void pcapngSnapshotLengthExceeded() throws IOException {
        byte[] f = new CaptureBytes(ByteOrder.BIG_ENDIAN).shb().idb(1, 50, -1).epb(0, 1, payload(60, 1), 60).toByteArray();
        assertThat(stops(f, 0)).contains("larger than the snapshot length 50");
    }

    @Test
    void readAtAnUnknownPositionFails() throws IOException {
        byte[] file = new CaptureBytes(ByteOrder.LITTLE_ENDIAN).pcapHeader(false, 65535, 1).pcapRecord(1, 0, payload(60, 1), 60)
                .toByteArray();
        try (CaptureReader r = Captures.open(write(file))) {
            assertThat(r.readAt(0, 1, new Packet())).isFalse();
            assertThat(r.readAt(1000, 1, new Packet())).isFalse();
            assertThat(r.readAt(30, 1, new Packet())).isFalse();
        }
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
