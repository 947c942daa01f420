package io.rdmascope.ulp.iser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Bad input is normal input: truncated PDUs, lengths and flags that lie, bounds that do not fit. */
class IserHostileTest {
    /** An iSER header (flags, Write STag and offset, Read STag and offset), a BHS and {@code data}. */
    static byte[] pdu(int iserFlags, long writeStag, long writeOffset, long readStag, long readOffset, int opcode,
                      int bhsFlags, long itt, long edtl, int cdbOp, int ahsWords, byte[] rest, int dataSegmentLength) {
        ByteBuffer b = ByteBuffer.allocate(28 + 48 + rest.length);
        b.put((byte) iserFlags).put(new byte[3]).putInt((int) writeStag).putLong(writeOffset).putInt((int) readStag)
                .putLong(readOffset);
        b.put((byte) opcode).put((byte) bhsFlags).putShort((short) 0);
        b.put((byte) ahsWords).put((byte) (dataSegmentLength >> 16)).putShort((short) dataSegmentLength);
        b.putLong(0).putInt((int) itt).putInt((int) edtl).putInt(1).putInt(1);
        b.put((byte) cdbOp).put(new byte[15]);
        b.put(rest);
        return b.array();
    }

    static byte[] read10(long itt, long edtl) {
        return pdu(0x14, 0, 0, 0xbeef01, 0x7000, 0x01, 0xC1, itt, edtl, 0x28, 0, new byte[0], 0);
    }

    static UlpInput from(byte[] b, boolean fromInitiator) {
        return UlpInput.send(b, 0, b.length, b.length, fromInitiator, 3, 0);
    }

    private static Ulp.Decoder decoder() {
        return new Iser().decoder();
    }

    @Test
    void aPduTruncatedAtEveryLengthIsAProblemNeverACallOrAThrow() {
        byte[] read = read10(0x42, 8192);
        for (int n = 0; n < read.length; n++) {
            UlpMessage u = decoder().send(from(Arrays.copyOf(read, n), true));
            assertThat(u.role).isEqualTo(UlpMessage.Role.NONE);
            assertThat(u.problems).isNotEmpty();
            if (n < 28) {
                assertThat(u.problems).singleElement().asString().contains("shorter than the 28-octet iSER header");
                assertThat(u.advertisements).isEmpty();
            } else {
                // the header still names the Read STag, of a length no BHS says
                assertThat(u.problems).anyMatch(p -> p.contains("shorter than the iSER header and the 48-octet Basic Header Segment"));
                assertThat(u.advertisements).containsExactly(new Advertisement(0xbeef01, 0x7000, Advertisement.UNKNOWN_LENGTH,
                        Advertisement.REMOTE_WRITE, "Read STag of a truncated PDU"));
            }
        }
        UlpMessage whole = decoder().send(from(read, true));
        assertThat(whole.problems).isEmpty();
        assertThat(whole.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(whole.advertisements).containsExactly(new Advertisement(0xbeef01, 0x7000, 8192, Advertisement.REMOTE_WRITE,
                "Read STag of READ(10) itt 0x00000042"));
    }

    @Test
    void aDataSegmentLengthThatLiesIsAProblem() {
        byte[] login = pdu(0x10, 0, 0, 0, 0, 0x43, 0x81, 0, 0, 0, 0, new byte[100], 5000);
        UlpMessage u = decoder().send(from(login, true));
        assertThat(u.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(u.problems).containsExactly(
                "TotalAHSLength 0 words and DataSegmentLength 5000 run past the 100 octets after the Basic Header Segment");
        byte[] padded = pdu(0x10, 0, 0, 0, 0, 0x43, 0x81, 0, 0, 0, 0, new byte[100], 10);
        assertThat(decoder().send(from(padded, true)).problems).containsExactly("90 octets follow the 10-octet data segment");
        byte[] ahs = pdu(0x10, 0, 0, 0, 0, 0x43, 0x81, 0, 0, 0, 255, new byte[100], 0);
        assertThat(decoder().send(from(ahs, true)).problems).singleElement().asString().startsWith("TotalAHSLength 255 words");
    }

    @Test
    void aWriteStagRegionIsTheExpectedLengthLessTheImmediateData() {
        byte[] write = pdu(0x18, 0xcafe01, 0x9000, 0, 0, 0x01, 0xA1, 7, 65536, 0x2A, 0, new byte[8192], 8192);
        UlpMessage u = decoder().send(from(write, true));
        assertThat(u.problems).isEmpty();
        assertThat(u.advertisements).containsExactly(new Advertisement(0xcafe01, 0x9000, 65536 - 8192,
                Advertisement.REMOTE_READ, "Write STag of WRITE(10) itt 0x00000007"));
        // more immediate data than the command expects
        byte[] over = pdu(0x18, 0xcafe01, 0x9000, 0, 0, 0x01, 0xA1, 8, 100, 0x2A, 0, new byte[200], 200);
        UlpMessage o = decoder().send(from(over, true));
        assertThat(o.advertisements).singleElement().extracting(Advertisement::length).isEqualTo(0L);
        assertThat(o.problems).contains("200 octets of immediate data exceed the Expected Data Transfer Length 100");
    }

    @Test
    void afterALoginThatNegotiatedInitialR2TNoTheWriteRegionStartsAfterTheFirstBurst() {
        Ulp.Decoder d = decoder();
        byte[] keys = "TargetAlias=x\0InitialR2T=No\0FirstBurstLength=16384\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] login = pdu(0x10, 0, 0, 0, 0, 0x23, 0x87, 0, 0, 0, 0, Arrays.copyOf(keys, (keys.length + 3) & ~3), keys.length);
        UlpMessage l = d.send(from(login, false));
        assertThat(l.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(l.problems).isEmpty();
        byte[] write = pdu(0x18, 0xcafe01, 0x9000, 0, 0, 0x01, 0xA1, 7, 65536, 0x2A, 0, new byte[8192], 8192);
        assertThat(d.send(from(write, true)).advertisements).singleElement().extracting(Advertisement::length)
                .isEqualTo(65536L - 16384);
        // a login cut inside its keys, or with a lying FirstBurstLength, never throws
        for (int n = 76; n < login.length; n++) {
            assertThat(decoder().send(UlpInput.send(login, 0, n, login.length, false, 3, 0)).role).isEqualTo(UlpMessage.Role.REPLY);
        }
        byte[] lie = "FirstBurstLength=99999999999999999999\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(decoder().send(from(pdu(0x10, 0, 0, 0, 0, 0x23, 0x87, 0, 0, 0, 0, Arrays.copyOf(lie, 40), lie.length), false))
                .role).isEqualTo(UlpMessage.Role.REPLY);
    }

    @Test
    void aWriteSentWhollyAsUnsolicitedDataNeedsNoWriteStag() {
        Ulp.Decoder d = decoder();
        byte[] keys = "InitialR2T=No\0FirstBurstLength=65536\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] login = pdu(0x10, 0, 0, 0, 0, 0x23, 0x87, 0, 0, 0, 0, Arrays.copyOf(keys, (keys.length + 3) & ~3), keys.length);
        assertThat(d.send(from(login, false)).problems).isEmpty();
        // 32 KiB: 8 KiB immediate, the rest in unsolicited Data-Out Sends, so the initiator sets no Write STag
        byte[] write = pdu(0x10, 0, 0, 0, 0, 0x01, 0xA1, 7, 32768, 0x2A, 0, new byte[8192], 8192);
        UlpMessage u = d.send(from(write, true));
        assertThat(u.problems).isEmpty();
        assertThat(u.advertisements).isEmpty();
        // beyond the first burst the target must read the rest: without a Write STag that is a problem
        byte[] big = pdu(0x10, 0, 0, 0, 0, 0x01, 0xA1, 8, 131072, 0x2A, 0, new byte[8192], 8192);
        assertThat(d.send(from(big, true)).problems).containsExactly("WRITE(10) writes 65536 octets beyond its "
                + "unsolicited data, but the iSER header announces no Write STag (RFC 7145 section 9.2)");
    }

    @Test
    void iserFlagsThatContradictTheScsiCommandAreProblems() {
        // a READ(10) whose iSER header names no Read STag, and a Write STag it has no use for
        byte[] noRead = pdu(0x18, 0xcafe01, 0x9000, 0, 0, 0x01, 0xC1, 9, 4096, 0x28, 0, new byte[0], 0);
        UlpMessage u = decoder().send(from(noRead, true));
        assertThat(u.problems).containsExactly(
                "the iSER header announces a Write STag, but the SCSI Command's W bit is clear",
                "READ(10) reads up to 4096 octets, but the iSER header announces no Read STag (RFC 7145 section 9.2)");
        // the target may not announce STags
        byte[] response = pdu(0x14, 0, 0, 0xbeef01, 0, 0x21, 0x80, 9, 0, 0, 0, new byte[0], 0);
        UlpMessage r = decoder().send(from(response, false));
        assertThat(r.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(r.advertisements).isEmpty();
        assertThat(r.problems).singleElement().asString().startsWith("the target's iSER header announces a Read STag");
    }

    @Test
    void aResponseInvalidatingAnStagItsCommandDidNotAdvertiseIsAProblem() {
        Ulp.Decoder d = decoder();
        d.privateData(new byte[] {(byte) 0x80, 0, 0, 0}, 0, 4, true);
        d.send(from(read10(0x50, 512), true));
        byte[] response = pdu(0x10, 0, 0, 0, 0, 0x21, 0x80, 0x50, 0, 0, 0, new byte[0], 0);
        assertThat(d.send(UlpInput.send(response, 0, response.length, response.length, false, 4, 0xbeef01)).problems)
                .isEmpty();
        d.send(from(read10(0x51, 512), true));
        byte[] other = pdu(0x10, 0, 0, 0, 0, 0x21, 0x80, 0x51, 0, 0, 0, new byte[0], 0);
        assertThat(d.send(UlpInput.send(other, 0, other.length, other.length, false, 4, 0x1234)).problems).containsExactly(
                "the response to itt 0x00000051 invalidates STag 0x00001234, which its command did not advertise");
        // an initiator that takes no Send with Invalidate
        Ulp.Decoder e = decoder();
        e.privateData(new byte[] {(byte) 0xC0, 0, 0, 0}, 0, 4, true);
        e.send(from(read10(0x52, 512), true));
        byte[] third = pdu(0x10, 0, 0, 0, 0, 0x21, 0x80, 0x52, 0, 0, 0, new byte[0], 0);
        assertThat(e.send(UlpInput.send(third, 0, third.length, third.length, false, 4, 0xbeef01)).problems).containsExactly(
                "Send with Invalidate of STag 0x00beef01, though the initiator's connection request said it does not take "
                        + "Send with Invalidate");
    }

    @Test
    void aBidirectionalCommandTakesItsReadLengthFromTheAhs() {
        ByteBuffer ahs = ByteBuffer.allocate(8).putShort((short) 5).put((byte) 2).put((byte) 0).putInt(3000);
        byte[] bidi = pdu(0x1C, 0x11, 0x1000, 0x22, 0x2000, 0x01, 0xE1, 10, 5000, 0x53, 2, ahs.array(), 0);
        UlpMessage u = decoder().send(from(bidi, true));
        assertThat(u.problems).isEmpty();
        assertThat(u.advertisements).extracting(Advertisement::length).containsExactly(5000L, 3000L);
        assertThat(u.fields.get("cdb")).isEqualTo("operation 0x53");
        byte[] noAhs = pdu(0x1C, 0x11, 0x1000, 0x22, 0x2000, 0x01, 0xE1, 11, 5000, 0x53, 0, new byte[0], 0);
        UlpMessage v = decoder().send(from(noAhs, true));
        assertThat(v.advertisements).extracting(Advertisement::length).containsExactly(5000L, Advertisement.UNKNOWN_LENGTH);
        assertThat(v.problems).singleElement().asString().startsWith("bidirectional SCSI Command without");
    }

    @Test
    void unknownTypesOpcodesAndSidesAreProblemsNotCalls() {
        byte[] type9 = pdu(0x90, 0, 0, 0, 0, 0x01, 0x81, 1, 0, 0, 0, new byte[0], 0);
        UlpMessage t = decoder().send(from(type9, true));
        assertThat(t.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(t.problems).containsExactly("iSER message type 0x9 is not defined (RFC 7145 section 9.2)");
        byte[] op = pdu(0x10, 0, 0, 0, 0, 0x1A, 0x80, 1, 0, 0, 0, new byte[0], 0);
        UlpMessage o = decoder().send(from(op, true));
        assertThat(o.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(o.problems).containsExactly("iSCSI opcode 0x1a is not defined (RFC 7143 section 11.2.1.2)");
        byte[] responseFromInitiator = pdu(0x10, 0, 0, 0, 0, 0x21, 0x80, 1, 0, 0, 0, new byte[0], 0);
        UlpMessage s = decoder().send(from(responseFromInitiator, true));
        assertThat(s.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(s.problems).singleElement().asString().startsWith("SCSI Response from the initiator");
        byte[] dataIn = pdu(0x10, 0, 0, 0, 0, 0x25, 0x80, 1, 0, 0, 0, new byte[0], 0);
        assertThat(decoder().send(from(dataIn, false)).problems).singleElement().asString()
                .startsWith("SCSI Data-In PDU in a Send");
        // an unsolicited NOP-Out and the target's ping answer nothing
        byte[] ping = pdu(0x10, 0, 0, 0, 0, 0x40, 0x80, 0xFFFFFFFFL, 0, 0, 0, new byte[0], 0);
        assertThat(decoder().send(from(ping, true)).role).isEqualTo(UlpMessage.Role.NONE);
        byte[] nopIn = pdu(0x10, 0, 0, 0, 0, 0x20, 0x80, 0xFFFFFFFFL, 0, 0, 0, new byte[0], 0);
        assertThat(decoder().send(from(nopIn, false)).role).isEqualTo(UlpMessage.Role.NONE);
    }

    @Test
    void unusualStatusesResponsesServiceActionsAndOffsetsAreNamedInHexadecimal() {
        byte[] response = pdu(0x10, 0, 0, 0, 0, 0x21, 0x80, 9, 0, 0, 0, new byte[0], 0);
        response[28 + 2] = 0x05; // response
        response[28 + 3] = 0x0E; // no SCSI status
        assertThat(decoder().send(from(response, false)).summary)
                .isEqualTo("iSCSI SCSI Response itt 0x00000009: status 0x0e, response 0x05");
        byte[] serviceAction = read10(0x60, 512);
        serviceAction[28 + 32] = (byte) 0x9E; // SERVICE ACTION IN(16)
        serviceAction[28 + 33] = 0x11;
        assertThat(decoder().send(from(serviceAction, true)).fields.get("cdb"))
                .isEqualTo("SERVICE ACTION IN(16) service action 0x11");
        byte[] op = pdu(0x10, 0, 0, 0, 0, 0x1A, 0x80, 1, 0, 0, 0, new byte[0], 0);
        assertThat(decoder().send(from(op, true)).summary).isEqualTo("iSCSI opcode 0x1a itt 0x00000001");
        byte[] bidi = pdu(0x1C, 0xcafe01, 0x8000000000009000L, 0xfeedbeefL, 0, 0x01, 0xE1, 0x80000007L, 4096, 0x53, 0,
                new byte[0], 0);
        assertThat(decoder().send(from(bidi, true)).summary).isEqualTo("iSCSI SCSI Command operation 0x53 itt 0x80000007, "
                + "4096 octets, Write STag 0x00cafe01 at 0x8000000000009000, Read STag 0xfeedbeef at 0x0");
    }

    @Test
    void helloAndHelloReplyAreDecodedAndRecognised() {
        byte[] hello = new byte[28];
        hello[0] = 0x20;
        hello[1] = (byte) 0xAA;
        hello[3] = 16;
        UlpMessage h = decoder().send(from(hello, true));
        assertThat(h.summary).isEqualTo("iSER Hello: MaxVer 10, MinVer 10, iSER-IRD 16");
        assertThat(h.problems).isEmpty();
        assertThat(new Iser().recognizes(from(hello, true))).isTrue();
        assertThat(new Iser().recognizes(from(hello, false))).isFalse();
        byte[] reply = hello.clone();
        reply[0] = 0x31;
        assertThat(decoder().send(from(reply, false)).summary).isEqualTo("iSER Hello Reply: MaxVer 10, CurVer 10, iSER-ORD 16, rejected");
    }

    @Test
    void boundsOutsideTheBufferAndShortPrivateDataAreProblems() {
        byte[] b = new byte[20];
        Ulp.Decoder d = decoder();
        assertThat(d.send(new UlpInput(b, 10, 100, 100, true, 3, 0, 0, 0)).problems).isNotEmpty();
        assertThat(d.send(new UlpInput(null, 0, 0, 0, true, 3, 0, 0, 0)).problems).isNotEmpty();
        assertThat(new Iser().recognizes(new UlpInput(b, 10, 100, 100, true, 3, 0, 0, 0))).isFalse();
        for (int n = 0; n < 4; n++) {
            assertThat(d.privateData(new byte[] {(byte) 0x80, 0, 0, 0}, 0, n, true).problems).isNotEmpty();
        }
        assertThat(d.privateData(b, 18, 4, true).problems).isNotEmpty();
    }
}
