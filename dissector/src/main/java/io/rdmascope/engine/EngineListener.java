package io.rdmascope.engine;

/** Receives the engine's findings as they are made. */
public interface EngineListener {
    void violation(Violation violation);

    /** A transaction ended (completed, aborted, or left incomplete at the end of the capture). */
    void transaction(Transaction transaction);
}
