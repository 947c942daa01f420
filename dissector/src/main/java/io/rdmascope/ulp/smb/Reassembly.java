package io.rdmascope.ulp.smb;

import java.util.Arrays;
import java.util.List;

/** One direction's fragmented upper-layer message being put together. */
final class Reassembly {
    boolean active;
    boolean intact;
    long remaining;
    long received;
    byte[] data = new byte[0];
    int length;
    int emitted;
    Long firstMessageId;
    String firstCommand;
    boolean firstResponse;
    List<String> firstProblems = List.of();

    void start(long remaining) {
        active = true;
        intact = true;
        this.remaining = remaining;
        received = 0;
        length = 0;
        emitted = 0;
        firstMessageId = null;
    }

    void append(byte[] b, int at, int n, boolean whole) {
        received += n;
        if (!whole || length + n > SmbDirect.MAX_REASSEMBLY) {
            intact = false;
            return;
        }
        if (length + n > data.length) {
            data = Arrays.copyOf(data, Math.max(length + n, Math.min(SmbDirect.MAX_REASSEMBLY, data.length * 2 + 1024)));
        }
        System.arraycopy(b, at, data, length, n);
        length += n;
    }

    void clear() {
        active = false;
        remaining = 0;
        length = 0;
        if (data.length > 65536) {
            data = new byte[0];
        }
    }
}
