package io.rdmascope.engine;

import io.rdmascope.pdu.PduListener;

/** Judges dissected traffic against the NIC/driver model; reports to an {@link EngineListener}. */
public final class Engine implements PduListener {
    public Engine(NicSettings settings, EngineListener listener) {
    }
}
