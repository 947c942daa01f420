package io.rdmascope.gui.model;

/**
 * A captured record as the file holds it, for the hex view and for writing frames out again.
 *
 * @param linkType LINKTYPE_* value of the tcpdump.org registry
 * @param data the captured octets (a copy)
 */
public record RawFrame(long frame, long timestampNanos, int linkType, int originalLength, byte[] data) {}
