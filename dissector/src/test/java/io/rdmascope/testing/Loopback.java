package io.rdmascope.testing;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.Packet;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The iWARP conversation of a sample capture sent again over a real TCP connection between two
 * sockets on 127.0.0.1, each TCP payload in order and each way: traffic for live captures on the
 * loopback interface {@code lo}.
 */
public final class Loopback implements AutoCloseable {
    /** A sample with one MPA connection, five transactions and one error. */
    public static final Path SAMPLE = Path.of("..", "samples", "completion-mismatch.pcap");

    /** The TCP payload of one segment, and whether the client (the side of the first SYN) sent it. */
    record Chunk(boolean fromClient, byte[] data) {}

    private final List<Chunk> chunks = new ArrayList<>();
    private final ServerSocket server;

    public Loopback(Path capture) throws IOException {
        chunks.addAll(conversation(capture));
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** The TCP payloads of a capture's one conversation, in order. */
    static List<Chunk> conversation(Path capture) throws IOException {
        List<Chunk> out = new ArrayList<>();
        try (CaptureReader r = Captures.open(capture)) {
            PacketDecoder decoder = new PacketDecoder();
            TcpSegment s = new TcpSegment();
            Packet p = new Packet();
            Integer clientPort = null;
            while (r.next(p)) {
                if (!decoder.decode(p, s)) {
                    continue;
                }
                if (clientPort == null) {
                    clientPort = s.source.port(); // the first segment is the client's SYN
                }
                if (s.length > 0) {
                    out.add(new Chunk(s.source.port() == clientPort,
                            Arrays.copyOfRange(s.data, s.offset, s.offset + s.length)));
                }
            }
        }
        return out;
    }

    /** Why {@code lo} cannot be captured on here (no libpcap, no permission), or null when it can. */
    public static String cannotCapture() {
        try {
            new LiveCaptureReader("lo", null, 1, 0.1).close();
            return null;
        } catch (CaptureException | LinkageError e) {
            return e.getMessage();
        }
    }

    /** Skips the calling test when {@code lo} cannot be captured on here ({@link #cannotCapture}). */
    public static void assumeCapturable() {
        String why = cannotCapture();
        org.junit.jupiter.api.Assumptions.assumeTrue(why == null, "cannot capture on lo: " + why);
    }

    /** The port the server side listens on (for a capture filter). */
    public int port() {
        return server.getLocalPort();
    }

    /** A capture filter that keeps this conversation only. */
    public String filter() {
        return "tcp port " + port();
    }

    /** Connects, sends every payload (each read whole by the other side before the next), closes. */
    public void run() throws IOException {
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port()); Socket accepted = server.accept()) {
            client.setTcpNoDelay(true);
            accepted.setTcpNoDelay(true);
            DataInputStream atServer = new DataInputStream(accepted.getInputStream());
            DataInputStream atClient = new DataInputStream(client.getInputStream());
            for (Chunk c : chunks) {
                (c.fromClient ? client : accepted).getOutputStream().write(c.data);
                (c.fromClient ? atServer : atClient).readFully(new byte[c.data.length]);
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
