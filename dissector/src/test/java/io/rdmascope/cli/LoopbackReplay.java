package io.rdmascope.cli;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
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
 * Sends the TCP payloads of a sample capture again, in order and each way, over a real TCP
 * connection between two sockets on 127.0.0.1: the same iWARP conversation (MPA handshake, FPDUs)
 * on the loopback interface, for live-capture tests.
 */
final class LoopbackReplay implements AutoCloseable {
    private record Chunk(boolean fromClient, byte[] data) {}

    private final List<Chunk> chunks = new ArrayList<>();
    private final ServerSocket server;

    LoopbackReplay(Path capture) throws IOException {
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
                    chunks.add(new Chunk(s.source.port() == clientPort, Arrays.copyOfRange(s.data, s.offset, s.offset + s.length)));
                }
            }
        }
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** The port the server side listens on (for a capture filter). */
    int port() {
        return server.getLocalPort();
    }

    /** Connects, sends every payload (each read whole by the other side before the next), closes. */
    void run() throws IOException {
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
