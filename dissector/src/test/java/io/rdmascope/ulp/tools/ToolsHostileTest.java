package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Hand-made rping, perftest and rsockets messages, well-formed and hostile. */
class ToolsHostileTest {
    static final int RW = Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE;

    static byte[] rpingInfo(long buf, long rkey, long size) {
        return ByteBuffer.allocate(16).putLong(buf).putInt((int) rkey).putInt((int) size).array();
    }

    static UlpInput send(byte[] b, boolean fromInitiator) {
        return UlpInput.send(b, 0, b.length, b.length, fromInitiator, 3, 0);
    }

    static UlpInput write(byte[] b, boolean fromInitiator, long stag, long to) {
        return new UlpInput(b, 0, b.length, b.length, fromInitiator, 0, 0, stag, to);
    }

    @Test
    void rpingBufferInfoAdvertisesTheBufferForRemoteReadAndWriteWithItsSize() {
        UlpMessage m = new Rping().decoder().send(send(rpingInfo(0x5600001000L, 0x1234500L, 4096), true));
        assertThat(m.advertisements).containsExactly(new Advertisement(0x1234500L, 0x5600001000L, 4096, RW,
                "rping start buffer (the server RDMA Reads it)"));
        assertThat(m.problems).isEmpty();
        assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
    }

    @Test
    void rpingTruncatedOrOversizedMessagesNeverThrowAndAdvertiseNothing() {
        byte[] whole = rpingInfo(0x5600001000L, 0x1234500L, 4096);
        for (int n = 0; n < 16; n++) {
            byte[] cut = Arrays.copyOf(whole, n);
            UlpMessage m = new Rping().decoder().send(send(cut, true));
            assertThat(m.advertisements).isEmpty();
            assertThat(m.problems).singleElement().asString().contains("16-octet");
            UlpMessage kept = new Rping().decoder().send(UlpInput.send(cut, 0, n, 16, true, 3, 0));
            assertThat(kept.advertisements).isEmpty();
            assertThat(kept.problems).isEmpty();
            assertThat(new Rping().recognizes(send(cut, true))).isFalse();
        }
        byte[] longer = Arrays.copyOf(whole, 17);
        assertThat(new Rping().decoder().send(send(longer, true)).advertisements).isEmpty();
        assertThat(new Rping().recognizes(send(longer, true))).isFalse();
    }

    @Test
    void rpingSizesThatCannotBeAreProblems() {
        UlpMessage zero = new Rping().decoder().send(send(rpingInfo(0x5600001000L, 0x1234500L, 0), true));
        assertThat(zero.advertisements).isEmpty();
        assertThat(zero.problems).singleElement().asString().contains("size 0");
        UlpMessage huge = new Rping().decoder().send(send(rpingInfo(0x5600001000L, 0x1234500L, 0xffffffffL), true));
        assertThat(huge.problems).anyMatch(p -> p.contains("larger than"));
        UlpMessage wraps = new Rping().decoder().send(send(rpingInfo(-16, 0x1234500L, 4096), true));
        assertThat(wraps.problems).anyMatch(p -> p.contains("wraps"));
    }

    @Test
    void rpingRecognitionRefusesGoAheadsAndImplausibleBuffers() {
        Rping r = new Rping();
        assertThat(r.recognizes(send(rpingInfo(0x5600001000L, 0x1234500L, 64), true))).isTrue();
        assertThat(r.recognizes(send(new byte[16], false))).isFalse();
        assertThat(r.recognizes(send(rpingInfo(0, 0x1234500L, 64), true))).isFalse();
        assertThat(r.recognizes(send(rpingInfo(0x5600001000L, 0, 64), true))).isFalse();
        assertThat(r.recognizes(send(rpingInfo(0x5600001000L, 0x1234500L, 25), true))).isFalse();
        assertThat(r.recognizes(send(rpingInfo(0x5600001000L, 0x1234500L, 65536), true))).isFalse();
        assertThat(r.recognizes(send(rpingInfo(0x7f00000f20080000L, 0x1234500L, 64), true))).isFalse();
    }

    @Test
    void rpingGoAheadIsNotAProblem() {
        UlpMessage m = new Rping().decoder().send(send(new byte[16], false));
        assertThat(m.problems).isEmpty();
        assertThat(m.advertisements).isEmpty();
        assertThat(m.summary).contains("go-ahead");
    }

    static byte[] dest(int size, long qpn, long rkey, long vaddr) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(0).putInt(128).putInt((int) qpn).putInt(0x123456).putInt((int) rkey).putInt(0).putLong(vaddr);
        if (size == 64) {
            b.putLong(0);
        }
        b.put(new byte[16]).putInt(0).putInt(0);
        return b.array();
    }

    @Test
    void perftestDestAdvertisesItsRkeyAtVaddrWithoutALength() {
        for (int size : new int[] {56, 64}) {
            UlpMessage m = new Perftest().decoder().send(send(dest(size, 2, 0x308b6a00L, 0x55ed66bf8000L), true));
            assertThat(m.advertisements).as("%d octets", size).containsExactly(new Advertisement(0x308b6a00L,
                    0x55ed66bf8000L, Advertisement.UNKNOWN_LENGTH, RW, "perftest test buffer (pingpong_dest)"));
            assertThat(m.problems).isEmpty();
            assertThat(new Perftest().recognizes(send(dest(size, 2, 0x308b6a00L, 0x55ed66bf8000L), true))).isTrue();
        }
    }

    @Test
    void perftestMessagesThatAreNotPlausibleDestsAdvertiseNothingAndAreNotRecognised() {
        Perftest p = new Perftest();
        byte[][] others = {dest(56, 0x1000000, 0x308b6a00L, 0x55ed66bf8000L), dest(56, 2, 0, 0x55ed66bf8000L),
            dest(56, 2, 0x308b6a00L, 0), dest(56, 0, 0x308b6a00L, 0x1000), new byte[56], new byte[64]};
        for (byte[] b : others) {
            assertThat(p.recognizes(send(b, true))).isFalse();
            UlpMessage m = p.decoder().send(send(b, true));
            assertThat(m.advertisements).isEmpty();
            assertThat(m.problems).isEmpty();
        }
    }

    @Test
    void perftestTruncatedAtEveryLengthNeverThrowsAndAdvertisesOnlyWholeDests() {
        byte[] whole = dest(56, 2, 0x308b6a00L, 0x55ed66bf8000L);
        for (int n = 0; n <= 56; n++) {
            byte[] cut = Arrays.copyOf(whole, n);
            UlpMessage kept = new Perftest().decoder().send(UlpInput.send(cut, 0, n, 56, true, 3, 0));
            assertThat(kept.advertisements).hasSize(n == 56 ? 1 : 0);
            assertThat(kept.problems).isEmpty();
            UlpMessage alone = new Perftest().decoder().send(send(cut, true));
            assertThat(alone.advertisements).hasSize(n == 56 ? 1 : 0);
        }
    }

    static byte[] connData(int version, int flags, int iomapSize, long sglAddr, long sglKey, long sglEntries, long bufAddr,
                           long bufKey, long bufLen) {
        return ByteBuffer.allocate(40).put((byte) version).put((byte) flags).putShort((short) 384).put(new byte[3])
                .put((byte) iomapSize).putLong(sglAddr).putInt((int) sglKey).putInt((int) sglEntries).putLong(bufAddr)
                .putInt((int) bufKey).putInt((int) bufLen).array();
    }

    static final byte[] CLIENT = connData(1, 2, 0, 0x5645b23db000L, 0xb0e7a200L, 2, 0x7f24b7cad000L, 0x6f2bc500L, 524288);
    static final byte[] SERVER = connData(1, 2, 0, 0x7fde94003000L, 0x063fb700L, 2, 0x7fde98e82000L, 0xe685ad00L, 524288);

    static byte[] sge(ByteOrder order, long addr, long key, long length) {
        return ByteBuffer.allocate(16).order(order).putLong(addr).putInt((int) key).putInt((int) length).array();
    }

    @Test
    void rsocketsConnectionDataTruncatedAtEveryLengthIsAProblemAndAdvertisesNothing() {
        for (int n = 0; n < 40; n++) {
            Ulp.Decoder d = new Rsockets().decoder();
            UlpMessage m = d.privateData(CLIENT, 0, n, true);
            assertThat(m.advertisements).isEmpty();
            assertThat(m.problems).singleElement().asString().contains("40 octets");
            assertThat(new Rsockets().recognizesPrivateData(CLIENT, 0, n, true)).isFalse();
        }
    }

    @Test
    void rsocketsRecognitionRefusesOtherVersionsFlagsAndSgls() {
        Rsockets r = new Rsockets();
        assertThat(r.recognizesPrivateData(CLIENT, 0, 40, true)).isTrue();
        assertThat(r.recognizesPrivateData(connData(2, 2, 0, 1, 1, 2, 1, 1, 1), 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(connData(1, 0x80, 0, 1, 1, 2, 1, 1, 1), 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(connData(1, 2, 0, 1, 1, 0, 1, 1, 1), 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(connData(1, 2, 0, 1, 1, 100000, 1, 1, 1), 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(connData(1, 2, 0, 1, 1, 2, 1, 1, 0), 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(new byte[40], 0, 40, true)).isFalse();
        assertThat(r.recognizesPrivateData(CLIENT, 0, 40, true)).isTrue();
        assertThat(r.recognizesPrivateData(CLIENT, 30, 40, true)).isFalse();
    }

    @Test
    void rsocketsSgeWriteIsReadInTheByteOrderOfTheSglsOwner() {
        Ulp.Decoder d = new Rsockets().decoder();
        byte[] bigServer = connData(1, 3, 0, 0x7fde94003000L, 0x063fb700L, 2, 0x7fde98e82000L, 0xe685ad00L, 524288);
        d.privateData(CLIENT, 0, 40, true);
        d.privateData(bigServer, 0, 40, false);
        UlpMessage m = d.write(write(sge(ByteOrder.BIG_ENDIAN, 0x7f24b7d2d000L, 0x6f2bc500L, 524288), true, 0x063fb700L,
                0x7fde94003010L));
        assertThat(m.advertisements).containsExactly(new Advertisement(0x6f2bc500L, 0x7f24b7d2d000L, 524288,
                Advertisement.REMOTE_WRITE, "rsockets receive buffer (target SGL entry 1)"));
        UlpMessage back = d.write(write(sge(ByteOrder.LITTLE_ENDIAN, 0x7fde98f02000L, 0xe685ad00L, 524288), false,
                0xb0e7a200L, 0x5645b23db000L));
        assertThat(back.advertisements).extracting(Advertisement::to).containsExactly(0x7fde98f02000L);
    }

    @Test
    void rsocketsDataWritesAreNotAdvertisements() {
        Ulp.Decoder d = new Rsockets().decoder();
        d.privateData(CLIENT, 0, 40, true);
        d.privateData(SERVER, 0, 40, false);
        assertThat(d.write(write(new byte[2048], true, 0xe685ad00L, 0x7fde98e82000L))).isNull();
    }

    @Test
    void rsocketsSgeWritesThatDoNotHoldWholeEntriesOrRunPastTheSglAreProblems() {
        Ulp.Decoder d = new Rsockets().decoder();
        d.privateData(CLIENT, 0, 40, true);
        d.privateData(SERVER, 0, 40, false);
        UlpMessage odd = d.write(write(new byte[16], true, 0x063fb700L, 0x7fde94003004L));
        assertThat(odd.advertisements).isEmpty();
        assertThat(odd.problems).anyMatch(p -> p.contains("whole 16-octet entries"));
        byte[] three = new byte[48];
        System.arraycopy(sge(ByteOrder.LITTLE_ENDIAN, 0x1000, 0x77, 4096), 0, three, 0, 16);
        UlpMessage past = d.write(write(three, true, 0x063fb700L, 0x7fde94003010L));
        assertThat(past.problems).anyMatch(p -> p.contains("runs past the target SGL"));
        assertThat(past.advertisements).hasSize(1);
        UlpMessage outside = d.write(write(new byte[16], true, 0x063fb700L, 0x7fde94009000L));
        assertThat(outside.problems).singleElement().asString().contains("lands outside");
        UlpMessage empty = d.write(write(new byte[16], true, 0x063fb700L, 0x7fde94003000L));
        assertThat(empty.advertisements).isEmpty();
        assertThat(empty.problems).singleElement().asString().contains("0 octets");
    }

    @Test
    void rsocketsTargetSglCountsThatLieAreProblemsAndItsWritesAreNotTaken() {
        Ulp.Decoder d = new Rsockets().decoder();
        UlpMessage m = d.privateData(connData(1, 2, 0, 0x5645b23db000L, 0xb0e7a200L, 0xffffffffL, 0x7f24b7cad000L,
                0x6f2bc500L, 524288), 0, 40, true);
        assertThat(m.problems).singleElement().asString().contains("target SGL of 4294967295 entries");
        assertThat(m.advertisements).extracting(Advertisement::stag).containsExactly(0x6f2bc500L);
        assertThat(d.write(write(new byte[16], false, 0xb0e7a200L, 0x5645b23db000L))).isNull();
    }

    @Test
    void rsocketsSgeWritesAreCappedAtSixtyFourAdvertisements() {
        Ulp.Decoder d = new Rsockets().decoder();
        d.privateData(connData(1, 2, 0, 0x1000000L, 0x55L, 256, 0x2000000L, 0x66L, 4096), 0, 40, false);
        byte[] many = new byte[256 * 16];
        for (int i = 0; i < 256; i++) {
            System.arraycopy(sge(ByteOrder.LITTLE_ENDIAN, 0x100000L * (i + 1), 0x1000 + i, 4096), 0, many, i * 16, 16);
        }
        UlpMessage m = d.write(write(many, true, 0x55L, 0x1000000L));
        assertThat(m.advertisements).hasSize(Rsockets.MAX_ADVERTISEMENTS);
        assertThat(m.problems).singleElement().asString().contains("more than 64");
    }

    @Test
    void rsocketsIomapEntriesAdvertiseTheMappedBuffer() {
        Ulp.Decoder d = new Rsockets().decoder();
        UlpMessage pd = d.privateData(connData(1, 2, 8, 0x1000000L, 0x55L, 2, 0x2000000L, 0x66L, 4096), 0, 40, false);
        assertThat(pd.advertisements).extracting(Advertisement::what).contains("rsockets target iomap (8 entries)");
        byte[] iomap = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(0x4000).putLong(0x3000000L)
                .putInt(0x77).putInt(8192).array();
        UlpMessage m = d.write(write(iomap, true, 0x55L, 0x1000000L + 32 + 24));
        assertThat(m.advertisements).containsExactly(new Advertisement(0x77, 0x3000000L, 8192, Advertisement.REMOTE_WRITE,
                "rsockets riomap buffer at offset 16384"));
    }

    @Test
    void rsocketsSendsOfOtherSizesOrReservedOperationsAreProblems() {
        Ulp.Decoder d = new Rsockets().decoder();
        assertThat(d.send(send(new byte[7], true)).problems).singleElement().asString().contains("4-octet");
        byte[] reserved = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(5 << 29).array();
        assertThat(d.send(send(reserved, true)).problems).singleElement().asString().contains("never sent");
        byte[] disconnect = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(7 << 29).array();
        UlpMessage m = d.send(send(disconnect, true));
        assertThat(m.summary).isEqualTo("rsockets control: disconnect");
        assertThat(m.problems).isEmpty();
        for (int n = 0; n < 4; n++) {
            assertThat(d.send(UlpInput.send(new byte[n], 0, n, 4, true, 3, 0)).problems).isEmpty();
        }
    }
}
