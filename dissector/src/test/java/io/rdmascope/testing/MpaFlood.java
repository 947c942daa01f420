package io.rdmascope.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The MPA streams of a one-connection capture (as {@code synth}'s bulk captures make them) sent
 * over a real TCP connection on 127.0.0.1 as fast as the sockets take them: the MPA handshake in
 * turn, then each side's bytes written in large blocks without waiting for the other side.
 * Traffic that a live capture cannot keep up with.
 */
public final class MpaFlood implements AutoCloseable {
    private final byte[] request;
    private final byte[] reply;
    private final byte[] client;
    private final byte[] server;
    private final ServerSocket listening;

    public MpaFlood(Path capture) throws IOException {
        List<byte[]> fromClient = new ArrayList<>();
        List<byte[]> fromServer = new ArrayList<>();
        for (Loopback.Chunk c : Loopback.conversation(capture)) {
            (c.fromClient() ? fromClient : fromServer).add(c.data());
        }
        request = fromClient.remove(0);
        reply = fromServer.remove(0);
        client = join(fromClient);
        server = join(fromServer);
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    private static byte[] join(List<byte[]> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] c : chunks) {
            out.writeBytes(c);
        }
        return out.toByteArray();
    }

    /** The port the server side listens on. */
    public int port() {
        return listening.getLocalPort();
    }

    /** Bytes sent each run, both ways. */
    public long bytes() {
        return request.length + reply.length + client.length + server.length;
    }

    /** Connects, exchanges the MPA handshake, floods both ways, closes. */
    public void run() throws Exception {
        try (Socket c = new Socket(InetAddress.getLoopbackAddress(), port()); Socket s = listening.accept()) {
            c.getOutputStream().write(request);
            new DataInputStream(s.getInputStream()).readFully(new byte[request.length]);
            s.getOutputStream().write(reply);
            new DataInputStream(c.getInputStream()).readFully(new byte[reply.length]);
            CompletableFuture<Void> drainAtServer = CompletableFuture.runAsync(() -> drain(s, client.length));
            CompletableFuture<Void> drainAtClient = CompletableFuture.runAsync(() -> drain(c, server.length));
            CompletableFuture<Void> serverSends = CompletableFuture.runAsync(() -> send(s, server));
            send(c, client);
            serverSends.get();
            drainAtServer.get();
            drainAtClient.get();
        }
    }

    private static void send(Socket socket, byte[] data) {
        try {
            OutputStream out = socket.getOutputStream();
            for (int off = 0; off < data.length; off += 1 << 18) {
                out.write(data, off, Math.min(1 << 18, data.length - off));
            }
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

    @Override
    public void close() throws IOException {
        listening.close();
    }
}
