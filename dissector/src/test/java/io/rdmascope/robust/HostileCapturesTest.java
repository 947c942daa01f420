package io.rdmascope.robust;

import static io.rdmascope.robust.Wire.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile and broken files through the real command line. Every file must end either in one line
 * {@code rdmascope: FILE: reason} with exit status 2, or in a complete analysis (0 or 1) — never
 * in a stack trace, an internal error, a hang or an exhausted heap.
 */
class HostileCapturesTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** What a file must end in. */
    enum Expect { REFUSED, ANALYSED, EITHER }

    record Case(String name, Expect expect, Function<Path, Path> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case file(String name, Expect e, java.util.function.Supplier<byte[]> bytes) {
        return new Case(name, e, d -> write(d.resolve(name.replaceAll("[^A-Za-z0-9_.-]", "_") + ".pcap"), bytes.get()));
    }

    static Path write(Path p, byte[] b) {
        try {
            return Files.write(p, b);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Stream<Case> cases() {
        List<Case> c = new ArrayList<>();
        byte[] good = connection(untagged(0x41, 3, 0, 1, 0, new byte[16]));
        c.add(file("good-baseline", Expect.ANALYSED, () -> good));
        c.add(file("not-a-capture", Expect.REFUSED, () -> "hello, this is text and not a capture\n".getBytes()));
        c.add(file("empty", Expect.REFUSED, () -> new byte[0]));
        c.add(file("one-octet", Expect.REFUSED, () -> new byte[] {(byte) 0xd4}));
        c.add(file("gzip", Expect.REFUSED, () -> new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0}));
        for (int cut : new int[] {4, 10, 23}) {
            c.add(file("pcap-header-cut-" + cut, Expect.REFUSED, () -> Arrays.copyOf(good, cut)));
        }
        for (int cut : new int[] {8, 20, 27}) {
            c.add(file("pcapng-header-cut-" + cut, Expect.REFUSED, () -> Arrays.copyOf(pcapng(good), cut)));
        }
        Random r = new Random(7);
        for (int i = 0; i < 12; i++) {
            int cut = 24 + r.nextInt(good.length - 24);
            c.add(file("record-cut-at-" + cut, Expect.ANALYSED, () -> Arrays.copyOf(good, cut)));
        }
        c.add(file("captured-beyond-snaplen", Expect.ANALYSED,
                () -> concat(good, new Pcap(ETHERNET, 100).raw(200, 200, new byte[200]).bytes(), new byte[0])));
        c.add(file("captured-0xffffffff", Expect.ANALYSED,
                () -> concat(good, Arrays.copyOfRange(new Pcap().raw(-1, -1, new byte[64]).bytes(), 24, 24 + 80))));
        c.add(file("captured-huge-snaplen-0", Expect.ANALYSED,
                () -> new Pcap(ETHERNET, 0).raw(0x7fffffff, 0x7fffffff, new byte[100]).bytes()));
        c.add(file("original-smaller-than-captured", Expect.ANALYSED,
                () -> new Pcap().raw(60, 3, frame(1, 2, 3, 4, 5, 6, 0x10, new byte[6])).bytes()));
        c.add(file("unknown-link-type", Expect.EITHER, () -> new Pcap(0xbeef, 65535).record(new byte[60]).bytes()));
        c.add(file("raw-ip-link-garbage", Expect.EITHER, () -> new Pcap(101, 65535).record(new byte[] {0x45, 0, 0, 1}).bytes()));
        c.add(file("ethernet-too-short", Expect.ANALYSED, () -> new Pcap().record(new byte[5]).record(new byte[0]).bytes()));
        c.add(file("ip-header-length-lies", Expect.ANALYSED, () -> new Pcap().record(ipLies()).bytes()));
        c.add(file("pcapng-block-length-lies", Expect.EITHER, () -> lyingPcapng(pcapng(good), 0x7ffffff0)));
        c.add(file("pcapng-block-length-small", Expect.EITHER, () -> lyingPcapng(pcapng(good), 4)));
        c.add(file("pcapng-block-length-unaligned", Expect.EITHER, () -> lyingPcapng(pcapng(good), 33)));
        c.add(file("pcapng-good", Expect.ANALYSED, () -> pcapng(good)));
        c.add(file("pcapng-bad-interface", Expect.EITHER, () -> badInterface(pcapng(good))));
        // FPDU and DDP level
        c.add(file("fpdu-length-lies-long", Expect.ANALYSED,
                () -> stream(fpdu(untagged(0x41, 3, 0, 1, 0, new byte[8]), 0xfff0))));
        c.add(file("fpdu-length-lies-short", Expect.ANALYSED,
                () -> stream(fpdu(untagged(0x41, 3, 0, 1, 0, new byte[40]), 3), fpdu(untagged(0x41, 3, 0, 2, 0, new byte[4])))));
        c.add(file("fpdu-length-zero", Expect.ANALYSED, () -> stream(fpdu(new byte[0]), fpdu(new byte[0]))));
        c.add(file("garbage-in-stream", Expect.ANALYSED, () -> stream(fpdu(untagged(0x41, 3, 0, 1, 0, new byte[8])),
                random(1, 3000), fpdu(untagged(0x41, 3, 0, 2, 0, new byte[8])))));
        c.add(file("only-garbage-after-handshake", Expect.ANALYSED, () -> stream(random(2, 20000))));
        c.add(file("markers-pointing-nowhere", Expect.ANALYSED, HostileCapturesTest::badMarkers));
        c.add(file("ddp-sv-too-short", Expect.ANALYSED, () -> connection(untagged(0x41 | 0x20, 3, 0, 1, 0, new byte[2]))));
        c.add(file("ddp-sv-ab-too-short", Expect.ANALYSED, () -> connection(untagged(0x41 | 0x30, 3, 0, 1, 0, new byte[10]))));
        c.add(file("ddp-ab-without-sv", Expect.ANALYSED, () -> connection(untagged(0x41 | 0x10, 3, 0, 1, 0, new byte[20]))));
        c.add(file("ddp-header-cut", Expect.ANALYSED, () -> connection(new byte[] {(byte) 0x81, 0x40, 0})));
        c.add(file("ddp-tagged-cut", Expect.ANALYSED, () -> connection(new byte[] {(byte) 0xc1, 0x40, 0, 0, 0, 1, 0})));
        c.add(file("rdmap-read-request-cut", Expect.ANALYSED, () -> connection(untagged(0x41, 1, 1, 1, 0, new byte[7]))));
        c.add(file("rdmap-terminate-cut", Expect.ANALYSED, () -> connection(untagged(0x41, 7, 2, 1, 0, new byte[1]))));
        c.add(file("rdmap-unknown-opcode-version", Expect.ANALYSED,
                () -> connection(new byte[] {(byte) 0x41, (byte) 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})));
        c.add(file("msn-gaps-everywhere", Expect.ANALYSED, HostileCapturesTest::msnGaps));
        c.add(file("initiation-huge-length", Expect.ANALYSED,
                () -> connection(initiation(1, 0x1234, -1L, -1, 0xff), tagged(0xc1, 0x1234, -2L, new byte[8]))));
        c.add(file("huge-record", Expect.ANALYSED, () -> new Pcap(ETHERNET, 262144)
                .record(frame(1, 2, 3, 4, 5, 0, 0x18, random(3, 262144 - 54))).bytes()));
        c.add(file("mpa-request-cut", Expect.ANALYSED, () -> {
            Tcp t = new Tcp();
            return new Pcap().record(t.syn()).record(t.synAck()).record(t.data(true, Arrays.copyOf(mpaFrame(true, true), 9)))
                    .bytes();
        }));
        c.add(file("mpa-private-data-length-lies", Expect.ANALYSED, () -> {
            Tcp t = new Tcp();
            byte[] req = mpaFrame(true, true);
            req[18] = (byte) 0xff;
            req[19] = (byte) 0xff;
            req[17] = 2;
            return new Pcap().record(t.syn()).record(t.synAck()).record(t.data(true, req)).record(t.data(true, random(4, 900)))
                    .bytes();
        }));
        // RoCEv2: headers cut, lengths that lie, pads past the payload, PSNs wrapping, floods
        int a = 0x0a000001, b = 0x0a000002;
        c.add(file("roce-bth-cut", Expect.ANALYSED, () -> new Pcap()
                .record(Arrays.copyOf(roce(a, b, 0x04, 0, 17, 1, new byte[0], -1), 14 + 20 + 8 + 5)).bytes()));
        c.add(file("roce-udp-length-lies", Expect.ANALYSED, () -> new Pcap()
                .record(roce(a, b, 0x04, 0, 17, 1, new byte[8], 0xffff))
                .record(roce(a, b, 0x04, 0, 17, 2, new byte[8], 9)).bytes()));
        c.add(file("roce-pad-past-payload", Expect.ANALYSED, () -> new Pcap()
                .record(roce(a, b, 0x04, 3, 17, 1, new byte[2], -1)).bytes()));
        c.add(file("roce-reth-cut", Expect.ANALYSED, () -> new Pcap()
                .record(roce(a, b, 0x0a, 0, 17, 1, new byte[7], -1))
                .record(roce(a, b, 0x0c, 0, 17, 2, new byte[15], -1)).bytes()));
        c.add(file("roce-psn-wraparound", Expect.ANALYSED, () -> {
            Pcap pcap = new Pcap();
            for (long psn = 0xfffffcL; psn < 0x1000004L; psn++) {
                pcap.record(roce(a, b, 0x04, 0, 17, psn, new byte[16], -1));
                pcap.record(roce(b, a, 0x11, 0, 18, psn, new byte[] {0x1f, 0, 0, 1}, -1));
            }
            return pcap.bytes();
        }));
        c.add(file("roce-qp-flood", Expect.ANALYSED, () -> {
            Pcap pcap = new Pcap();
            Random q = new Random(3);
            for (int i = 0; i < 6000; i++) {
                pcap.record(roce(a + q.nextInt(64), b, 0x04, 0, q.nextInt(1 << 24), q.nextInt(1 << 24), new byte[4], -1));
            }
            return pcap.bytes();
        }));
        c.add(file("roce-outstanding-read-flood", Expect.ANALYSED, () -> {
            Pcap pcap = new Pcap();
            for (int i = 0; i < 20000; i++) {
                byte[] reth = java.nio.ByteBuffer.allocate(16).putLong(0x1000L * i).putInt(0x1234).putInt(1 << 20).array();
                pcap.record(roce(a, b, 0x0c, 0, 17, (long) i * 1024, reth, -1));
            }
            return pcap.bytes();
        }));
        c.add(file("roce-garbage-after-bth", Expect.ANALYSED, () -> {
            Pcap pcap = new Pcap();
            Random g = new Random(5);
            for (int i = 0; i < 500; i++) {
                byte[] rest = new byte[g.nextInt(80)];
                g.nextBytes(rest);
                pcap.record(roce(a, b, g.nextInt(256), g.nextInt(4), g.nextInt(4), g.nextInt(1 << 24), rest, -1));
            }
            return pcap.bytes();
        }));
        c.add(file("synth-sample", Expect.ANALYSED, Wire::synthSample));
        for (int snap : new int[] {64, 80, 100}) {
            c.add(file("synth-snaplen-" + snap, Expect.ANALYSED, () -> snap(synthSample(), snap)));
        }
        for (int i = 0; i < 6; i++) {
            long seed = i;
            c.add(file("synth-flipped-" + i, Expect.EITHER, () -> flip(synthSample(), seed, 1 + (int) seed * 7)));
        }
        for (Path real : realCaptures()) {
            String n = real.getFileName().toString().replace(".pcap", "");
            for (int snap : new int[] {64, 100}) {
                c.add(file(n + "-snaplen-" + snap, Expect.ANALYSED, () -> snap(read(real), snap)));
            }
            for (int i = 0; i < 3; i++) {
                long seed = 100 + i;
                int flips = 3 + i * 20;
                c.add(file(n + "-flipped-" + i, Expect.EITHER, () -> flip(read(real), seed, flips)));
            }
            c.add(file(n + "-scrambled", Expect.EITHER, () -> scramble(read(real), 9, 40)));
        }
        // upper-layer messages that advertise STags (NFS/RDMA, NVMe/RDMA, iSER, SMB Direct, rping,
        // perftest), damaged: lying counts and lengths, headers cut, descriptors past the message
        for (Path ulp : ulpCaptures()) {
            String n = ulp.getFileName().toString().replace(".pcap", "");
            for (int i = 0; i < 3; i++) {
                long seed = 200 + i;
                int flips = 2 + i * 6;
                c.add(file(n + "-flipped-" + i, Expect.EITHER, () -> flip(read(ulp), seed, flips)));
            }
            c.add(file(n + "-scrambled", Expect.EITHER, () -> scramble(read(ulp), 11, 12)));
            c.add(file(n + "-snaplen-90", Expect.ANALYSED, () -> snap(read(ulp), 90)));
        }
        c.add(new Case("folder-without-captures", Expect.REFUSED, d -> {
            try {
                return Files.createDirectories(d.resolve("empty-folder"));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }));
        c.add(new Case("missing-path", Expect.REFUSED, d -> d.resolve("no-such-file.pcap")));
        return c.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void endsCleanly(Case c) throws Exception {
        Path f = c.make.apply(dir);
        for (String[] args : List.of(
                new String[] {"analyze", f.toString()},
                new String[] {"analyze", "--format", "json", "--fail-on", "error", f.toString()},
                new String[] {"dissect", f.toString()},
                new String[] {"dissect", "--format", "json", f.toString()},
                new String[] {"dissect", "-Y", "violation || ddp.malformed", f.toString()})) {
            Run run = run(args);
            String what = c.name + " " + String.join(" ", args) + "\n" + run.err;
            run.assertClean(what);
            if (c.expect == Expect.REFUSED) {
                assertThat(run.status).as(what).isEqualTo(2);
                assertThat(run.err).as(what).startsWith("rdmascope: " + f + ": ").doesNotContain("reading stopped early");
                assertThat(run.err.lines().count()).as(what).isEqualTo(1);
                assertThat(run.err.indexOf(f.toString(), run.err.indexOf(f.toString()) + 1)).as("file named once: " + what)
                        .isEqualTo(-1);
            } else if (c.expect == Expect.ANALYSED) {
                assertThat(run.status).as(what).isIn(0, 1);
            } else if (run.status == 2) {
                assertThat(run.err).as(what).startsWith("rdmascope: " + f + ": ");
                assertThat(run.err.lines().count()).as(what).isEqualTo(1);
            }
            if (run.status != 2 && args[1].equals("--format")) {
                new ObjectMapper().readTree(run.out);
            }
        }
    }

    @Test
    void damagedFramesSayWhy() throws Exception {
        Path svShort = write(dir.resolve("sv.pcap"), connection(untagged(0x41 | 0x20, 3, 0, 1, 0, new byte[2])));
        assertThat(run("dissect", "--format", "json", svShort.toString()).out).contains("\"malformed\":\"segment too short");
        Path cut = write(dir.resolve("cut.pcap"), snap(connection(untagged(0x41, 3, 0, 1, 0, new byte[200])), 100));
        Run r = run("dissect", "--format", "json", cut.toString());
        assertThat(r.out).containsAnyOf("truncated", "gap", "issues");
        Path lies = write(dir.resolve("lies.pcap"), stream(fpdu(untagged(0x41, 3, 0, 1, 0, new byte[8]), 0xfff0)));
        assertThat(run("dissect", "--format", "json", lies.toString()).out).contains("issues");
    }

    @Test
    void folderOfGoodAndBadFilesReportsEachAndAnalysesTheGoodOnes() throws Exception {
        Path mixed = Files.createDirectories(dir.resolve("mixed"));
        byte[] good = connection(untagged(0x41, 3, 0, 1, 0, new byte[16]));
        write(mixed.resolve("a-good.pcap"), good);
        write(mixed.resolve("b-empty.pcap"), new byte[0]);
        write(mixed.resolve("c-text.pcapng"), "not a capture".getBytes());
        write(mixed.resolve("d-cut.pcap"), Arrays.copyOf(good, good.length - 5));
        write(mixed.resolve("e-good.pcap"), synthSample());
        Files.createDirectories(mixed.resolve("f-folder.pcap"));
        Run r = run("analyze", "--format", "json", "-j", "2", mixed.toString(), dir.resolve("gone.pcap").toString());
        r.assertClean("mixed folder");
        assertThat(r.status).isEqualTo(2);
        assertThat(r.err.lines()).hasSize(4)
                .anySatisfy(l -> assertThat(l).startsWith("rdmascope: " + mixed.resolve("b-empty.pcap") + ": "))
                .anySatisfy(l -> assertThat(l).startsWith("rdmascope: " + mixed.resolve("c-text.pcapng") + ": "))
                .anySatisfy(l -> assertThat(l).startsWith("rdmascope: " + mixed.resolve("d-cut.pcap") + ": reading stopped early"))
                .anySatisfy(l -> assertThat(l).startsWith("rdmascope: " + dir.resolve("gone.pcap") + ": "));
        var files = new ObjectMapper().readTree(r.out).get("files");
        assertThat(files).hasSize(3);
    }

    /** A separate JVM running the command line, as the launcher starts it, on the classes under test. */
    @Test
    void separateProcessEndsCleanlyOnABadFile() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path bad = write(dir.resolve("bad.pcap"), Arrays.copyOf(good(), 30));
        Path text = write(dir.resolve("text.pcap"), "garbage".getBytes());
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    "io.rdmascope.cli.Main", "analyze", bad.toString(), text.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).isEqualTo(2);
            assertThat(err.lines()).containsExactly(
                    "rdmascope: " + bad + ": reading stopped early: record 1 at offset 0x18 is cut short: header 6 of 16 octets",
                    "rdmascope: " + text + ": not a capture file (magic 0x67617262, neither pcap nor pcapng)");
            assertThat(out + err).doesNotContain("Exception", "\tat ");
        });
    }

    // ------------------------------------------------------------------ running

    record Run(int status, String out, String err) {
        void assertClean(String what) {
            assertThat(status).as(what).isIn(0, 1, 2);
            for (String s : new String[] {out, err}) {
                assertThat(s).as(what).doesNotContain("\tat ", "Exception in thread", "internal error", "OutOfMemoryError",
                        "StackOverflowError");
            }
            err.lines().forEach(l -> assertThat(l).as(what).startsWith("rdmascope: "));
        }
    }

    Run run(String... args) {
        return assertTimeoutPreemptively(HANG_GUARD, () -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        });
    }

    // ------------------------------------------------------------------ generators

    static byte[] good() {
        return connection(untagged(0x41, 3, 0, 1, 0, new byte[16]));
    }

    static byte[] random(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] ipLies() {
        byte[] f = frame(1, 2, 3, 4, 5, 6, 0x10, new byte[4]);
        f[14] = 0x4f; // IHL 60 octets, more than the packet holds
        f[16] = (byte) 0xff; // total length 65535
        f[17] = (byte) 0xff;
        return f;
    }

    /** Converts a little-endian pcap of our own making into pcapng (SHB, one IDB, EPBs). */
    static byte[] pcapng(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        int link = in.getInt(20);
        in.position(24);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(le(28).putInt(0x0a0d0d0a).putInt(28).putInt(0x1a2b3c4d).putShort((short) 1).putShort((short) 0)
                .putLong(-1).putInt(28).array());
        out.writeBytes(le(20).putInt(1).putInt(20).putShort((short) link).putShort((short) 0).putInt(0).putInt(20).array());
        while (in.remaining() >= 16) {
            in.getInt();
            in.getInt();
            int cap = in.getInt();
            int orig = in.getInt();
            if (cap < 0 || cap > in.remaining()) {
                break;
            }
            byte[] d = new byte[cap];
            in.get(d);
            int padded = (cap + 3) & ~3;
            int len = 32 + padded;
            ByteBuffer b = le(len).putInt(6).putInt(len).putInt(0).putInt(0).putInt(0).putInt(cap).putInt(orig).put(d);
            b.position(len - 4);
            b.putInt(len);
            out.writeBytes(b.array());
        }
        return out.toByteArray();
    }

    /** Makes the third block (the first packet) state {@code length} at its start. */
    static byte[] lyingPcapng(byte[] ng, int length) {
        ByteBuffer.wrap(ng).order(ByteOrder.LITTLE_ENDIAN).putInt(48 + 4, length);
        return ng;
    }

    /** Points the first packet block at interface 0xffffffff. */
    static byte[] badInterface(byte[] ng) {
        ByteBuffer.wrap(ng).order(ByteOrder.LITTLE_ENDIAN).putInt(48 + 8, -1);
        return ng;
    }

    /** A handshake that asks for markers, then FPDUs whose markers point outside any FPDU. */
    static byte[] badMarkers() {
        Tcp t = new Tcp();
        Pcap p = new Pcap();
        p.record(t.syn()).record(t.synAck());
        byte[] req = mpaFrame(true, true);
        req[16] |= (byte) 0x80;
        byte[] rep = mpaFrame(false, true);
        rep[16] |= (byte) 0x80;
        p.record(t.data(true, req)).record(t.data(false, rep));
        byte[] body = new byte[4096];
        ByteBuffer b = ByteBuffer.wrap(body);
        for (int at = 0; at + 4 <= body.length; at += 512) {
            b.putShort(at, (short) 0).putShort(at + 2, (short) 0xfffc);
        }
        for (int at = 4; at + 300 < body.length; at += 512) {
            b.putShort(at, (short) 1000);
        }
        for (int i = 0; i < body.length; i += 1400) {
            p.record(t.data(true, Arrays.copyOfRange(body, i, Math.min(body.length, i + 1400))));
        }
        return p.bytes();
    }

    /** Sends whose MSNs jump by large amounts on every queue. */
    static byte[] msnGaps() {
        List<byte[]> u = new ArrayList<>();
        Random r = new Random(5);
        for (int i = 0; i < 200; i++) {
            u.add(untagged(0x41, 3, r.nextInt(4), r.nextInt(), r.nextInt(1 << 20), new byte[4]));
        }
        return connection(u.toArray(new byte[0][]));
    }
}
