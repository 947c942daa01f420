package io.rdmascope.net;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import java.util.List;

/** Detail-tree nodes of a frame's link, IP and TCP headers, with offsets into the frame. */
public final class NetFields {
    private NetFields() {}

    /** One node per layer (frame, eth / sll, vlan, ip / ipv6, tcp); never throws on bad bytes. */
    public static List<FieldNode> layers(Packet packet) {
        throw new UnsupportedOperationException("not yet");
    }
}
