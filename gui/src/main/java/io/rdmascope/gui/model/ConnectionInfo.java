package io.rdmascope.gui.model;

/** An MPA connection: its id ("c1") and its two endpoints as text. */
public record ConnectionInfo(String id, String initiator, String responder) {
    public String label() {
        return id + "  " + initiator + " \u2194 " + responder;
    }
}
