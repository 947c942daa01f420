package io.rdmascope.bench;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.synth.BulkCapture;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A soak run of the live monitor, outside the build's tests: a monitor process ({@code rdmascope
 * analyze -i lo} with a ring buffer, metrics and summaries) watches a steady stream of MPA traffic
 * made by {@code synth} and sent over real TCP connections on loopback, opened and closed one after
 * another, every fifth one with a corrupted FPDU (a CRC mismatch); connections silent for 30 s
 * are let go ({@code --idle-timeout 30}). Every minute the monitor's
 * resident memory (VmRSS), its live heap (what a full collection leaves, from {@code jcmd PID
 * GC.class_histogram}, which the monitor's runtime must allow: same user) and its counts are printed.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.rdmascope.bench.Soak [minutes] [MB/s] [launcher]
 * </pre>
 *
 * Defaults: 10 minutes, 20 MB/s, {@code ./rdmascope}. Needs the right to capture on {@code lo}.
 */
public final class Soak {
    private Soak() {}

    /** The two byte streams of a connection: the MPA handshake, then each side's FPDUs. */
    private record Streams(byte[] request, byte[] reply, byte[] client, byte[] server) {}

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        double mbPerSecond = args.length > 1 ? Double.parseDouble(args[1]) : 20;
        String launcher = args.length > 2 ? args[2] : "./rdmascope";
        Path dir = Files.createTempDirectory("rdmascope-soak-");
        Streams clean = streams(dir.resolve("conn.pcap"));
        Streams corrupt = corrupted(clean);
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = listening.getLocalPort();
            Path err = dir.resolve("monitor.err");
            Process monitor = new ProcessBuilder(launcher, "analyze", "--format", "json", "-i", "lo",
                    "-f", "tcp port " + port, "-w", dir.resolve("ring.pcapng").toString(), "-b", "duration:60",
                    "-b", "files:3", "--metrics-port", "0", "--summary-interval", "60", "--idle-timeout", "30")
                    .redirectError(err.toFile()).redirectOutput(dir.resolve("report.json").toFile()).start();
            int metricsPort = await(err, monitor);
            System.out.printf(Locale.ROOT, "monitor pid %d, metrics on %d, %.0f MB/s for %.1f minutes, files in %s%n",
                    monitor.pid(), metricsPort, mbPerSecond, minutes, dir);
            long start = System.nanoTime();
            long end = start + (long) (minutes * 60e9);
            long nextReport = start;
            long sent = 0;
            long connections = 0;
            int minute = 0;
            while (System.nanoTime() < end) {
                if (System.nanoTime() >= nextReport) {
                    System.out.printf(Locale.ROOT, "minute %d: RSS %d MiB, live heap %.1f MiB, %d connections, %d MB sent, %s%n",
                            minute++, rssKiB(monitor.pid()) / 1024, liveHeapBytes(monitor.pid()) / 1048576.0,
                            connections, sent / 1_000_000, counts(metricsPort));
                    nextReport += 60_000_000_000L;
                }
                Streams s = connections % 5 == 4 ? corrupt : clean;
                sent += send(listening, port, s);
                connections++;
                // a steady rate: wait until the bytes sent so far are due
                long due = start + (long) (sent / (mbPerSecond * 1e6) * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            }
            System.out.printf(Locale.ROOT, "end: RSS %d MiB, %d connections, %d MB sent, %s%n",
                    rssKiB(monitor.pid()) / 1024, connections, sent / 1_000_000, counts(metricsPort));
            new ProcessBuilder("kill", "-TERM", Long.toString(monitor.pid())).start().waitFor();
            if (!monitor.waitFor(120, TimeUnit.SECONDS)) {
                monitor.destroyForcibly();
            }
            List<String> lines = Files.readAllLines(err);
            System.out.println("monitor's last lines on standard error:");
            for (String l : lines.subList(Math.max(0, lines.size() - 3), lines.size())) {
                System.out.println("  " + l);
            }
            System.out.println("report: " + Files.size(dir.resolve("report.json")) + " bytes, exit status "
                    + monitor.exitValue());
        }
    }

    /** A connection's streams from a bulk capture of one connection (about 1 MB each way). */
    private static Streams streams(Path file) throws IOException {
        BulkCapture.write(file, 1_000_000, 1, 64, 8000);
        List<byte[]> fromClient = new ArrayList<>();
        List<byte[]> fromServer = new ArrayList<>();
        try (CaptureReader r = Captures.open(file)) {
            PacketDecoder decoder = new PacketDecoder();
            TcpSegment s = new TcpSegment();
            Packet p = new Packet();
            Integer clientPort = null;
            while (r.next(p)) {
                if (!decoder.decode(p, s)) {
                    continue;
                }
                if (clientPort == null) {
                    clientPort = s.source.port();
                }
                if (s.length > 0) {
                    (s.source.port() == clientPort ? fromClient : fromServer)
                            .add(java.util.Arrays.copyOfRange(s.data, s.offset, s.offset + s.length));
                }
            }
        }
        return new Streams(fromClient.remove(0), fromServer.remove(0), join(fromClient), join(fromServer));
    }

    /** The same streams with one octet of an FPDU's payload changed: its CRC no longer holds. */
    private static Streams corrupted(Streams s) {
        byte[] client = s.client.clone();
        client[client.length / 2] ^= 0x5a;
        return new Streams(s.request, s.reply, client, s.server);
    }

    private static byte[] join(List<byte[]> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] c : chunks) {
            out.writeBytes(c);
        }
        return out.toByteArray();
    }

    /** One connection: the handshake in turn, both sides' FPDUs at once, then closed. Returns the bytes sent. */
    private static long send(ServerSocket listening, int port, Streams s) throws Exception {
        try (Socket c = new Socket(InetAddress.getLoopbackAddress(), port); Socket a = listening.accept()) {
            c.getOutputStream().write(s.request);
            new DataInputStream(a.getInputStream()).readFully(new byte[s.request.length]);
            a.getOutputStream().write(s.reply);
            new DataInputStream(c.getInputStream()).readFully(new byte[s.reply.length]);
            CompletableFuture<Void> drainA = CompletableFuture.runAsync(() -> drain(a, s.client.length));
            CompletableFuture<Void> drainC = CompletableFuture.runAsync(() -> drain(c, s.server.length));
            CompletableFuture<Void> serverSends = CompletableFuture.runAsync(() -> write(a, s.server));
            write(c, s.client);
            serverSends.get();
            drainA.get();
            drainC.get();
        }
        return s.request.length + s.reply.length + s.client.length + s.server.length;
    }

    private static void write(Socket socket, byte[] data) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(data);
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void drain(Socket socket, long bytes) {
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[1 << 16];
            long left = bytes;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    break;
                }
                left -= n;
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Waits for the monitor to capture and serve its metrics; returns the port. */
    private static int await(Path err, Process monitor) throws Exception {
        Pattern p = Pattern.compile("Metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics");
        while (true) {
            String text = Files.exists(err) ? Files.readString(err) : "";
            Matcher m = p.matcher(text);
            if (m.find() && text.contains("Capturing on")) {
                return Integer.parseInt(m.group(1));
            }
            if (!monitor.isAlive()) {
                throw new IllegalStateException("the monitor ended: " + text);
            }
            Thread.sleep(100);
        }
    }

    private static long rssKiB(long pid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (l.startsWith("VmRSS:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process is gone
        }
        return -1;
    }

    /**
     * The monitor's heap after a full collection: the total of its class histogram (which
     * collects first), or -1 when {@code jcmd} cannot tell.
     */
    private static long liveHeapBytes(long pid) {
        try {
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            p.waitFor();
            Matcher m = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)").matcher(out);
            return m.find() ? Long.parseLong(m.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** frames, dropped, violations and transactions from the monitor's metrics. */
    private static String counts(int port) {
        try {
            String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
            return "frames " + (long) sum(body, "rdmascope_frames_total") + ", dropped "
                    + (long) sum(body, "rdmascope_capture_dropped_total") + ", transactions "
                    + (long) sum(body, "rdmascope_transactions_total") + ", violations "
                    + (long) sum(body, "rdmascope_violations_total") + ", capture loss "
                    + (long) sum(body, "rdmascope_capture_loss_total");
        } catch (Exception e) {
            return "metrics unavailable: " + e;
        }
    }

    private static double sum(String body, String name) {
        double s = 0;
        for (String l : body.lines().toList()) {
            if (l.startsWith(name + " ") || l.startsWith(name + "{")) {
                s += Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1));
            }
        }
        return s;
    }
}
