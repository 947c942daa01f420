package io.rdmascope.ulp.nvme;

import static io.rdmascope.ulp.nvme.Capsules.command;
import static io.rdmascope.ulp.nvme.Capsules.from;
import static io.rdmascope.ulp.nvme.Capsules.keyed;
import static io.rdmascope.ulp.nvme.Capsules.keyedList;
import static io.rdmascope.ulp.nvme.Capsules.unkeyed;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Bad input is normal input: truncated capsules, lengths and lists that lie, bounds that do not fit. */
class NvmeRdmaHostileTest {
    private static final byte[] NOTHING = {};

    private static Ulp.Decoder ioQueue() {
        Ulp.Decoder d = new NvmeRdma().decoder();
        byte[] pd = Capsules.connectionRequest(1);
        d.privateData(pd, 0, pd.length, true);
        return d;
    }

    @Test
    void aCommandTruncatedAtEveryLengthIsAProblemNeverACallOrAThrow() {
        byte[] read = command(0x02, 7, 1, keyed(0x1000, 4096, 0xabcd01, 0xF), NOTHING);
        for (int n = 0; n < read.length; n++) {
            byte[] cut = Arrays.copyOf(read, n);
            for (long whole : new long[] {n, n + 1000}) {
                UlpMessage u = ioQueue().send(new UlpInput(cut, 0, n, whole, true, 3, 0, 0, 0));
                if (whole < 64) {
                    assertThat(u.role).isEqualTo(UlpMessage.Role.NONE);
                    assertThat(u.problems).singleElement().asString().contains("shorter than the 64-octet submission queue entry");
                } else {
                    // the whole message is longer but fewer than 64 octets were kept
                    assertThat(u.role).isEqualTo(UlpMessage.Role.NONE);
                    assertThat(u.problems).singleElement().asString()
                            .isEqualTo("only " + n + " of the " + whole + " octets of the command capsule are at hand, "
                                    + "fewer than the 64-octet submission queue entry (NVMe over Fabrics 1.1 section 2.1)");
                }
                assertThat(u.advertisements).isEmpty();
            }
        }
        UlpMessage whole = ioQueue().send(from(read, true));
        assertThat(whole.problems).isEmpty();
        assertThat(whole.advertisements).containsExactly(
                new Advertisement(0xabcd01L, 0x1000, 4096, Advertisement.REMOTE_WRITE, "keyed SGL data block of Read cid 7"));
    }

    @Test
    void aResponseTruncatedAtEveryLengthIsAProblemNeverAReply() {
        byte[] r = Capsules.response(7, 1, 3, 0);
        for (int n = 0; n < r.length; n++) {
            UlpMessage u = ioQueue().send(from(Arrays.copyOf(r, n), false));
            assertThat(u.role).isEqualTo(UlpMessage.Role.NONE);
            assertThat(u.problems).singleElement().asString().contains("shorter than the 16-octet completion queue entry");
        }
        UlpMessage u = ioQueue().send(from(r, false));
        assertThat(u.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(u.correlation).isEqualTo(7);
        assertThat(u.problems).isEmpty();
    }

    @Test
    void aLastSegmentListingMoreDescriptorsThanTheCapsuleHoldsReadsOnlyThoseItHolds() {
        byte[] c = command(0x01, 9, 1, unkeyed(0, 1000 * 16, 0x3, 0x1), keyedList(3));
        UlpMessage u = ioQueue().send(from(c, true));
        assertThat(u.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(u.advertisements).hasSize(3).allMatch(a -> a.access() == Advertisement.REMOTE_READ && a.length() == 4096);
        assertThat(u.advertisements.get(2).stag()).isEqualTo(0x1002);
        assertThat(u.advertisements.get(2).what()).isEqualTo("keyed SGL data block of Write cid 9");
        assertThat(u.problems).anyMatch(p -> p.contains("descriptor list of 16000 octets at offset 0 runs past the 48 octets"));
        assertThat(u.fields.get("dataLength")).isEqualTo(3 * 4096L);
    }

    @Test
    void aDescriptorListLongerThanSixtyFourIsCappedAndSaysSo() {
        byte[] c = command(0x02, 10, 1, unkeyed(0, 100 * 16, 0x3, 0x1), keyedList(100));
        UlpMessage u = ioQueue().send(from(c, true));
        assertThat(u.advertisements).hasSize(64).allMatch(a -> a.access() == Advertisement.REMOTE_WRITE);
        assertThat(u.problems).containsExactly("descriptor list of 100 descriptors: only the first 64 are read");
    }

    @Test
    void aDescriptorListAtAnOffsetPastTheCapsuleAdvertisesNothing() {
        for (long offset : new long[] {-16L, 1L << 40, 49}) {
            byte[] c = command(0x02, 11, 1, unkeyed(offset, 64, 0x3, 0x1), keyedList(3));
            UlpMessage u = ioQueue().send(from(c, true));
            assertThat(u.advertisements).isEmpty();
            assertThat(u.problems).anyMatch(p -> p.contains("runs past"));
        }
    }

    @Test
    void aDescriptorListCutOffWithTheKeptHeadSaysSo() {
        byte[] c = command(0x02, 12, 1, unkeyed(0, 60 * 16, 0x3, 0x1), keyedList(40));
        UlpMessage u = ioQueue().send(new UlpInput(c, 0, c.length, 64 + 60 * 16, true, 3, 0, 0, 0));
        assertThat(u.advertisements).hasSize(40);
        assertThat(u.problems).containsExactly("descriptor list continues past the " + c.length
                + " octets of the capsule that were kept");
    }

    @Test
    void inCapsuleDataLongerThanTheCapsuleIsAProblem() {
        byte[] c = command(0x01, 13, 1, unkeyed(0, 8192, 0x0, 0x1), new byte[4096]);
        UlpMessage u = ioQueue().send(from(c, true));
        assertThat(u.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(u.advertisements).isEmpty();
        assertThat(u.problems).containsExactly(
                "in-capsule data of 8192 octets at offset 0 runs past the 4096 octets that follow the submission queue entry");
    }

    @Test
    void aKeyedBlockOnACommandThatMovesNoDataIsAProblemNotAnAdvertisement() {
        byte[] flush = command(0x00, 14, 1, keyed(0x2000, 512, 0x77, 0), NOTHING);
        UlpMessage u = ioQueue().send(from(flush, true));
        assertThat(u.fields.get("opcodeName")).isEqualTo("Flush");
        assertThat(u.advertisements).isEmpty();
        assertThat(u.problems).containsExactly("keyed SGL data block of 512 octets (key 0x00000077) on Flush, which moves no data");
    }

    @Test
    void aBidirectionalOpcodeGrantsBothAccesses() {
        byte[] c = command(0x83, 15, 1, keyed(0x3000, 100, 0x88, 0), NOTHING);
        UlpMessage u = ioQueue().send(from(c, true));
        assertThat(u.fields.get("opcodeName")).isEqualTo("I/O opcode 0x83");
        assertThat(u.advertisements).singleElement().extracting(Advertisement::access)
                .isEqualTo(Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE);
    }

    @Test
    void prpsReservedFlagsAndForeignDescriptorsAreProblems() {
        byte[] c = command(0x02, 16, 1, unkeyed(0x1000, 4096, 0x2, 0x0), NOTHING);
        c[1] = 0x3C | 0x03; // PSDT 00b, reserved bits, fuse 11b
        UlpMessage u = ioQueue().send(from(c, true));
        assertThat(u.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(u.problems).hasSize(4).anyMatch(p -> p.startsWith("PSDT 00b"))
                .anyMatch(p -> p.startsWith("reserved command flag bits")).anyMatch(p -> p.startsWith("fused operation 11b"))
                .anyMatch(p -> p.startsWith("SGL Segment descriptor"));
        byte[] bucket = command(0x02, 17, 1, unkeyed(0, 4096, 0x1, 0x0), NOTHING);
        assertThat(ioQueue().send(from(bucket, true)).problems).singleElement().asString()
                .startsWith("SGL descriptor type 0x1 is not one the RDMA transport uses");
        byte[] oddKey = command(0x02, 18, 1, keyed(0x1000, 4096, 0x99, 0x5), NOTHING);
        UlpMessage k = ioQueue().send(from(oddKey, true));
        assertThat(k.advertisements).hasSize(1);
        assertThat(k.problems).singleElement().asString().startsWith("keyed SGL data block with subtype 0x5");
    }

    @Test
    void unusualFlagsDescriptorsAndOpcodesAreNamedInHexadecimal() {
        byte[] flags = command(0x02, 30, 1, keyed(0x1000, 4096, 0x77, 0), NOTHING);
        flags[1] = 0x40 | 0x14; // PSDT 01b, reserved bits 5:2 = 0101b
        assertThat(ioQueue().send(from(flags, true)).problems).containsExactly("reserved command flag bits 5:2 are 0x5, not 0");
        byte[] block = command(0x01, 31, 1, unkeyed(0x1000, 4096, 0x0, 0x0), NOTHING);
        assertThat(ioQueue().send(from(block, true)).problems).containsExactly("SGL data block with subtype 0x0: over RDMA "
                + "only in-capsule data (offset subtype 0x1) is described without a key (NVMe over Fabrics 1.1 section 7.3)");
        byte[] last = command(0x02, 32, 1, unkeyed(0, 16, 0x3, 0x0), NOTHING);
        assertThat(ioQueue().send(from(last, true)).problems).containsExactly(
                "Last Segment descriptor with subtype 0x0: over RDMA the descriptor list is in the capsule (offset subtype 0x1)");
        byte[] foreign = command(0x02, 33, 1, unkeyed(0, 4096, 0xE, 0x0), NOTHING);
        assertThat(ioQueue().send(from(foreign, true)).problems).containsExactly(
                "SGL descriptor type 0xe is not one the RDMA transport uses (NVMe over Fabrics 1.1 section 7.3)");
        byte[] list = Arrays.copyOf(keyed(0x1000, 4096, 0x1000, 0), 32);
        System.arraycopy(unkeyed(0, 0, 0xA, 0x0), 0, list, 16, 16);
        UlpMessage l = ioQueue().send(from(command(0x02, 34, 1, unkeyed(0, 32, 0x3, 0x1), list), true));
        assertThat(l.problems).containsExactly("descriptor 1 of the list is of type 0xa, not a keyed SGL data block");
        assertThat(l.summary).isEqualTo("NVMe Read cid 34 nsid 1, 4096 octets to the host by 2 keyed SGL data blocks");
        byte[] high = command(0x02, 35, 1, keyed(0xFFFF000000001000L, 4096, 0x80000001L, 0), NOTHING);
        assertThat(ioQueue().send(from(high, true)).summary)
                .isEqualTo("NVMe Read cid 35 nsid 1, 4096 octets to the host by key 0x80000001 at 0xffff000000001000");
        byte[] fabrics = command(0x7F, 36, 0, keyed(0, 0, 0, 0), NOTHING);
        fabrics[4] = 0x0C; // no Fabrics command type
        assertThat(ioQueue().send(from(fabrics, true)).fields.get("opcodeName")).isEqualTo("Fabrics command type 0x0c");
        Ulp.Decoder admin = new NvmeRdma().decoder();
        byte[] pd = Capsules.connectionRequest(0);
        admin.privateData(pd, 0, pd.length, true);
        assertThat(admin.send(from(command(0x03, 37, 0, keyed(0, 0, 0, 0), NOTHING), true)).fields.get("opcodeName"))
                .isEqualTo("admin opcode 0x03");
    }

    @Test
    void aResponseOfAnotherQueueOrLongerThanSixteenOctetsIsAProblem() {
        Ulp.Decoder d = ioQueue();
        assertThat(d.send(from(Capsules.response(1, 0, 2, 0), false)).problems)
                .containsExactly("response names submission queue 0 on the connection of queue 1");
        byte[] longer = Arrays.copyOf(Capsules.response(2, 1, 3, 0), 32);
        UlpMessage u = d.send(from(longer, false));
        assertThat(u.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(u.problems).singleElement().asString().startsWith("response capsule of 32 octets");
        UlpMessage failed = d.send(from(Capsules.response(3, 1, 4, 0x02 << 1 | 1 << 15), false));
        assertThat(failed.summary).isEqualTo(
                "NVMe response cid 3: Invalid Field in Command (status code type 0, status code 0x02), do not retry");
    }

    @Test
    void aResponseInvalidatingAnotherKeyThanItsCommandAskedIsAProblem() {
        Ulp.Decoder d = ioQueue();
        d.send(from(command(0x02, 20, 1, keyed(0x1000, 4096, 0xaa01, 0xF), NOTHING), true));
        d.send(from(command(0x02, 21, 1, keyed(0x2000, 4096, 0xaa02, 0x0), NOTHING), true));
        d.send(from(command(0x02, 22, 1, keyed(0x3000, 4096, 0xaa03, 0xF), NOTHING), true));
        byte[] r = Capsules.response(20, 1, 1, 0);
        assertThat(d.send(UlpInput.send(r, 0, 16, 16, false, 4, 0xbb01)).problems).containsExactly(
                "the response to cid 20 invalidates STag 0x0000bb01, but the command's keyed SGL data block named key 0x0000aa01");
        r = Capsules.response(21, 1, 2, 0);
        assertThat(d.send(UlpInput.send(r, 0, 16, 16, false, 4, 0xaa02)).problems).containsExactly(
                "the response to cid 21 invalidates STag 0x0000aa02, but the command did not ask for remote invalidation "
                        + "(keyed SGL subtype 0xF)");
        r = Capsules.response(22, 1, 3, 0);
        assertThat(d.send(UlpInput.send(r, 0, 16, 16, false, 4, 0xaa03)).problems).isEmpty();
        // a response to a command the capture does not hold is not judged
        r = Capsules.response(23, 1, 4, 0);
        assertThat(d.send(UlpInput.send(r, 0, 16, 16, false, 4, 0xcc03)).problems).isEmpty();
    }

    @Test
    void aConnectNamingAnotherQueueThanTheConnectionRequestIsAProblem() {
        byte[] connect = command(0x7F, 0, 0, unkeyed(0, 1024, 0x0, 0x1), new byte[1024]);
        connect[4] = 0x01; // fctype Connect
        connect[42] = 2;   // qid 2
        UlpMessage u = ioQueue().send(from(connect, true));
        assertThat(u.fields.get("opcodeName")).isEqualTo("Fabrics Connect");
        assertThat(u.problems).containsExactly("the Fabrics Connect names queue 2 but the connection carries queue 1");
    }

    @Test
    void boundsOutsideTheBufferAreAProblem() {
        byte[] b = new byte[20];
        Ulp.Decoder d = new NvmeRdma().decoder();
        assertThat(d.send(new UlpInput(b, 10, 100, 100, true, 3, 0, 0, 0)).problems).isNotEmpty();
        assertThat(d.send(new UlpInput(b, -1, 4, 4, false, 3, 0, 0, 0)).problems).isNotEmpty();
        assertThat(d.send(new UlpInput(null, 0, 0, 0, false, 3, 0, 0, 0)).problems).isNotEmpty();
        assertThat(d.privateData(b, 15, 10, true).problems).isNotEmpty();
        assertThat(new NvmeRdma().recognizes(new UlpInput(b, 10, 100, 100, true, 3, 0, 0, 0))).isFalse();
    }

    @Test
    void privateDataTruncatedAtEveryLengthNeverThrows() {
        byte[] pd = Capsules.connectionRequest(3);
        for (int n = 0; n <= pd.length; n++) {
            for (boolean initiator : new boolean[] {true, false}) {
                UlpMessage u = new NvmeRdma().decoder().privateData(Arrays.copyOf(pd, n), 0, n, initiator);
                assertThat(u.role).isEqualTo(UlpMessage.Role.NONE);
                if (n < pd.length) {
                    assertThat(u.problems).isNotEmpty();
                }
            }
        }
        assertThat(new NvmeRdma().recognizesPrivateData(pd, 0, pd.length, true)).isTrue();
        assertThat(new NvmeRdma().recognizesPrivateData(pd, 0, 31, true)).isFalse();
    }
}
