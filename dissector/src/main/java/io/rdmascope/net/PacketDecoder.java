package io.rdmascope.net;

import io.rdmascope.capture.Packet;

/** Decodes link, IP and TCP headers of captured packets into TCP segments. */
public final class PacketDecoder {
    /**
     * @return true when {@code packet} holds a TCP segment (then {@code out} is filled); false for
     *     anything else, including IPv4 fragments held until their datagram is complete
     */
    public boolean decode(Packet packet, TcpSegment out) {
        throw new UnsupportedOperationException("not yet");
    }
}
