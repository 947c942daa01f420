package io.rdmascope.engine;

/** Receives the engine's findings as they are made. */
public interface EngineListener {
    void violation(Violation violation);

    /** A transaction ended (completed, aborted, or left incomplete at the end of the capture). */
    void transaction(Transaction transaction);

    /**
     * Whether this listener wants the model's narration ({@link #step}); asked once, when the
     * engine is built, so that no narration text is built for listeners that do not want it.
     */
    default boolean wantsSteps() {
        return false;
    }

    /**
     * One step of the NIC/driver model, for teaching: what the host's driver or its NIC did
     * because of a frame ("NIC places 1400 B at TO 0x10000 of STag 0x00001234").
     *
     * @param endpoint the endpoint whose driver or NIC acts ("10.0.0.1:40000")
     * @param actor "driver" or "NIC"
     */
    default void step(long frame, String endpoint, String actor, String text) {}

    /**
     * {@link #step(long, String, String, String)} with the connection the step happened on ("c1"),
     * or null when it concerns no one connection; by default the connection is left out.
     */
    default void step(long frame, String connection, String endpoint, String actor, String text) {
        step(frame, endpoint, actor, text);
    }

    /**
     * A connection of a transport other than iWARP (a RoCE queue pair) the engine judges from now
     * on; told again when its set-up completes. For listeners that read its counters as it goes.
     */
    default void transportConnection(io.rdmascope.rdma.RdmaConnection connection) {}

    /**
     * Both listeners, {@code first} first: findings go to both, and a step to each that wants
     * steps.
     */
    static EngineListener both(EngineListener first, EngineListener second) {
        boolean firstSteps = first.wantsSteps();
        boolean secondSteps = second.wantsSteps();
        return new EngineListener() {
            @Override
            public void violation(Violation violation) {
                first.violation(violation);
                second.violation(violation);
            }

            @Override
            public void transaction(Transaction transaction) {
                first.transaction(transaction);
                second.transaction(transaction);
            }

            @Override
            public void transportConnection(io.rdmascope.rdma.RdmaConnection connection) {
                first.transportConnection(connection);
                second.transportConnection(connection);
            }

            @Override
            public boolean wantsSteps() {
                return firstSteps || secondSteps;
            }

            @Override
            public void step(long frame, String endpoint, String actor, String text) {
                step(frame, null, endpoint, actor, text);
            }

            @Override
            public void step(long frame, String connection, String endpoint, String actor, String text) {
                if (firstSteps) {
                    first.step(frame, connection, endpoint, actor, text);
                }
                if (secondSteps) {
                    second.step(frame, connection, endpoint, actor, text);
                }
            }
        };
    }
}
