package io.rdmascope.model;

/**
 * A read-only copy of one queue pair's buffer pool occupancy, for display.
 *
 * @param connection the MPA connection id
 * @param advertiser the endpoint whose regions the pool holds
 * @param allocated regions allocated now (limit {@code buffersPerQp})
 * @param write regions allocated for remote write (limit {@code maxPerOperation})
 * @param read regions allocated for remote read (limit {@code maxPerOperation})
 */
public record PoolView(String connection, String advertiser, int allocated, int write, int read,
                       int buffersPerQp, int maxPerOperation) {}
