package io.rdmascope.gui.model;

/**
 * One MPA message of a connection as the flow graph draws it: an MPA Request or Reply, or a DDP
 * segment (Send, RDMA Write, Read Request, Read Response, Terminate...).
 *
 * @param fromInitiator whether the connection's initiator sent it
 * @param text the message as the packet list's Info column writes it: opcode and key fields
 */
public record FlowMessage(long frame, long timeNanos, boolean fromInitiator, String text) {}
