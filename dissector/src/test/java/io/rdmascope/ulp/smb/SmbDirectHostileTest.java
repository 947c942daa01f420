package io.rdmascope.ulp.smb;

import static io.rdmascope.ulp.smb.SmbMessages.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Hand-made SMB Direct messages: well-formed ones pin the roles, hostile ones the problems. */
class SmbDirectHostileTest {
    static UlpInput send(byte[] b, boolean fromInitiator) {
        return UlpInput.send(b, 0, b.length, b.length, fromInitiator, 3, 0);
    }

    static UlpMessage decode(byte[] b, boolean fromInitiator) {
        return new SmbDirect().decoder().send(send(b, fromInitiator));
    }

    static final long[] D1 = {0x7f0000001000L, 0xabcd0001L, 65536};

    static byte[] negotiateRequest(int min, int max) {
        return ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN).putShort((short) min).putShort((short) max)
                .putShort((short) 0).putShort((short) 255).putInt(1364).putInt(1364).putInt(1 << 20).array();
    }

    static byte[] negotiateResponse(int negotiated, long status) {
        return ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0x100).putShort((short) 0x100)
                .putShort((short) negotiated).putShort((short) 0).putShort((short) 255).putShort((short) 255)
                .putInt((int) status).putInt(1 << 20).putInt(1364).putInt(1364).putInt(1 << 20).array();
    }

    @Test
    void theNegotiationOpensTheConnectionAndIsNeitherCallNorReply() {
        Ulp.Decoder d = new SmbDirect().decoder();
        UlpMessage q = d.send(send(negotiateRequest(0x100, 0x100), true));
        assertThat(q.summary).startsWith("SMB Direct negotiate request, versions 0x0100-0x0100");
        UlpMessage p = d.send(send(negotiateResponse(0x100, 0), false));
        assertThat(p.summary).startsWith("SMB Direct negotiate response, version 0x0100, status 0x00000000");
        assertThat(java.util.List.of(q, p)).allSatisfy(m -> {
            assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
            assertThat(m.problems).isEmpty();
        });
        assertThat(new SmbDirect().recognizes(send(negotiateRequest(0x100, 0x100), true))).isTrue();
        assertThat(new SmbDirect().recognizes(send(negotiateResponse(0x100, 0), false))).isTrue();
    }

    @Test
    void aNegotiateResponseThatSucceedsWithAnUnknownVersionIsAProblem() {
        Ulp.Decoder d = new SmbDirect().decoder();
        d.send(send(negotiateRequest(0x100, 0x100), true));
        UlpMessage p = d.send(send(negotiateResponse(0x1ff, 0), false));
        assertThat(p.problems).singleElement().asString().contains("unknown version 0x01ff");
    }

    @Test
    void aNegotiateRequestOfAnotherVersionIsNotRecognisedAndNotTakenForOne() {
        assertThat(new SmbDirect().recognizes(send(negotiateRequest(0x200, 0x200), true))).isFalse();
        UlpMessage m = decode(negotiateRequest(0x200, 0x200), true);
        assertThat(m.summary).doesNotContain("negotiate");
        assertThat(m.problems).isNotEmpty();
    }

    @Test
    void aReadRequestAdvertisesEachDescriptorForRemoteWrite() {
        UlpMessage m = decode(transfer(read(7, D1, new long[] {0x7f0000100000L, 0xabcd0002L, 4096}), 0), true);
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(m.correlation).isEqualTo(7);
        assertThat(m.fields).containsExactly(java.util.Map.entry("messageId", 7L), java.util.Map.entry("command", "READ"));
        assertThat(m.advertisements).containsExactly(
                new Advertisement(0xabcd0001L, 0x7f0000001000L, 65536, Advertisement.REMOTE_WRITE,
                        "buffer descriptor of SMB2 READ MessageId 7"),
                new Advertisement(0xabcd0002L, 0x7f0000100000L, 4096, Advertisement.REMOTE_WRITE,
                        "buffer descriptor of SMB2 READ MessageId 7"));
        assertThat(m.problems).isEmpty();
        assertThat(m.moreCorrelations).isNull();
    }

    @Test
    void aWriteRequestAdvertisesItsDescriptorForRemoteRead() {
        UlpMessage m = decode(transfer(readWrite(false, 9, 2, new long[][] {D1}, 112, 16), 0), true);
        assertThat(m.advertisements).singleElement().satisfies(a -> {
            assertThat(a.access()).isEqualTo(Advertisement.REMOTE_READ);
            assertThat(a.what()).isEqualTo("buffer descriptor of SMB2 WRITE MessageId 9");
            assertThat(a.length()).isEqualTo(65536);
        });
        assertThat(m.fields).containsEntry("command", "WRITE");
        assertThat(m.problems).isEmpty();
    }

    @Test
    void theFinalResponseIsTheReplyAndAnInterimPendingResponseIsNot() {
        Ulp.Decoder d = new SmbDirect().decoder();
        d.send(send(transfer(read(7, D1), 0), true));
        byte[] interim = header(READ, 0x3, 7, 0x103, 0, 64 + 9).array();
        UlpMessage pending = d.send(send(transfer(interim, 0), false));
        assertThat(pending.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(pending.summary).contains("interim response (STATUS_PENDING)");
        byte[] fin = header(READ, 0x3, 7, 0, 0, 64 + 17).array();
        UlpMessage reply = d.send(send(transfer(fin, 0), false));
        assertThat(reply.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(reply.correlation).isEqualTo(7);
        assertThat(reply.fields).isEmpty();
    }

    @Test
    void aCancelAndAnOplockBreakNotificationAreNeitherCallsNorReplies() {
        UlpMessage cancel = decode(transfer(header(CANCEL, 0, 7, 0, 0, 68).array(), 0), true);
        assertThat(cancel.role).isEqualTo(UlpMessage.Role.NONE);
        UlpMessage notification = decode(transfer(header(18, 1, -1, 0, 0, 88).array(), 0), false);
        assertThat(notification.role).isEqualTo(UlpMessage.Role.NONE);
    }

    @Test
    void aCompoundIsOneCallNamedByItsFirstRequestWithAProblemFreeSummaryOfItsCommands() {
        byte[] joined = createReadClose(20, D1);
        UlpMessage m = decode(transfer(joined, 0), true);
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(m.correlation).isEqualTo(20);
        assertThat(m.fields).containsEntry("command", "CREATE");
        assertThat(m.summary).contains("CREATE READ CLOSE request, MessageIds 20-22");
        assertThat(m.advertisements).singleElement()
                .satisfies(a -> assertThat(a.what()).isEqualTo("buffer descriptor of SMB2 READ MessageId 21"));
        assertThat(m.problems).isEmpty();
        assertThat(m.moreCorrelations).containsExactly(21L, 22L);
    }

    @Test
    void aFragmentedReadIsACallOnItsFirstFragmentAndItsDescriptorsComeWithTheLast() {
        byte[] msg = read(30, D1, new long[] {0x7f0000200000L, 0xabcd0003L, 8192});
        int cut = 100;
        Ulp.Decoder d = new SmbDirect().decoder();
        UlpMessage first = d.send(send(transfer(Arrays.copyOfRange(msg, 0, cut), msg.length - cut), true));
        assertThat(first.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(first.correlation).isEqualTo(30);
        assertThat(first.advertisements).isEmpty();
        assertThat(first.problems).isEmpty();
        UlpMessage middle = d.send(send(transfer(Arrays.copyOfRange(msg, cut, 130), msg.length - 130), true));
        assertThat(middle.role).isEqualTo(UlpMessage.Role.NONE);
        UlpMessage last = d.send(send(transfer(Arrays.copyOfRange(msg, 130, msg.length), 0), true));
        assertThat(last.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(last.advertisements).extracting(Advertisement::stag).containsExactly(0xabcd0001L, 0xabcd0003L);
        assertThat(last.problems).isEmpty();
    }

    @Test
    void descriptorsSeenInTheFirstFragmentAreNotAdvertisedAgainWithTheLast() {
        byte[] msg = read(31, D1, new long[] {0x7f0000200000L, 0xabcd0003L, 8192});
        int cut = 112 + 16;
        Ulp.Decoder d = new SmbDirect().decoder();
        UlpMessage first = d.send(send(transfer(Arrays.copyOfRange(msg, 0, cut), msg.length - cut), true));
        assertThat(first.advertisements).extracting(Advertisement::stag).containsExactly(0xabcd0001L);
        UlpMessage last = d.send(send(transfer(Arrays.copyOfRange(msg, cut, msg.length), 0), true));
        assertThat(last.advertisements).extracting(Advertisement::stag).containsExactly(0xabcd0003L);
    }

    @Test
    void aFragmentThatDoesNotContinueTheAnnouncedRemainderIsAProblemAndDecodedAfresh() {
        Ulp.Decoder d = new SmbDirect().decoder();
        byte[] msg = read(40, D1);
        d.send(send(transfer(Arrays.copyOfRange(msg, 0, 80), 5000), true));
        UlpMessage next = d.send(send(transfer(read(41, D1), 0), true));
        assertThat(next.problems).singleElement().asString().contains("does not continue the fragmented message");
        assertThat(next.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(next.correlation).isEqualTo(41);
        assertThat(next.advertisements).hasSize(1);
    }

    @Test
    void truncatedAtEveryLengthNeverThrowsAndNeverAdvertisesWhatIsNotThere() {
        byte[] whole = transfer(read(7, D1, new long[] {0x7f0000100000L, 0xabcd0002L, 4096}), 0);
        for (int n = 0; n <= whole.length; n++) {
            byte[] cut = Arrays.copyOf(whole, n);
            for (boolean wireLonger : new boolean[] {false, true}) {
                UlpInput in = UlpInput.send(cut, 0, n, wireLonger ? whole.length : n, true, 3, 0);
                UlpMessage m = new SmbDirect().decoder().send(in);
                assertThat(m).isNotNull();
                assertThat(m.summary).isNotNull();
                assertThat(m.problems).noneMatch(p -> p.contains("could not be decoded"));
                int complete = Math.max(0, (n - 24 - 112) / 16);
                assertThat(m.advertisements).hasSizeLessThanOrEqualTo(complete);
                if (!wireLonger && n < whole.length) {
                    assertThat(m.problems).as("cut at %d", n).isNotEmpty();
                }
            }
        }
    }

    @Test
    void aChannelInfoOffsetPastTheMessageIsAProblemAndAdvertisesNothing() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 1, new long[][] {D1}, 4000, 16), 0), true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).singleElement().asString().contains("runs past the end of the message");
    }

    @Test
    void aChannelInfoOffsetInsideTheHeaderIsAProblem() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 1, new long[][] {D1}, 16, 16), 0), true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).singleElement().asString().contains("lies inside the header");
    }

    @Test
    void aChannelInfoLengthLongerThanTheMessageTakesOnlyTheDescriptorsThereAndSaysSo() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 1, new long[][] {D1}, 112, 0xfff0), 0), true);
        assertThat(m.advertisements).hasSize(1);
        assertThat(m.problems).anyMatch(p -> p.contains("runs past the end of the message"));
    }

    @Test
    void aChannelInfoThatIsNotWholeDescriptorsIsAProblem() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 1, new long[][] {D1}, 112, 12), 0), true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).anyMatch(p -> p.contains("not a whole number of 16-octet buffer descriptors"));
    }

    @Test
    void moreThanSixtyFourDescriptorsAreCappedWithAProblem() {
        long[][] many = new long[100][];
        for (int i = 0; i < many.length; i++) {
            many[i] = new long[] {0x10000L * i, 0x100 + i, 16};
        }
        UlpMessage m = decode(transfer(readWrite(true, 7, 1, many, 112, many.length * 16), 0), true);
        assertThat(m.advertisements).hasSize(SmbDirect.MAX_ADVERTISEMENTS);
        assertThat(m.problems).anyMatch(p -> p.contains("more than 64 buffer descriptors"));
    }

    @Test
    void descriptorsHoldingLessThanTheReadLengthAreAProblem() {
        byte[] msg = read(7, D1);
        ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).putInt(64 + 4, 1 << 20);
        UlpMessage m = decode(transfer(msg, 0), true);
        assertThat(m.problems).singleElement().asString().contains("hold only 65536");
    }

    @Test
    void anUnknownChannelIsAProblem() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 77, new long[][] {D1}, 112, 16), 0), true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).singleElement().asString().contains("unknown Channel");
    }

    /** A READ request with SMB2_CHANNEL_RDMA_TRANSFORM whose SMB2_RDMA_TRANSFORM locates one descriptor. */
    static byte[] transformRead(int descriptorOffset, int descriptorLength, int innerChannel) {
        ByteBuffer info = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        info.putShort((short) descriptorOffset).putShort((short) descriptorLength).putInt(innerChannel).putShort((short) 0)
                .putShort((short) 0).putInt(0).putLong(D1[0]).putInt((int) D1[1]).putInt((int) D1[2]);
        byte[] msg = readWrite(true, 50, 3, new long[][] {{0, 0, 0}, {0, 0, 0}}, 112, 32);
        System.arraycopy(info.array(), 0, msg, 112, 32);
        ByteBuffer.wrap(msg).order(ByteOrder.LITTLE_ENDIAN).putInt(64 + 4, 65536);
        return msg;
    }

    @Test
    void anRdmaTransformChannelAdvertisesTheDescriptorsItsTransformLocates() {
        UlpMessage m = decode(transfer(transformRead(16, 16, 1), 0), true);
        assertThat(m.advertisements).containsExactly(new Advertisement(0xabcd0001L, 0x7f0000001000L, 65536,
                Advertisement.REMOTE_WRITE, "buffer descriptor of SMB2 READ MessageId 50"));
        assertThat(m.problems).isEmpty();
        assertThat(m.summary).contains("with RDMA transform");
    }

    @Test
    void anRdmaTransformWhoseDescriptorsLieOutsideItsChannelInformationIsAProblem() {
        UlpMessage past = decode(transfer(transformRead(16, 4000, 1), 0), true);
        assertThat(past.advertisements).isEmpty();
        assertThat(past.problems).singleElement().asString().contains("lie outside its channel information");
        UlpMessage inside = decode(transfer(transformRead(4, 16, 1), 0), true);
        assertThat(inside.problems).singleElement().asString().contains("lie outside its channel information");
        UlpMessage none = decode(transfer(transformRead(16, 16, 0), 0), true);
        assertThat(none.advertisements).isEmpty();
        assertThat(none.problems).singleElement().asString().contains("names no RDMA descriptor channel");
    }

    @Test
    void aReadWithoutRdmaChannelAdvertisesNothing() {
        UlpMessage m = decode(transfer(readWrite(true, 7, 0, new long[][] {D1}, 0, 0), 0), true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).isEmpty();
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
    }

    @Test
    void aNextCommandChainLongerThanTheCapStopsWithAProblem() {
        int n = 40;
        byte[] chain = new byte[64 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(header(CLOSE, 0x4, 100 + i, 0, i == n - 1 ? 0 : 64, 64).array(), 0, chain, 64 * i, 64);
        }
        UlpMessage m = decode(transfer(chain, 0), true);
        assertThat(m.problems).singleElement().asString().contains("more than 32 commands");
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
    }

    @Test
    void aNextCommandPastTheEndOrMisalignedIsAProblem() {
        UlpMessage past = decode(transfer(header(CLOSE, 0, 1, 0, 4096, 88).array(), 0), true);
        assertThat(past.problems).singleElement().asString().contains("points past the end");
        UlpMessage odd = decode(transfer(header(CLOSE, 0, 1, 0, 66, 160).array(), 0), true);
        assertThat(odd.problems).singleElement().asString().contains("not an 8-octet aligned offset");
    }

    @Test
    void aDataOffsetOrLengthThatLiesIsAProblem() {
        byte[] b = transfer(read(7, D1), 0);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(16, 0x7fffffff);
        UlpMessage m = decode(b, true);
        assertThat(m.advertisements).isEmpty();
        assertThat(m.problems).singleElement().asString().contains("lie outside the message");
        byte[] c = transfer(read(7, D1), 0);
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 8);
        assertThat(decode(c, true).problems).singleElement().asString().contains("lie outside the message");
    }

    @Test
    void aMessageShorterThanTheDataTransferHeaderIsAProblem() {
        UlpMessage m = new SmbDirect().decoder().send(send(new byte[] {1, 2, 3}, false));
        assertThat(m.problems).singleElement().asString().contains("shorter than its 20-octet header");
    }

    @Test
    void anEncryptedMessageIsNamedAndNotAProblem() {
        byte[] t = new byte[80];
        t[0] = (byte) 0xfd;
        t[1] = 'S';
        t[2] = 'M';
        t[3] = 'B';
        UlpMessage m = decode(transfer(t, 0), true);
        assertThat(m.summary).contains("transform");
        assertThat(m.problems).isEmpty();
        assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
    }
}
