package io.rdmascope.gui.model;

import java.util.List;

/**
 * The messages of one MPA connection in order, as Follow MPA Stream and Follow DDP Stream show
 * them.
 *
 * @param connection its id ("c1"), as the display filter's {@code connection} field knows it
 * @param initiator the initiator's address and port, as text
 * @param responder the responder's address and port, as text
 * @param more whether the stream has messages past those listed (the list was cut)
 */
public record FollowedStream(String connection, String initiator, String responder, Layer layer,
                             List<StreamMessage> messages, boolean more) {
    /** What a message is: an MPA unit (FPDU, Request, Reply), or a DDP message. */
    public enum Layer {
        MPA, DDP
    }

    public static FollowedStream empty(String connection, Layer layer) {
        return new FollowedStream(connection, "", "", layer, List.of(), false);
    }
}
