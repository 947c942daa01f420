package io.rdmascope.ulp.rpc;

import static io.rdmascope.ulp.rpc.Xdr.NFS;
import static io.rdmascope.ulp.rpc.Xdr.RDMA_DONE;
import static io.rdmascope.ulp.rpc.Xdr.RDMA_ERROR;
import static io.rdmascope.ulp.rpc.Xdr.RDMA_MSG;
import static io.rdmascope.ulp.rpc.Xdr.RDMA_NOMSG;
import static io.rdmascope.ulp.rpc.Xdr.header;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** RPC-over-RDMA version 1 messages written by hand, one rule of RFC 8166, 5531 or the NFS specs each. */
class RpcRdmaTest {
    static final long XID = 0x5c1d2e3fL;
    final RpcRdma rpc = new RpcRdma();
    final Ulp.Decoder decoder = rpc.decoder();

    UlpMessage send(UlpInput in) {
        return decoder.send(in);
    }

    static Xdr nfs4Call(int minor, int numops) {
        return header(XID, RDMA_MSG).noChunks().call(XID, NFS, 4, 1).compound(minor, numops);
    }

    @Test
    void isTheRpcProtocolOnTheNfsRdmaPort() {
        assertThat(rpc.name()).isEqualTo("rpc");
        assertThat(rpc.ports()).containsExactly(20049);
    }

    @Test
    void aCompoundCallIsNamedByItsOperations() {
        UlpMessage m = send(nfs4Call(1, 3).sequence().putfh().u32(25).fixed(16).u64(0).u32(4096).fromClient());
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(m.correlation).isEqualTo(XID);
        assertThat(m.fields).containsExactly(
                java.util.Map.entry("xid", "0x5c1d2e3f"), java.util.Map.entry("program", 100003L),
                java.util.Map.entry("version", 4L), java.util.Map.entry("procedure", "NFSv4.1 COMPOUND: SEQUENCE PUTFH READ"));
        assertThat(m.summary).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH READ, xid 0x5c1d2e3f");
        assertThat(m.problems).isEmpty();
        assertThat(m.advertisements).isEmpty();
    }

    @Test
    void nfsv3AndOtherProgramsAreNamedByTheirNumbers() {
        Xdr read = header(XID, RDMA_MSG).end().u32(1).chunk(0x1234, 8192, 0x7000).end().end()
                .call(XID, NFS, 3, 6).opaque(new byte[32]).u64(0).u32(8192);
        UlpMessage m = send(read.fromClient());
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv3 READ");
        assertThat(m.advertisements).containsExactly(
                new Advertisement(0x1234, 0x7000, 8192, Advertisement.REMOTE_WRITE, "write chunk"));

        assertThat(send(header(XID, RDMA_MSG).noChunks().call(XID, NFS, 3, 0).fromClient()).fields.get("procedure"))
                .isEqualTo("NULL");
        assertThat(send(header(XID, RDMA_MSG).noChunks().call(XID, NFS, 3, 99).fromClient()).fields.get("procedure"))
                .isEqualTo("NFSv3 procedure 99");
        UlpMessage acl = send(header(XID, RDMA_MSG).noChunks().call(XID, 100227, 3, 1).fromClient());
        assertThat(acl.fields.get("procedure")).isEqualTo("program 100227 procedure 1");
        assertThat(acl.summary).isEqualTo("program 100227 procedure 1, xid 0x5c1d2e3f");
        assertThat(send(header(XID, RDMA_MSG).noChunks().call(XID, NFS, 4, 0).fromClient()).summary)
                .isEqualTo("NFSv4 NULL, xid 0x5c1d2e3f");
    }

    @Test
    void everySegmentOfEveryChunkOfACallIsAdvertised() {
        Xdr call = header(XID, RDMA_MSG)
                .readSegment(180, 0xa1, 65536, 0x10000).readSegment(180, 0xa2, 4096, 0x90000).end()
                .u32(1).chunk(0xb1, 4096, 0x20000, 0xb2, 8192, 0x30000).u32(1).chunk(0xc1, 100, 0x40000).end()
                .u32(1).chunk(0xd1, 4240, 0x50000)
                .call(XID, NFS, 4, 1).compound(1, 0);
        UlpMessage m = send(call.fromClient());
        assertThat(m.advertisements).containsExactly(
                new Advertisement(0xa1, 0x10000, 65536, Advertisement.REMOTE_READ, "read chunk (position 180)"),
                new Advertisement(0xa2, 0x90000, 4096, Advertisement.REMOTE_READ, "read chunk (position 180)"),
                new Advertisement(0xb1, 0x20000, 4096, Advertisement.REMOTE_WRITE, "write chunk"),
                new Advertisement(0xb2, 0x30000, 8192, Advertisement.REMOTE_WRITE, "write chunk"),
                new Advertisement(0xc1, 0x40000, 100, Advertisement.REMOTE_WRITE, "write chunk"),
                new Advertisement(0xd1, 0x50000, 4240, Advertisement.REMOTE_WRITE, "reply chunk"));
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND with no operations");
    }

    @Test
    void aWriteWhoseDataIsInAReadChunkIsSteppedOverToTheNextOperation() {
        Xdr rpcMessage = new Xdr().call(XID, NFS, 4, 1).compound(1, 4).sequence().putfh().write(new byte[262144], false);
        int position = rpcMessage.size();
        rpcMessage.getattr();
        Xdr call = header(XID, RDMA_MSG).readSegment(position, 0x8f0c2302L, 262144, 0x7e77000).end().end().end()
                .append(rpcMessage);
        UlpMessage m = send(call.fromClient());
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE GETATTR");
        assertThat(m.problems).isEmpty();
        assertThat(m.advertisements).containsExactly(new Advertisement(0x8f0c2302L, 0x7e77000, 262144,
                Advertisement.REMOTE_READ, "read chunk (position " + position + ")"));
    }

    @Test
    void positionsOfLaterReadChunksCountTheDataOfEarlierOnes() {
        // Two WRITEs of 5 octets each, both moved out: the second chunk's position counts the first's
        // data with its XDR padding (8 octets) as if it were still inline.
        Xdr rpcMessage = new Xdr().call(XID, NFS, 4, 1).compound(1, 5).sequence().putfh().write(new byte[5], false);
        int first = rpcMessage.size();
        rpcMessage.write(new byte[5], false);
        int second = rpcMessage.size() + 8;
        rpcMessage.getattr();
        Xdr call = header(XID, RDMA_MSG).readSegment(second, 2, 5, 0x2000).readSegment(first, 1, 5, 0x1000)
                .end().end().end().append(rpcMessage);
        UlpMessage m = send(call.fromClient());
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE WRITE GETATTR");
        assertThat(m.problems).isEmpty();
    }

    @Test
    void aWriteWithItsDataInlineSkipsTheDataAndItsPadding() {
        UlpMessage m = send(nfs4Call(1, 4).sequence().putfh().write(new byte[13], true).getattr().fromClient());
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE GETATTR");
        assertThat(m.problems).isEmpty();
    }

    @Test
    void anOperationThatCannotBeSteppedOverEndsTheNamesAndTheRestIsUnknown() {
        // COPY (NFSv4.2) is named but its arguments are not described: GETATTR after it is not found.
        UlpMessage copy = send(nfs4Call(2, 4).sequence().putfh().u32(60).fixed(64).getattr().fromClient());
        assertThat(copy.fields.get("procedure")).isEqualTo("NFSv4.2 COMPOUND: SEQUENCE PUTFH COPY, 1 more unknown");
        assertThat(copy.problems).isEmpty();
        // An operation number no minor version defines.
        UlpMessage unknown = send(nfs4Call(1, 3).sequence().u32(999).getattr().fromClient());
        assertThat(unknown.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE UNKNOWN(999), 1 more unknown");
        // OPEN with a claim type outside open_claim_type4.
        UlpMessage open = send(nfs4Call(1, 3).sequence().u32(18).u32(0).u32(1).u32(0).u64(7).string("owner").u32(0)
                .u32(9).getattr().fromClient());
        assertThat(open.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE OPEN, 1 more unknown");
    }

    @Test
    void aNumberOfOperationsThatTheMessageDoesNotHoldIsAProblem() {
        UlpMessage m = send(nfs4Call(1, 5).sequence().putfh().fromClient());
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH, 3 more unknown");
        assertThat(m.problems).containsExactly("COMPOUND numops is 5 but the operations run past the end of the message");
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
    }

    @Test
    void aMessageCutOffByWhatWasKeptIsNamedAsFarAsItGoesWithoutAProblem() {
        byte[] b = nfs4Call(1, 3).sequence().putfh().write(new byte[9000], true).bytes();
        int kept = UlpInput.MAX_HEAD;
        UlpMessage m = send(UlpInput.send(Arrays.copyOf(b, kept), 0, kept, b.length, true, 3, 0));
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE");
        assertThat(m.problems).isEmpty();
    }

    @Test
    void theCallbackProgramIsNamedWhicheverWayItTravels() {
        Xdr cb = header(XID, RDMA_MSG).noChunks().call(XID, CallNames.NFS4_CALLBACK, 1, 1)
                .string("").u32(1).u32(0).u32(2)
                .u32(11).fixed(16).u32(1).u32(0).u32(0).u32(0).u32(0) // CB_SEQUENCE, no referring calls
                .u32(4).fixed(16).u32(0).opaque(new byte[20]); // CB_RECALL
        UlpMessage m = send(cb.fromServer());
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 CB_COMPOUND: CB_SEQUENCE CB_RECALL");
        UlpMessage reply = send(header(XID, RDMA_MSG).noChunks().acceptedReply(XID, 0).fromClient());
        assertThat(reply.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(send(header(XID, RDMA_MSG).noChunks().call(XID, CallNames.NFS4_CALLBACK, 1, 0).fromServer()).summary)
                .isEqualTo("NFSv4 callback NULL, xid 0x5c1d2e3f");
    }

    @Test
    void aCallbackProgramNamedInCreateSessionIsLearned() {
        long program = 0x40000123L;
        Xdr cb = header(XID, RDMA_MSG).noChunks().call(XID, program, 1, 1).string("").u32(1).u32(0).u32(1)
                .u32(10).u32(3); // CB_RECALL_SLOT
        assertThat(send(cb.fromServer()).fields.get("procedure")).isEqualTo("program 1073742115 procedure 1");
        Xdr channel = new Xdr().u32(0).u32(4096).u32(4096).u32(4096).u32(8).u32(16).u32(0);
        send(nfs4Call(1, 1).u32(43).u64(1).u32(1).u32(3).append(channel).append(channel).u32(program)
                .u32(1).u32(0).fromClient());
        assertThat(send(cb.fromServer()).fields.get("procedure")).isEqualTo("NFSv4.1 CB_COMPOUND: CB_RECALL_SLOT");
    }

    @Test
    void rpcsecGssIntegrityIsSteppedIntoAndPrivacyIsNot() {
        Xdr integrity = header(XID, RDMA_MSG).noChunks().u32(XID).u32(0).u32(2).u32(NFS).u32(4).u32(1)
                .u32(6).u32(24).u32(1).u32(0).u32(7).u32(2).opaque(new byte[4]) // RPCSEC_GSS DATA, integrity
                .u32(6).opaque(new byte[8]) // verifier
                .u32(40).u32(7) // databody_integ length, seq_num
                .compound(1, 1).u32(44).fixed(16);
        assertThat(send(integrity.fromClient()).fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: DESTROY_SESSION");
        Xdr privacy = header(XID, RDMA_MSG).noChunks().u32(XID).u32(0).u32(2).u32(NFS).u32(4).u32(1)
                .u32(6).u32(24).u32(1).u32(0).u32(7).u32(3).opaque(new byte[4]).u32(6).opaque(new byte[8])
                .opaque(new byte[64]);
        assertThat(send(privacy.fromClient()).fields.get("procedure"))
                .isEqualTo("NFSv4 COMPOUND (arguments encrypted, RPCSEC_GSS privacy)");
        Xdr init = header(XID, RDMA_MSG).noChunks().u32(XID).u32(0).u32(2).u32(NFS).u32(4).u32(0)
                .u32(6).u32(20).u32(1).u32(1).u32(0).u32(1).opaque(new byte[0]).u32(0).u32(0).opaque(new byte[40]);
        assertThat(send(init.fromClient()).fields.get("procedure")).isEqualTo("NULL (RPCSEC_GSS_INIT)");
    }

    @Test
    void aCallInAChunkIsStillACallWithTheTransportXid() {
        Xdr call = header(XID, RDMA_NOMSG).readSegment(0, 0x11, 3000, 0x1000).readSegment(0, 0x12, 2000, 0x9000).end()
                .end().u32(1).chunk(0x13, 8192, 0x20000);
        UlpMessage m = send(call.fromClient());
        assertThat(m.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(m.correlation).isEqualTo(XID);
        assertThat(m.fields).containsOnlyKeys("xid", "procedure");
        assertThat(m.fields.get("procedure")).isEqualTo("RPC call in a chunk");
        assertThat(m.summary).isEqualTo("RPC call in a read chunk, xid 0x5c1d2e3f");
        assertThat(m.advertisements).extracting(Advertisement::what)
                .containsExactly("read chunk (position 0)", "read chunk (position 0)", "reply chunk");
        assertThat(m.problems).isEmpty();
    }

    @Test
    void repliesEchoTheirChunksAndAdvertiseNothing() {
        UlpMessage chunked = send(header(XID, RDMA_NOMSG).end().end().u32(1).chunk(0x13, 300, 0x20000, 0x14, 12, 0x30000)
                .fromServer());
        assertThat(chunked.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(chunked.correlation).isEqualTo(XID);
        assertThat(chunked.summary).isEqualTo("reply in the reply chunk, xid 0x5c1d2e3f, reply chunk: 312 B written");
        assertThat(chunked.advertisements).isEmpty();
        assertThat(chunked.fields).isEmpty();

        UlpMessage inline = send(header(XID, RDMA_MSG).end().u32(1).chunk(0x15, 22, 0x40000).end().end()
                .acceptedReply(XID, 0).fromServer());
        assertThat(inline.summary).isEqualTo("reply, accepted, xid 0x5c1d2e3f, write chunk: 22 B written");
        assertThat(inline.advertisements).isEmpty();
    }

    @Test
    void repliesSayWhetherTheCallWasAcceptedAndWhyNot() {
        assertThat(reply(new Xdr().acceptedReply(XID, 1))).isEqualTo("reply, accepted: PROG_UNAVAIL, xid 0x5c1d2e3f");
        assertThat(reply(new Xdr().acceptedReply(XID, 2).u32(2).u32(3)))
                .isEqualTo("reply, accepted: PROG_MISMATCH (versions 2 to 3), xid 0x5c1d2e3f");
        assertThat(reply(new Xdr().acceptedReply(XID, 4))).isEqualTo("reply, accepted: GARBAGE_ARGS, xid 0x5c1d2e3f");
        assertThat(reply(new Xdr().u32(XID).u32(1).u32(1).u32(1).u32(5)))
                .isEqualTo("reply, denied: AUTH_ERROR (AUTH_TOOWEAK), xid 0x5c1d2e3f");
        assertThat(reply(new Xdr().u32(XID).u32(1).u32(1).u32(0).u32(2).u32(2)))
                .isEqualTo("reply, denied: RPC_MISMATCH (versions 2 to 2), xid 0x5c1d2e3f");
    }

    String reply(Xdr rpcReply) {
        UlpMessage m = send(header(XID, RDMA_MSG).noChunks().append(rpcReply).fromServer());
        assertThat(m.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(m.problems).isEmpty();
        return m.summary;
    }

    @Test
    void rdmaErrorAnswersTheCallWithItsXid() {
        UlpMessage vers = send(header(XID, RDMA_ERROR).u32(1).u32(1).u32(1).fromServer());
        assertThat(vers.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(vers.correlation).isEqualTo(XID);
        assertThat(vers.summary).isEqualTo("RDMA_ERROR ERR_VERS (versions 1 to 1), xid 0x5c1d2e3f");
        assertThat(send(header(XID, RDMA_ERROR).u32(2).fromServer()).summary).isEqualTo("RDMA_ERROR ERR_CHUNK, xid 0x5c1d2e3f");
        UlpMessage unknown = send(header(XID, RDMA_ERROR).u32(3).fromServer());
        assertThat(unknown.problems).containsExactly("rdma_err is neither ERR_VERS (1) nor ERR_CHUNK (2)");
        assertThat(rpc.recognizes(header(XID, RDMA_ERROR).u32(3).fromServer())).isFalse();
    }

    @Test
    void rdmaDoneNeitherCallsNorReplies() {
        UlpMessage m = send(header(XID, RDMA_DONE).fromClient());
        assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(m.summary).isEqualTo("RDMA_DONE (no longer used), xid 0x5c1d2e3f");
        assertThat(rpc.recognizes(header(XID, RDMA_DONE).fromClient())).isTrue();
    }

    @Test
    void whatDoesNotHoldTogetherIsSaid() {
        UlpMessage otherXid = send(header(XID, RDMA_MSG).noChunks().call(XID + 1, NFS, 3, 1).fromClient());
        assertThat(otherXid.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(otherXid.problems).containsExactly("the RPC message's XID 0x5c1d2e40 is not rdma_xid 0x5c1d2e3f");

        UlpMessage readListInReply = send(header(XID, RDMA_MSG).readSegment(0, 1, 10, 0).end().end().end()
                .acceptedReply(XID, 0).fromServer());
        assertThat(readListInReply.problems).containsExactly("a reply carries a read list (only calls have read chunks)");
        assertThat(readListInReply.advertisements).isEmpty();

        UlpMessage pastTheEnd = send(header(XID, RDMA_MSG).u32(1).u32(0).u32(1).fromClient());
        assertThat(pastTheEnd.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(pastTheEnd.problems).containsExactly("the RPC-over-RDMA header runs past the end of the message");

        UlpMessage notABoolean = send(header(XID, RDMA_MSG).u32(2).fromClient());
        assertThat(notABoolean.problems).containsExactly("a chunk list holds an XDR boolean that is neither 0 nor 1");

        UlpMessage version2 = send(new Xdr().u32(XID).u32(2).u32(32).u32(0).fromClient());
        assertThat(version2.problems).containsExactly("rdma_vers is 2: only version 1 is decoded");
        assertThat(version2.correlation).isEqualTo(XID);

        UlpMessage nowhere = send(header(XID, RDMA_NOMSG).noChunks().fromServer());
        assertThat(nowhere.problems).containsExactly(
                "RDMA_NOMSG with neither a read list nor a reply chunk: the RPC message is in no chunk");

        UlpMessage notPositionZero = send(header(XID, RDMA_NOMSG).readSegment(8, 1, 10, 0).end().end().end().fromClient());
        assertThat(notPositionZero.problems).containsExactly(
                "an RDMA_NOMSG call without a Position-Zero Read chunk (the call is in no chunk)");

        UlpMessage noRpc = send(header(XID, RDMA_MSG).noChunks().u32(XID).fromClient());
        assertThat(noRpc.problems).containsExactly("the RPC message header runs past the end of the message");
        assertThat(noRpc.role).isEqualTo(UlpMessage.Role.NONE);
    }

    @Test
    void recognizesOnlyWellFormedVersionOneHeaders() {
        assertThat(rpc.recognizes(nfs4Call(1, 1).sequence().fromClient())).isTrue();
        assertThat(rpc.recognizes(header(XID, RDMA_NOMSG).end().end().u32(1).chunk(1, 2, 3).fromServer())).isTrue();
        assertThat(rpc.recognizes(header(XID, RDMA_ERROR).u32(2).fromServer())).isTrue();

        assertThat(rpc.recognizes(new Xdr().u32(XID).u32(2).u32(32).u32(0).noChunks().fromClient())).as("version 2").isFalse();
        assertThat(rpc.recognizes(header(XID, 5).fromClient())).as("procedure 5").isFalse();
        assertThat(rpc.recognizes(header(XID, RDMA_MSG).u32(1).u32(0).fromClient())).as("list past the end").isFalse();
        assertThat(rpc.recognizes(header(XID, RDMA_MSG).u32(3).fromClient())).as("discriminator 3").isFalse();
        assertThat(rpc.recognizes(header(XID, RDMA_MSG).noChunks().call(XID + 1, NFS, 4, 0).fromClient()))
                .as("RPC XID differs").isFalse();
        assertThat(rpc.recognizes(header(XID, RDMA_MSG).noChunks().u32(XID).u32(7).fromClient()))
                .as("neither call nor reply").isFalse();
        assertThat(rpc.recognizes(header(XID, RDMA_MSG).noChunks().fromClient())).as("no RPC message").isFalse();
        assertThat(rpc.recognizes(new Xdr().u32(XID).fromClient())).as("12 octets").isFalse();
    }

    @Test
    void connectionDataIsRecognizedByItsMagic() {
        byte[] pd = {(byte) 0xf6, (byte) 0xab, 0x0e, 0x18, 1, 1, 3, 7};
        assertThat(rpc.recognizesPrivateData(pd, 0, pd.length, true)).isTrue();
        assertThat(decoder.privateData(pd, 0, pd.length, true).summary)
                .isEqualTo("RPC-over-RDMA connection data, version 1: inline send 4096 B, receive 8192 B, "
                        + "Send with Invalidate accepted");
        byte[] other = {(byte) 0xf6, (byte) 0xab, 0x0e, 0x19, 1, 1, 3, 7};
        assertThat(rpc.recognizesPrivateData(other, 0, other.length, true)).isFalse();
        assertThat(decoder.privateData(other, 0, other.length, true)).isNull();
        assertThat(rpc.recognizesPrivateData(pd, 0, 7, true)).isFalse();
    }
}
