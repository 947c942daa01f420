package io.rdmascope.ulp.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.tcp.Direction;
import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Tshark;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Linux NFSv4.1 client and server over siw (mount, list, reads, a 256 KiB write with fsync,
 * remount, a 200 KiB read): every call named, every reply paired with its call, and every STag the
 * server reads from or writes to advertised by an earlier call of the client.
 */
class RpcRdmaRealCaptureTest {
    static final Path NFS = RealCaptures.file("siw/std_nfs_rdma_mtu1500_tso.pcap");

    /** One Send of the capture and what the connection's decoder made of it. */
    record Decoded(CapturedMessages.Message message, UlpMessage ulp) {}

    /** An RDMA Read Request: the responder reads [sourceTo, +size) of the requester's sourceStag. */
    record ReadRequest(long frame, String connection, boolean fromInitiator, long sourceStag, long sourceTo, long size) {}

    /** An advertisement and where it was made. */
    record Advertised(long frame, String connection, Advertisement advertisement) {}

    static final RpcRdma RPC = new RpcRdma();
    static List<CapturedMessages.Message> messages;
    static List<Decoded> sends;
    static Map<Long, Decoded> byFrame;
    static List<ReadRequest> readRequests;

    @BeforeAll
    static void decode() throws IOException {
        assumeTrue(Files.isRegularFile(NFS), "the real captures are not beside the checkout");
        messages = CapturedMessages.of(NFS);
        Map<String, Ulp.Decoder> decoders = new HashMap<>();
        sends = new ArrayList<>();
        byFrame = new LinkedHashMap<>();
        for (CapturedMessages.Message m : messages) {
            if (m.isSend()) {
                Decoded d = new Decoded(m, decoders.computeIfAbsent(m.connection(), c -> RPC.decoder()).send(m.input()));
                sends.add(d);
                byFrame.put(m.frame(), d);
            }
        }
        readRequests = new ArrayList<>();
        Dissection.run(NFS, null, new PduListener() {
            @Override
            public void pdu(io.rdmascope.mpa.MpaConnection c, io.rdmascope.mpa.Fpdu f, io.rdmascope.pdu.DdpSegment s) {
                if (s != null && s.readRequest != null) {
                    readRequests.add(new ReadRequest(f.frame, c.id(), f.direction == Direction.FROM_INITIATOR,
                            s.readRequest.sourceStag(), s.readRequest.sourceTo(), s.readRequest.readSize()));
                }
            }
        }, null, null);
    }

    static List<Decoded> withRole(UlpMessage.Role role) {
        return sends.stream().filter(d -> d.ulp.role == role).toList();
    }

    @Test
    void everySendIsAWellFormedCallOrReply() {
        assertThat(sends).hasSize(144);
        for (Decoded d : sends) {
            assertThat(RPC.recognizes(d.message.input())).as("frame %d recognized", d.message.frame()).isTrue();
            assertThat(d.ulp.problems).as("frame %d: %s", d.message.frame(), d.ulp.summary).isEmpty();
            assertThat(d.ulp.role).as("frame %d", d.message.frame()).isNotEqualTo(UlpMessage.Role.NONE);
        }
    }

    @Test
    void everyCallIsNamedAndEveryReplyAnswersAnEarlierCall() {
        List<Decoded> calls = withRole(UlpMessage.Role.CALL);
        assertThat(calls).hasSizeGreaterThanOrEqualTo(72);
        Set<String> open = new HashSet<>();
        for (Decoded d : sends) {
            String key = d.message.connection() + "/" + d.ulp.correlation;
            if (d.ulp.role == UlpMessage.Role.CALL) {
                assertThat(d.message.fromInitiator()).as("the client calls, frame %d", d.message.frame()).isTrue();
                assertThat(d.ulp.fields).containsOnlyKeys("xid", "program", "version", "procedure");
                assertThat(d.ulp.fields.get("xid")).isEqualTo(String.format("0x%08x", d.ulp.correlation));
                assertThat(d.ulp.fields.get("program")).isEqualTo(100003L);
                assertThat((String) d.ulp.fields.get("procedure")).matches("NULL|NFSv4\\.1 COMPOUND:( [A-Z_]+)+");
                assertThat(d.ulp.summary).isEqualTo(
                        (d.ulp.fields.get("procedure").equals("NULL") ? "NFSv4 NULL" : d.ulp.fields.get("procedure"))
                                + ", xid " + d.ulp.fields.get("xid"));
                assertThat(open.add(key)).as("xid used once, frame %d", d.message.frame()).isTrue();
            } else {
                assertThat(d.message.fromInitiator()).as("the server replies, frame %d", d.message.frame()).isFalse();
                assertThat(open.remove(key)).as("frame %d answers an open call", d.message.frame()).isTrue();
                assertThat(d.ulp.advertisements).as("a reply advertises nothing").isEmpty();
            }
        }
        assertThat(open).as("calls left unanswered").isEmpty();
    }

    @Test
    void namesTheOperationsOfEachKindOfCall() {
        assertThat(procedure(8)).isEqualTo("NULL");
        assertThat(procedure(10)).isEqualTo("NFSv4.1 COMPOUND: EXCHANGE_ID");
        assertThat(procedure(20)).isEqualTo("NFSv4.1 COMPOUND: CREATE_SESSION");
        assertThat(procedure(24)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTROOTFH SECINFO_NO_NAME");
        assertThat(procedure(48)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH READDIR");
        assertThat(procedure(66)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH OPEN GETFH ACCESS GETATTR");
        assertThat(procedure(59)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH READ");
        // The 256 KiB write: its data is in a read chunk, the GETATTR after it inline.
        assertThat(procedure(71)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE GETATTR");
        // A small write with its data inline.
        assertThat(procedure(633)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE GETATTR");
        assertThat(procedure(1145)).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH GETATTR DELEGRETURN");
        assertThat(procedure(1152)).isEqualTo("NFSv4.1 COMPOUND: DESTROY_SESSION");
        assertThat(procedure(1154)).isEqualTo("NFSv4.1 COMPOUND: DESTROY_CLIENTID");
        assertThat(byFrame.get(71L).ulp.summary).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH WRITE GETATTR, xid 0x32a0ea9b");
    }

    static String procedure(long frame) {
        return (String) byFrame.get(frame).ulp.fields.get("procedure");
    }

    @Test
    void callsAdvertiseTheirChunksAsTsharkShowsThem() {
        assertThat(byFrame.get(10L).ulp.advertisements).containsExactly(
                new Advertisement(0x20205901L, 0x1ea0ea9b07a78000L, 4240, Advertisement.REMOTE_WRITE, "reply chunk"));
        assertThat(byFrame.get(48L).ulp.advertisements).containsExactly(
                new Advertisement(0xf60bd702L, 0x2da0ea9b099d2000L, 104, Advertisement.REMOTE_WRITE, "reply chunk"),
                new Advertisement(0xdf663801L, 0x2da0ea9b098c9058L, 65448, Advertisement.REMOTE_WRITE, "reply chunk"),
                new Advertisement(0x12b0fa01L, 0x2da0ea9b099d2068L, 4, Advertisement.REMOTE_WRITE, "reply chunk"));
        assertThat(byFrame.get(59L).ulp.advertisements).containsExactly(
                new Advertisement(0x284ce101L, 0x2fa0ea9b08af6000L, 4096, Advertisement.REMOTE_WRITE, "write chunk"));
        assertThat(byFrame.get(71L).ulp.advertisements).containsExactly(
                new Advertisement(0x8f0c2302L, 0x32a0ea9b07e77000L, 262144, Advertisement.REMOTE_READ, "read chunk (position 180)"));
        assertThat(byFrame.get(20L).ulp.advertisements).isEmpty();
    }

    @Test
    void repliesSayHowTheyWereSentAndWhatTheyWrote() {
        assertThat(byFrame.get(9L).ulp.summary).isEqualTo("reply, accepted, xid 0x1da0ea9b");
        assertThat(byFrame.get(13L).ulp.summary).isEqualTo("reply in the reply chunk, xid 0x1ea0ea9b, reply chunk: 100 B written");
        assertThat(byFrame.get(52L).ulp.summary).isEqualTo("reply in the reply chunk, xid 0x2da0ea9b, reply chunk: 512 B written");
        assertThat(byFrame.get(61L).ulp.summary).isEqualTo("reply, accepted, xid 0x2fa0ea9b, write chunk: 22 B written");
        assertThat(byFrame.get(1127L).ulp.summary).isEqualTo("reply, accepted, xid 0x3ba0ea9b, write chunk: 131072 B written");
        assertThat(byFrame.get(13L).ulp.correlation).isEqualTo(0x1ea0ea9bL);
    }

    @Test
    void everyStagTheServerUsesWasAdvertisedByAnEarlierCallWithTheRightAccess() {
        List<Advertised> advertised = new ArrayList<>();
        for (Decoded d : sends) {
            for (Advertisement a : d.ulp.advertisements) {
                advertised.add(new Advertised(d.message.frame(), d.message.connection(), a));
            }
        }
        int writes = 0;
        for (CapturedMessages.Message m : messages) {
            if (!m.handshake() && m.opcode() == 0 && !m.fromInitiator()) {
                writes++;
                assertCovered(advertised, m.frame(), m.connection(), m.stag(), m.to(), m.payload().length,
                        Advertisement.REMOTE_WRITE, "RDMA Write");
            }
        }
        for (ReadRequest r : readRequests) {
            assertThat(r.fromInitiator).as("only the server reads, frame %d", r.frame).isFalse();
            assertCovered(advertised, r.frame, r.connection, r.sourceStag, r.sourceTo, r.size, Advertisement.REMOTE_READ,
                    "RDMA Read Request source");
        }
        int invalidations = 0;
        for (Decoded d : sends) {
            if (d.message.invalidateStag() != 0) {
                invalidations++;
                assertThat(advertised).as("frame %d invalidates an STag a call advertised", d.message.frame())
                        .anyMatch(a -> a.frame < d.message.frame() && a.advertisement.stag() == d.message.invalidateStag());
            }
        }
        assertThat(writes).isGreaterThan(20);
        assertThat(readRequests).isNotEmpty();
        assertThat(invalidations).isGreaterThan(10);
    }

    static void assertCovered(List<Advertised> advertised, long frame, String connection, long stag, long to, long length,
                              int access, String what) {
        Advertised latest = null;
        for (Advertised a : advertised) {
            if (a.frame < frame && a.connection.equals(connection) && a.advertisement.stag() == stag) {
                latest = a;
            }
        }
        assertThat(latest).as("%s of frame %d: STag 0x%08x advertised before", what, frame, stag).isNotNull();
        Advertisement a = latest.advertisement;
        assertThat(to).as("%s of frame %d starts in the region of frame %d", what, frame, latest.frame).isGreaterThanOrEqualTo(a.to());
        assertThat(to + length).as("%s of frame %d ends in the region of frame %d", what, frame, latest.frame)
                .isLessThanOrEqualTo(a.to() + a.length());
        assertThat(a.access() & access).as("%s of frame %d: access", what, frame).isEqualTo(access);
    }

    @Test
    void connectionDataOfTheLinuxClientAndServerIsRecognized() {
        List<CapturedMessages.Message> handshakes = messages.stream().filter(CapturedMessages.Message::handshake).toList();
        assertThat(handshakes).hasSize(4);
        for (CapturedMessages.Message h : handshakes) {
            assertThat(RPC.recognizesPrivateData(h.payload(), 0, h.payload().length, h.fromInitiator())).isTrue();
            UlpMessage m = RPC.decoder().privateData(h.payload(), 0, h.payload().length, h.fromInitiator());
            assertThat(m.summary).startsWith("RPC-over-RDMA connection data, version 1: inline send 4096 B, receive 4096 B");
            assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
        }
    }

    /**
     * tshark's rpcordma and nfs dissectors as the oracle: for every Send, the XID; for every call, the
     * chunk segments (handle, length, offset, position) and the operations tshark decodes.
     */
    @Test
    void agreesWithTshark() throws Exception {
        List<String[]> rows = Tshark.fields(NFS, List.of("-E", "occurrence=a", "-E", "aggregator=,"), "frame.number", "rpcordma.xid", "rpcordma.position", "rpcordma.rdma_handle",
                "rpcordma.rdma_length", "rpcordma.rdma_offset", "nfs.opcode");
        assumeTrue(rows != null, "tshark is not available");
        int compared = 0;
        int opsCompared = 0;
        for (String[] row : rows) {
            Decoded d = byFrame.get(Long.parseLong(row[0]));
            if (row[1].isEmpty() || d == null) {
                continue;
            }
            compared++;
            assertThat(d.ulp.correlation).as("frame %s xid", row[0]).isEqualTo(Long.decode(row[1]));
            if (d.ulp.role != UlpMessage.Role.CALL) {
                continue;
            }
            List<String> handles = new ArrayList<>();
            List<String> lengths = new ArrayList<>();
            List<String> offsets = new ArrayList<>();
            List<String> positions = new ArrayList<>();
            for (Advertisement a : d.ulp.advertisements) {
                handles.add(String.format("0x%08x", a.stag()));
                lengths.add(Long.toString(a.length()));
                offsets.add(String.format("0x%016x", a.to()));
                if (a.what().startsWith("read chunk (position ")) {
                    positions.add(a.what().replaceAll("\\D", ""));
                }
            }
            assertThat(String.join(",", handles)).as("frame %s handles", row[0]).isEqualTo(row[3]);
            assertThat(String.join(",", lengths)).as("frame %s lengths", row[0]).isEqualTo(row[4]);
            assertThat(String.join(",", offsets)).as("frame %s offsets", row[0]).isEqualTo(row[5]);
            assertThat(String.join(",", positions)).as("frame %s positions", row[0]).isEqualTo(row[2]);
            String procedure = (String) d.ulp.fields.get("procedure");
            if (!row[6].isEmpty() && procedure.contains(": ")) {
                opsCompared++;
                StringBuilder names = new StringBuilder();
                for (String op : row[6].split(",")) {
                    names.append(' ').append(io.rdmascope.ksy.Nfs.NfsOpnum4.byId(Long.parseLong(op)).name());
                }
                assertThat(procedure.substring(procedure.indexOf(':') + 1)).as("frame %s operations", row[0])
                        .isEqualTo(names.toString());
            }
        }
        assertThat(compared).isEqualTo(144);
        assertThat(opsCompared).isGreaterThan(60);
    }
}
