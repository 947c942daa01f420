package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.testing.Loopback;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ring buffers ({@code -b}) of live captures on the loopback interface: files named as dumpcap
 * names them, changed after a duration, on the clock's interval, after a size or a count of
 * frames, the oldest deleted past {@code files:N}; each one a pcapng file that ends with the
 * capture's interface statistics.
 */
class LiveRingBufferTest {
    private static final Pattern NAME = Pattern.compile("ring_(\\d{5})_(\\d{14})\\.pcapng");

    @TempDir
    Path dir;

    @BeforeAll
    static void loopbackCanBeCaptured() {
        Loopback.assumeCapturable();
    }

    /** The ring's files, by number. */
    private List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> NAME.matcher(p.getFileName().toString()).matches()).sorted().toList();
        }
    }

    private static int number(Path p) {
        Matcher m = NAME.matcher(p.getFileName().toString());
        assertThat(m.matches()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    /** The frames the command said it captured. */
    static long captured(LiveCaptureTest.Running r) {
        Matcher m = Pattern.compile("(\\d+) frames? captured").matcher(r.err());
        assertThat(m.find()).as(r.err()).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** The block types of a pcapng file, in order (little-endian, as written). */
    static List<Integer> blocks(Path file) throws Exception {
        return blocks(file, new ArrayList<>());
    }

    /** The block types of a pcapng file, their lengths added to {@code lengths}. */
    static List<Integer> blocks(Path file, List<Integer> lengths) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> types = new ArrayList<>();
        while (b.remaining() >= 12) {
            int type = b.getInt(b.position());
            int length = b.getInt(b.position() + 4);
            assertThat(length).as(file + " block length").isGreaterThanOrEqualTo(12).isLessThanOrEqualTo(b.remaining());
            assertThat(b.getInt(b.position() + length - 4)).as("trailing length").isEqualTo(length);
            types.add(type);
            lengths.add(length);
            b.position(b.position() + length);
        }
        assertThat(b.remaining()).as(file + " ends with a whole block").isZero();
        return types;
    }

    /** Frames of a capture file, checking that it reads to its end without a problem. */
    static long frames(Path file) throws Exception {
        long n = 0;
        try (CaptureReader r = Captures.open(file)) {
            Packet p = new Packet();
            while (r.next(p)) {
                n++;
            }
            assertThat(r.problem()).as(file.toString()).isNull();
        }
        return n;
    }

    /** Each file: a section header, an interface, the frames, then the interface statistics. */
    private static long checkFile(Path file) throws Exception {
        List<Integer> types = blocks(file);
        assertThat(types.get(0)).isEqualTo(0x0a0d0d0a);
        assertThat(types.get(1)).isEqualTo(1);
        assertThat(types.get(types.size() - 1)).as(file + " ends with an ISB").isEqualTo(5);
        assertThat(types.subList(2, types.size() - 1)).allMatch(t -> t == 6);
        return frames(file);
    }

    @Test
    void filesizeAndFilesKeepTheNewestFiles() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path ring = dir.resolve("ring.pcapng");
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("capture", "-i", "lo", "-f", replay.filter(),
                        "-w", ring.toString(), "-b", "filesize:2", "-b", "files:3");
                r.awaitCapturing();
                for (int i = 0; i < 4; i++) {
                    replay.run();
                }
                Thread.sleep(300);
                Live.stopAll();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                assertThat(r.err()).containsPattern("\\d+ frames captured, 0 dropped");
            }
            List<Path> files = files();
            assertThat(files).hasSize(3);
            assertThat(ring).doesNotExist();
            int first = number(files.get(0));
            assertThat(first).isGreaterThan(1);
            for (int i = 0; i < files.size(); i++) {
                assertThat(number(files.get(i))).isEqualTo(first + i);
                checkFile(files.get(i));
                if (i < files.size() - 1) {
                    // a file is changed after the record that takes it past 2 kB (its statistics come after)
                    List<Integer> lengths = new ArrayList<>();
                    blocks(files.get(i), lengths);
                    int records = lengths.subList(0, lengths.size() - 1).stream().mapToInt(Integer::intValue).sum();
                    assertThat(records).isGreaterThanOrEqualTo(2000);
                    assertThat(records - lengths.get(lengths.size() - 2)).isLessThan(2000);
                }
            }
        });
    }

    @Test
    void durationChangesFilesWithOrWithoutTraffic() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path ring = dir.resolve("ring.pcapng");
            long captured;
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("capture", "-i", "lo", "-f", replay.filter(),
                        "-w", ring.toString(), "-b", "duration:1", "-a", "duration:3.5");
                r.awaitCapturing();
                replay.run();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                captured = captured(r);
            }
            List<Path> files = files();
            assertThat(files).hasSizeBetween(3, 5);
            long frames = 0;
            for (int i = 0; i < files.size(); i++) {
                assertThat(number(files.get(i))).isEqualTo(i + 1);
                frames += checkFile(files.get(i));
            }
            assertThat(captured).isPositive();
            assertThat(frames).isEqualTo(captured);
        });
    }

    @Test
    void intervalChangesFilesOnTheClock() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path ring = dir.resolve("ring.pcapng");
            LiveCaptureTest.Running r = new LiveCaptureTest.Running("capture", "-i", "lo", "-f", "tcp port 9",
                    "-w", ring.toString(), "-b", "interval:1", "-a", "duration:2.5");
            assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
            List<Path> files = files();
            assertThat(files).hasSizeBetween(3, 4);
            List<String> stamps = new ArrayList<>();
            for (Path f : files) {
                checkFile(f);
                Matcher m = NAME.matcher(f.getFileName().toString());
                assertThat(m.matches()).isTrue();
                stamps.add(m.group(2));
            }
            // each file after the first begins on a new second
            assertThat(stamps).doesNotHaveDuplicates();
        });
    }

    @Test
    void analyzeAndDissectWriteTheirRingsToo() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            for (String command : List.of("analyze", "dissect")) {
                Path sub = Files.createDirectory(dir.resolve(command));
                Path ring = sub.resolve("ring.pcapng");
                long expected;
                try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                    LiveCaptureTest.Running r = new LiveCaptureTest.Running(command, "-i", "lo", "-f", replay.filter(),
                            "-w", ring.toString(), "-b", "packets:5");
                    r.awaitCapturing();
                    replay.run();
                    Thread.sleep(300);
                    Live.stopAll();
                    assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                    expected = captured(r);
                    if (command.equals("analyze")) {
                        assertThat(r.out()).contains("5 transactions");
                    }
                }
                List<Path> files;
                try (Stream<Path> s = Files.list(sub)) {
                    files = s.sorted().toList();
                }
                assertThat(files).as(command).hasSize((int) (expected / 5 + 1));
                long frames = 0;
                for (Path f : files) {
                    assertThat(f.getFileName().toString()).matches(NAME.pattern());
                    frames += checkFile(f);
                }
                assertThat(frames).as(command).isEqualTo(expected);
            }
        });
    }

    /** SIGTERM in a separate JVM, as systemd stops a service: every file of the series is whole, none is missing a frame. */
    @Test
    void terminationLeavesEveryFileWhole() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path ring = dir.resolve("ring.pcapng");
            Path err = dir.resolve("err.txt");
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                Path java = Path.of(System.getProperty("java.home"), "bin", "java");
                Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                        "io.rdmascope.cli.Main", "capture", "-i", "lo", "-f", replay.filter(), "-w", ring.toString(),
                        "-b", "duration:0.5")
                        .redirectError(err.toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
                while (!Files.readString(err).contains("Capturing on 'lo'")) {
                    assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
                    Thread.sleep(50);
                }
                Thread.sleep(700);
                replay.run();
                new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            List<Path> files = files();
            assertThat(files).hasSizeGreaterThanOrEqualTo(2);
            long frames = 0;
            for (Path f : files) {
                frames += checkFile(f);
            }
            Matcher m = Pattern.compile("(\\d+) frames captured, 0 dropped").matcher(Files.readString(err));
            assertThat(m.find()).as(Files.readString(err)).isTrue();
            assertThat(frames).isPositive().isEqualTo(Long.parseLong(m.group(1)));
        });
    }

    @Test
    void badRingOptionsAreToldBeforeCapturing() {
        String[][] cases = {
            {"capture", "-i", "lo", "-w", "x.pcapng", "-b", "files:3"},
            {"capture", "-i", "lo", "-w", "-", "-b", "duration:3"},
            {"capture", "-i", "lo", "-w", "x.pcapng", "-b", "size:3"},
            {"capture", "-i", "lo", "-w", "x.pcapng", "-b", "duration:x"},
            {"analyze", "-i", "lo", "-b", "duration:3"},
            {"analyze", "-b", "duration:3", "x.pcap"},
        };
        for (String[] args : cases) {
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int status = Main.run(args, new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                    new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            assertThat(status).as(String.join(" ", args)).isEqualTo(Main.EXIT_INPUT);
            assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).as(String.join(" ", args)).contains("-b");
        }
    }
}
