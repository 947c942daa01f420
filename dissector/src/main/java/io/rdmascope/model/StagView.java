package io.rdmascope.model;

/**
 * A read-only copy of one STag table row, for display.
 *
 * @param endpoint the IP address of the NIC holding the table
 * @param valid whether the STag is bound to its region now
 * @param rejected the initiation was refused and the region never allocated
 * @param invalidatedFrame the frame that invalidated the STag, or -1
 */
public record StagView(String endpoint, long stag, long to, long length, int access, String connection,
                       String advertiser, boolean valid, boolean rejected, long advertisedFrame,
                       long invalidatedFrame, String transaction) {}
