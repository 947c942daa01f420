package io.rdmascope.engine;

/**
 * Settings of the NIC model and of judging.
 *
 * @param buffersPerQp regions a queue pair may hold advertised at once
 * @param maxPerOperation regions of one operation type (remote write, remote read) at once
 * @param strict unadvertised STags are errors instead of info
 */
public record NicSettings(int buffersPerQp, int maxPerOperation, boolean strict) {
    public static final NicSettings DEFAULTS = new NicSettings(64, 32, false);
}
