package io.rdmascope.ulp.smb;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** Hand-made SMB2 messages in SMB Direct data transfer messages (little-endian, as on the wire). */
public final class SmbMessages {
    private SmbMessages() {}

    public static final int READ = 8, WRITE = 9, CREATE = 5, CLOSE = 6, CANCEL = 12;

    /** An SMB2 header. */
    public static ByteBuffer header(int command, int flags, long messageId, long status, int nextCommand, int size) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0xfe, 'S', 'M', 'B'}).putShort((short) 64).putShort((short) 1).putInt((int) status)
                .putShort((short) command).putShort((short) 1).putInt(flags).putInt(nextCommand).putLong(messageId)
                .putLong(0).putLong(0x1234).put(new byte[16]);
        return b;
    }

    /** An SMB2 READ (or WRITE) request whose channel information holds the given descriptors (offset, token, length). */
    public static byte[] readWrite(boolean read, long messageId, int channel, long[][] descriptors, int infoOffset, int infoLength) {
        int size = 64 + 48 + descriptors.length * 16;
        ByteBuffer b = header(read ? READ : WRITE, 0, messageId, 0, 0, size);
        long total = Arrays.stream(descriptors).mapToLong(d -> d[2]).sum();
        if (read) {
            b.putShort((short) 49).put((byte) 0).put((byte) 0).putInt((int) total).putLong(0).put(new byte[16])
                    .putInt(1).putInt(channel).putInt(0).putShort((short) infoOffset).putShort((short) infoLength);
        } else {
            b.putShort((short) 49).putShort((short) 0).putInt(0).putLong(0).put(new byte[16]).putInt(channel)
                    .putInt((int) total).putShort((short) infoOffset).putShort((short) infoLength).putInt(0);
        }
        for (long[] d : descriptors) {
            b.putLong(d[0]).putInt((int) d[1]).putInt((int) d[2]);
        }
        return b.array();
    }

    public static byte[] read(long messageId, long[]... descriptors) {
        return readWrite(true, messageId, 1, descriptors, 112, descriptors.length * 16);
    }

    /** An SMB Direct data transfer message carrying {@code data} at offset 24. */
    public static byte[] transfer(byte[] data, long remaining) {
        ByteBuffer b = ByteBuffer.allocate(24 + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 255).putShort((short) 1).putShort((short) 0).putShort((short) 0).putInt((int) remaining)
                .putInt(data.length == 0 ? 0 : 24).putInt(data.length).putInt(0).put(data);
        return b.array();
    }

    /** CREATE, READ (of the descriptors' buffers) and CLOSE compounded, MessageIds first to first + 2. */
    public static byte[] createReadClose(long first, long[]... descriptors) {
        ByteBuffer create = header(CREATE, 0, first, 0, 120, 120);
        byte[] r = read(first + 1, descriptors).clone();
        ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN).putInt(20, pad8(r.length));
        ByteBuffer close = header(CLOSE, 0x4, first + 2, 0, 0, 88);
        byte[] joined = new byte[120 + pad8(r.length) + 88];
        System.arraycopy(create.array(), 0, joined, 0, 120);
        System.arraycopy(r, 0, joined, 120, r.length);
        System.arraycopy(close.array(), 0, joined, 120 + pad8(r.length), 88);
        return joined;
    }

    /** A successful SMB2 response to one command: its header (from the server) and 16 octets of body. */
    public static byte[] response(int command, long messageId) {
        return header(command, 1, messageId, 0, 0, 80).array();
    }

    public static int pad8(int n) {
        return n + (8 - n % 8) % 8;
    }
}
